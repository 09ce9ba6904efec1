/**
 * The order files start in: the longest first, so the workers finish together rather than one
 * running a long file alone at the end. Vitest orders by the durations of the last run when its
 * cache has them, but a fresh clone (and CI) has none, and it then starts the largest files first,
 * which put the benchmarks (over a minute) last. The files below are the longest of a run on two
 * cores, longest first (the replicas, workers and resident-memory files, which ran alone before,
 * placed by their CPU time measured alone; publisher-input, whose refresh round runs in its
 * beforeAll, by its whole time); the rest follow in Vitest's own order. A long file left out would
 * run last, nearly alone, so test/sequencer.test.ts finds files that run an ingest or start the
 * service as a process of its own and are not placed here.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST = [
  'test/ingest/refresh.test.ts',
  'test/bench/benches.test.ts',
  'test/api/sweep.test.ts',
  'test/server/webhooks.test.ts',
  'test/ingest/source-checks.test.ts',
  'test/security/publisher-input.test.ts',
  'test/server/replicas.test.ts',
  'test/server/workers.test.ts',
  'test/server/explorer.test.ts',
  'test/cli/shutdown.test.ts',
  'test/server/engines-down.test.ts',
  'test/cli/serve.test.ts',
  'test/ingest/build.test.ts',
  'test/security/resident-memory.test.ts',
  'test/server/docs-page.test.ts',
  'test/server/graphiql.test.ts',
  'test/server/webhook-targets.test.ts',
];

/** The project whose files each run in a process of their own (vitest.config.ts). */
export const OWN_PROCESS_PROJECT = 'own-process';

/**
 * Files that run in a process of their own, beside the others:
 *   - the hostile-file rounds measure the peak memory of their process (process.resourceUsage().maxRSS),
 *     and a shared worker's peak is that of every file it ran;
 *   - the event-loop file probes /healthz of a server in its own process, which the heap other files
 *     left behind would collect during its probes.
 * No file runs alone: timing goals are the benchmarks' (`npm run bench*`), and what the tests bound
 * in time (a request cut at its budget, /healthz answering under attack) has room for the other files.
 */
export const OWN_PROCESS = ['test/ingest/hostile-files.test.ts', 'test/server/derived-at-open.test.ts', 'test/security/event-loop.test.ts'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    // Within each project the listed files first; the projects run side by side, the files in
    // processes of their own first (the hostile-file rounds among the longest of a run).
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    // Array sort is stable: files of one rank keep Vitest's order.
    const ownProcessFirst = [...byProject.entries()].sort(([a], [b]) => Number(b === OWN_PROCESS_PROJECT) - Number(a === OWN_PROCESS_PROJECT));
    return ownProcessFirst.flatMap(([, group]) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
