// What `npm ci` runs after installing packages (postinstall): the SQLite driver's native build, beside
// the code generation and compilation that do not need it, so the two overlap on a fresh machine.
//
// better-sqlite3's own install script is denied in package.json (allowScripts): its prebuilt
// binaries come from a host this service's machines cannot reach, and its fallback compiles the
// SQLite amalgamation (one large C file, one core) at -O3. At -O1 the build takes about half the time of
// -O2 and a third of -O3's, for SQLite reads somewhat slower than at -O2 (docs/performance.md);
// most answers are served from the answer cache, and a first answer within two minutes of
// `git clone` matters more.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const driver = path.join(root, 'node_modules/better-sqlite3');
const binding = path.join(driver, 'build/Release/better_sqlite3.node');

async function step(label, file, args, options = {}) {
  const started = Date.now();
  try {
    await run(file, args, { cwd: root, maxBuffer: 64 * 1024 * 1024, ...options });
  } catch (err) {
    process.stderr.write(`${label} failed:\n${err.stdout ?? ''}${err.stderr ?? ''}\n`);
    throw err;
  }
  process.stderr.write(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function buildDriver() {
  // An npm that ran the package's own script (older npm, or an allowScripts entry) already built it.
  if (fs.existsSync(binding)) return;
  const nodeGyp = process.env.npm_config_node_gyp ?? path.join(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js');
  await step('better-sqlite3 (native build)', process.execPath, [nodeGyp, 'rebuild', '--release'], {
    cwd: driver,
    env: { ...process.env, CFLAGS: `-O1 ${process.env.CFLAGS ?? ''}`.trim(), JOBS: 'max' },
  });
}

/** Installed without development packages (`npm ci --omit=dev`), the service runs the dist/ it is shipped with. */
const hasDevPackages = fs.existsSync(path.join(root, 'node_modules/esbuild'));

async function generateAndCompile() {
  await step('prisma generate', process.execPath, ['prisma/generate.mjs']);
  if (!hasDevPackages) {
    process.stderr.write('development packages omitted: no code generation or compilation (serve the dist/ built with them)\n');
    return;
  }
  await step('graphql-codegen', process.execPath, [path.join(root, 'node_modules/@graphql-codegen/cli/esm/bin.js'), '--config', 'codegen.ts']);
  await step('compile to dist/', process.execPath, ['src/build.mjs']);
}

try {
  await Promise.all([buildDriver(), generateAndCompile()]);
} catch {
  process.exit(1);
}
