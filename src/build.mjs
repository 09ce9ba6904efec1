// Compiles the service and its command-line tools to plain JavaScript in dist/ (one ESM bundle per
// entry point, shared code in chunks; packages stay imports), so production runs no TypeScript loader.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { sourceDigest } from './source-digest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: [
    // dist/cli.js is the launcher written below; the command line itself is cli-main.js.
    { in: 'src/cli.ts', out: 'cli-main' },
    'src/holiday-worker.ts',
    'src/ingest-worker.ts',
    'src/bench/http.ts',
    'src/bench/child.ts',
    'src/bench/ingest.ts',
    'src/bench/forecast.ts',
    'src/bench/graphql.ts',
    'src/bench/postgraphile-server.ts',
    'src/bench/workers.ts',
    'src/bench/compression.ts',
    'src/bench/explorer.ts',
    'src/bench/first-answers.ts',
    'src/bench/event-loop.ts',
    'src/bench/startup.ts',
    'src/bench/compare.ts',
  ],
  outbase: 'src',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The launcher: production unless NODE_ENV says otherwise, set before graphql-js is loaded (it
// reads NODE_ENV once, when first imported). Its development-only checks (instanceOf looking up
// each type's name when an instanceof fails) were a tenth of the service's CPU on a query of a
// hundred aliases, for `npm start` and `node dist/cli.js` alike.
fs.writeFileSync(
  path.join(outdir, 'cli.js'),
  'process.env.NODE_ENV ??= "production";\nawait import("./cli-main.js");\n',
);

// The explorer's browser bundle (/explore): src/explorer-ui with uPlot and its stylesheet, minified
// into one script and one stylesheet that the service serves itself (src/server/explorer/).
await build({
  absWorkingDir: root,
  entryPoints: { explorer: 'src/explorer-ui/main.ts' },
  outdir: path.join(outdir, 'explorer'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
// Gzipped here, once, beside each file: the service serves these bytes as they are, so its first
// visitor does not wait for a level-9 compression on the event loop.
for (const name of fs.readdirSync(path.join(outdir, 'explorer'))) {
  const file = path.join(outdir, 'explorer', name);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
}

// Names the source this build was made from (src/ingest/parse-cache.ts keys cached outputs by it).
fs.writeFileSync(path.join(outdir, 'source-digest.txt'), `${sourceDigest(root)}\n`);
