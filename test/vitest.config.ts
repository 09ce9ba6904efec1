import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import LongestFirst from './sequencer';

const require = createRequire(import.meta.url);

/**
 * Files that time the service (/healthz latency under attack, first answers against a country
 * record's, rate windows and revocations across workers and replicas within a second, heavy answers
 * within their time budget, the explorer's first visits within their load budget) run after the rest, one at a time, so the other files do not share the
 * two cores with them. The benchmarks (their ratios are printed, not asserted) run beside the rest.
 */
const ALONE = [
  'test/security/graphql.test.ts',
  'test/security/resident-memory.test.ts',
  'test/security/time-budget.test.ts',
  'test/api/uncached-speed.test.ts',
  'test/server/workers.test.ts',
  'test/server/replicas.test.ts',
  'test/server/explorer.test.ts',
];

/**
 * Files that measure the peak memory of their own process (process.resourceUsage().maxRSS): each
 * runs in a process of its own, since a shared worker's peak is that of every file it ran.
 */
const OWN_PROCESS = ['test/ingest/hostile-files.test.ts'];

/**
 * /healthz latency under attack, with a server in the test's own process: last, in a fresh process,
 * so the heap other files left behind does not collect during its probes.
 */
const LAST = ['test/security/event-loop.test.ts'];

export default defineConfig({
  // One graphql instance: libraries load its CommonJS build, so our code must too.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // Tests that run whole ingests (a release of ~390,000 figures, the national offices' files
    // included) take over a minute on two shared cores.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // The files of a worker share one module graph: the service's modules are transformed and
    // loaded once per worker, not once per file (that was a quarter of the run). No test relies on
    // module state left by another file: each starts its own server over its own data folder.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: [...ALONE, ...OWN_PROCESS, ...LAST], maxWorkers: 3 },
      },
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS, isolate: true, maxWorkers: 1 },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'last', include: LAST, isolate: true, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
