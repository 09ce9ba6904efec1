import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import LongestFirst, { OWN_PROCESS, OWN_PROCESS_PROJECT } from './sequencer';

const require = createRequire(import.meta.url);

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
