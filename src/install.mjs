// What `npm ci` runs after installing packages (postinstall): the SQLite driver's native build, beside
// the code generation and compilation that do not need it, so the two overlap on a fresh machine.
//
// better-sqlite3's own install script is denied in package.json (allowScripts): its prebuilt
// binaries come from a host this service's machines cannot reach, and its fallback compiles the
// SQLite amalgamation at -O3, which costs about 110 s of one core here. Built here at -O2, SQLite's
// own default, it costs about 80 s and serves the same queries (bench figures in the README).
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
    env: { ...process.env, CFLAGS: `${process.env.CFLAGS ?? ''} -O2`.trim(), JOBS: 'max' },
  });
}

async function generateAndCompile() {
  await step('prisma generate', process.execPath, ['prisma/generate.mjs']);
  await step('graphql-codegen', process.execPath, [path.join(root, 'node_modules/@graphql-codegen/cli/esm/bin.js'), '--config', 'codegen.ts']);
  await step('compile to dist/', process.execPath, ['src/build.mjs']);
}

try {
  await Promise.all([buildDriver(), generateAndCompile()]);
} catch {
  process.exit(1);
}
