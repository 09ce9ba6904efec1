/**
 * The speed benchmarks run end to end on the test release, in short turns: `bench:graphql` beside
 * PostGraphile over the same release loaded into the machine's PostgreSQL, and `bench:compression`
 * beside bare node:http servers. What is checked is that they run and compare like with like (the
 * bench itself refuses two servers returning different observations, or a kept answer in the
 * wrong coding); the ratios are printed and saved under test-output/, not asserted, since a test
 * run shares the machine's two cores with other tests and timings say little there.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensurePostgres } from '../helpers/engines';
import { PROJECT_ROOT, TEST_OUTPUT_DIR } from '../helpers/paths';
import { privateDataDir } from '../helpers/server';

let dataDir: string;
beforeAll(async () => {
  await ensurePostgres();
  dataDir = privateDataDir();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs dist/bench/<name>.js to its end; its output, or a rejection with it when it fails. */
function runBench(name: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(PROJECT_ROOT, `dist/bench/${name}.js`)], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
    proc.on('exit', (code) => {
      fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
      fs.writeFileSync(path.join(TEST_OUTPUT_DIR, `bench-${name}.txt`), output);
      if (code === 0) resolve(output);
      else reject(new Error(`bench ${name} exited with ${code}:\n${output}`));
    });
  });
}

it('bench:graphql serves the same observations as PostGraphile and prints both, their ratios and the goals', async () => {
  const output = await runBench('graphql', {
    BENCH_PG_URL: 'postgres://postgres@127.0.0.1:5432/bench_graphql_test',
    BENCH_SECONDS: '0.2',
    BENCH_SAMPLES: '3',
    BENCH_WARMUP_SECONDS: '0.1',
  });
  for (const label of ["every country's headline arrivals since 2015", "one country's series for one year"]) expect(output).toContain(label);
  expect(output.match(/^ +ratio +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d$/gm)).toHaveLength(2);
  expect(output).toMatch(/ours \d+ → \d+ MB, PostGraphile \d+ → \d+ MB/);
  expect(output).toMatch(/^Goals: req\/s ≥ 1× PostGraphile's on both queries: /m);
  // No request failed or timed out under load, on either side.
  expect(output).not.toMatch(/errors\)/);
}, 300_000);

it('bench:compression sends kept answers in each coding beside a bare server and prints the ratios', async () => {
  const output = await runBench('compression', { BENCH_SECONDS: '0.2', BENCH_ROUNDS: '1', BENCH_WARMUP: '0' });
  for (const coding of ['br', 'gzip']) {
    for (const label of ['REST JSON /v1/countries', 'REST CSV /v1/arrivals', 'GraphQL GET country query']) {
      expect(output).toMatch(new RegExp(`^${coding} +${label.replace(/\//g, '\\/')} +\\d+ B +\\d+ req/s +bare +\\d+ req/s +ratio \\d+\\.\\d\\d$`, 'm'));
    }
  }
  expect(output).toMatch(/^Mean of the median ratios \d+\.\d\d \(goal ≥ 0\.95\); lowest \d+\.\d\d$/m);
}, 300_000);

it('bench:startup opens the release and times the first answers of the heavy endpoints', async () => {
  const output = await runBench('startup', {});
  expect(output).toMatch(/^Release opened and listening: \d+ ms/m);
  for (const route of ['/v1/countries/ES', '/v1/gaps', '/v1/countries/ES/brief', '/v1/series/search']) {
    expect(output).toMatch(new RegExp(`^  first ${route.replace(/\//g, '\\/')}\\S*: \\d+ ms \\(\\d+ bytes\\)$`, 'm'));
  }
  expect(output).toMatch(/^Start to the first answers of all four: \d+ ms \(goal: under 1000 ms, (met|NOT met)\)\.$/m);
}, 300_000);
