/**
 * New Zealand's visitor arrivals from Stats NZ's two publications the ingest reads: the Infoshare
 * export (2003 on, by citizenship, dated by its "Last updated" note) and the newest monthly release
 * workbook (the five years to its reference month, dated by the month it was published in). They
 * are two releases of one publisher, put together by release-merge.ts: the newest publication wins
 * for each month it gives, months only the older one gives are retained, and a figure they both give
 * that differs is logged as a revision between Stats NZ's releases. On the same date the workbook,
 * listed last, wins.
 */
import type { RejectedRow } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { mergeReleases, type PublisherRelease } from '../release-merge';
import type { CountryResolver } from './country-resolver';
import { loadInfoshare } from './statsnz';
import { loadStatsNzWorkbook, type StatsNzWorkbook } from './statsnz-workbook';

/** The Infoshare export's output and the workbook as read (null when the folder holds none) → one output. */
export function mergeStatsNz(infoshare: ConnectorOutput, workbook: StatsNzWorkbook | null): ConnectorOutput {
  const reads = [
    { out: infoshare, released: infoshare.tables[0]?.released ?? null, dated: null as string | null },
    ...(workbook ? [{ out: workbook.out, released: workbook.released, dated: workbook.dated }] : []),
  ];
  const rejected: RejectedRow[] = reads.flatMap((r) => r.out.rejected);
  const releases: PublisherRelease[] = [];
  for (const { out, released, dated } of reads) {
    if (released) releases.push({ released, ...(dated ? { dated } : {}), series: out.series, tables: out.tables });
    // Alone, an undated publication needs no ordering; beside another it cannot be ordered, so it is left out, counted.
    else if (reads.length === 1) return out;
    else rejected.push(...out.series.map((s) => ({ table: s.table, row: `${out.tables[0]?.file ?? s.table}: ${s.names.en}`, reason: 'release date not found in the file, so it cannot be ordered against the other publication' })));
  }
  const merged = mergeReleases(releases, 'Stats NZ');
  return { tables: merged.tables, series: merged.series, rejected: [...rejected, ...merged.rejected], reachedByFile: merged.reachedByFile };
}

export function loadStatsNz(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return mergeStatsNz(loadInfoshare(sourcesDir, resolver), loadStatsNzWorkbook(sourcesDir));
}
