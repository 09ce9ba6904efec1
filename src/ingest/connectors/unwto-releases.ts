/**
 * UN Tourism as one source: its "all data" workbooks (25/01/2023, 24/11/2023, the newest fetched)
 * and its topic workbooks (23/12/2025 and later), each read as a release of its own and put
 * together by release-merge.ts: each figure from the newest release that gives it, the publisher's
 * changes between releases retained as source revisions, the series ids those of the "all data" series.
 */
import type { RejectedRow } from '../../domain/types';
import type { AppliedDecision, ConnectorOutput } from '../records';
import { mergeReleases, type PublisherRelease } from '../release-merge';
import type { CountryResolver } from './country-resolver';
import { loadUnwtoWorkbooks } from './unwto';
import { loadUnwtoTopics } from './unwto-topics';

export function loadUnTourism(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const topics = loadUnwtoTopics(sourcesDir, resolver);
  const reads: Array<{ out: ConnectorOutput; released: string | null; what: string }> = [
    ...loadUnwtoWorkbooks(sourcesDir, resolver).map((out) => ({ out, released: out.tables[0]?.released ?? null, what: out.tables[0]?.file ?? 'all data workbook' })),
    { out: topics, released: topics.released, what: 'topic workbooks' },
  ];
  const rejected: RejectedRow[] = [];
  const decisions: AppliedDecision[] = [];
  const releases: PublisherRelease[] = [];
  for (const { out, released, what } of reads) {
    rejected.push(...out.rejected);
    decisions.push(...(out.decisions ?? []));
    // Without its release date a workbook cannot be ordered among the others: its series are left out, counted.
    if (released) releases.push({ released, series: out.series, tables: out.tables });
    else rejected.push(...out.series.map((s) => ({ table: s.table, row: `${what}: ${s.names.en}`, reason: 'release date not found in the workbook, so it cannot be ordered among the releases' })));
  }
  const merged = mergeReleases(releases);
  return { tables: merged.tables, series: merged.series, rejected: [...rejected, ...merged.rejected], decisions, reachedByFile: merged.reachedByFile };
}
