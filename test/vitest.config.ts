import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import LongestFirst, { OWN_PROCESS_PROJECT } from './sequencer';

const require = createRequire(import.meta.url);

/**
 * Files that run in a process of their own, beside the others:
 *   - the hostile-file rounds measure the peak memory of their process (process.resourceUsage().maxRSS),
 *     and a shared worker's peak is that of every file it ran;
 *   - the event-loop file probes /healthz of a server in its own process, which the heap other files
 *     left behind would collect during its probes.
 * No file runs alone: timing goals are the benchmarks' (`npm run bench*`), and what the tests bound
 * in time (a request cut at its budget, /healthz answering under attack) has room for the other files.
 */
const OWN_PROCESS = ['test/ingest/hostile-files.test.ts', 'test/server/derived-at-open.test.ts', 'test/security/event-loop.test.ts'];

/** Test processes at once: three on two cores, since many files wait on servers and browsers. */
const WORKERS = 3;

export default defineConfig({
  // One graphql instance: libraries load its CommonJS build, so our code must too.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // Tests that run whole ingests (a release of ~390,000 figures, the national offices' files
    // included) take over a minute on two shared cores.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // A test that asserts nothing fails: none can pass without checking something.
    expect: { requireAssertions: true },
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // The files of a worker share one module graph: the service's modules are transformed and
    // loaded once per worker, not once per file (that was a quarter of the run). No test relies on
    // module state left by another file: each starts its own server over its own data folder.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: OWN_PROCESS, maxWorkers: WORKERS },
      },
      {
        extends: true,
        // The suite's maxWorkers: Vitest runs a project of one worker that isolates after every other
        // file (groupSpecs), one core idle meanwhile; with the suite's its files run beside the others,
        // each still in a fresh process (isolate), started first by the sequencer.
        test: { name: OWN_PROCESS_PROJECT, include: OWN_PROCESS, isolate: true, maxWorkers: WORKERS },
      },
    ],
  },
});
