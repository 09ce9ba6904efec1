/**
 * One publisher's source present in several of its releases (UN Tourism's "all data" workbooks of
 * 25/01/2023 and 24/11/2023, its topic workbooks of 23/12/2025; Stats NZ's Infoshare export and its
 * monthly release workbook): each figure comes from the newest release that gives it, figures only
 * older releases give are retained, and a figure a later release changed is logged as a source revision
 * with the older value and both release dates.
 */
import { nextPeriod } from '../domain/periods';
import type { ObsStatus, ParsedObservation, ParsedSeries, RejectedRow, SourceRevision, SourceTableInfo } from '../domain/types';
import { aliasOf } from './identifiers';
import { seriesPeriods, type PeriodsByFile } from './period-reached';

export interface PublisherRelease {
  /** The publisher's own release date, YYYY-MM-DD. */
  released: string;
  /** The release's date as the publisher gives it, where that is not a day ('July 2024'); names cite it. */
  dated?: string;
  series: ParsedSeries[];
  tables: SourceTableInfo[];
}

export interface MergedReleases {
  series: ParsedSeries[];
  tables: SourceTableInfo[];
  rejected: RejectedRow[];
  /** The newest period each release's files bring (a table names only its newest release's file). */
  reachedByFile: PeriodsByFile;
}

/** 2025-12-23 → 23/12/2025, as UN Tourism writes its dates. */
export function dayMonthYear(date: string): string {
  return date.split('-').reverse().join('/');
}

/** '1995','1996','1997','2001' → '1995–1997, 2001'; months likewise ('2019-06', '2019-07' → '2019-06–2019-07'). */
export function periodRanges(periods: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < periods.length; i++) {
    let j = i;
    while (j + 1 < periods.length && periods[j + 1] === nextPeriod(periods[j])) j++;
    out.push(j === i ? periods[i] : `${periods[i]}–${periods[j]}`);
    i = j;
  }
  return out.join(', ');
}

const sameUnit = (a: ParsedSeries, b: ParsedSeries) => a.unit === b.unit && a.currency === b.currency && a.scale === b.scale;

interface ReleasedObservation {
  released: string;
  observation: ParsedObservation;
}

/** How names and titles cite a release: the publisher's own words for its date, else DD/MM/YYYY. */
const citedAs = (r: Pick<PublisherRelease, 'released' | 'dated'>) => r.dated ?? dayMonthYear(r.released);

/** One alias's series from each release (oldest first) → one series. */
function mergeSeries(
  versions: Array<{ released: string; dated?: string; series: ParsedSeries }>,
  publisher: string,
  rejected: RejectedRow[],
): ParsedSeries | null {
  const withFigures = versions.filter((v) => v.series.observations.some((o) => o.value !== null));
  const newest = withFigures[withFigures.length - 1];
  if (!newest) return null;
  const usable = withFigures.filter((v) => {
    if (sameUnit(v.series, newest.series)) return true;
    rejected.push({
      table: v.series.table,
      row: `${aliasOf(v.series)} (release of ${citedAs(v)})`,
      reason: `unit ${v.series.scale ?? ''} ${v.series.unit} differs from the newer release's ${newest.series.scale ?? ''} ${newest.series.unit}; the newer one is kept`,
    });
    return false;
  });
  const byPeriod = new Map<string, ReleasedObservation[]>();
  const unpublished = new Map<string, ParsedObservation>();
  for (const v of usable) {
    for (const o of v.series.observations) {
      if (o.value === null) unpublished.set(o.period, o);
      else byPeriod.set(o.period, [...(byPeriod.get(o.period) ?? []), { released: v.released, observation: o }]);
    }
  }
  const periods = [...new Set([...byPeriod.keys(), ...unpublished.keys()])].sort();
  const firstWithFigure = periods.findIndex((p) => byPeriod.has(p));
  const observations: ParsedObservation[] = [];
  const sourceRevisions: SourceRevision[] = [];
  const fromRelease = new Map<string, string[]>();
  const citation = new Map(usable.map((v) => [v.released, citedAs(v)]));
  for (const period of periods.slice(firstWithFigure)) {
    const versions = byPeriod.get(period);
    if (!versions) {
      observations.push(unpublished.get(period)!);
      continue;
    }
    const last = versions[versions.length - 1];
    observations.push({ ...last.observation, firstReleased: versions[0].released });
    fromRelease.set(last.released, [...(fromRelease.get(last.released) ?? []), period]);
    for (let k = 1; k < versions.length; k++) {
      const [was, is] = [versions[k - 1].observation, versions[k].observation];
      if (was.value === is.value && was.status === is.status) continue;
      sourceRevisions.push({
        period,
        oldValue: was.value,
        oldStatus: was.status as ObsStatus,
        newValue: is.value,
        newStatus: is.status,
        oldReleased: versions[k - 1].released,
        newReleased: versions[k].released,
      });
    }
  }
  const provenance = [...fromRelease]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([released, ps]) => `${citation.get(released) ?? dayMonthYear(released)} (${periodRanges(ps)})`)
    .join('; ');
  const release = fromRelease.size > 1 ? 'releases' : 'release';
  const names = { ...newest.series.names, en: `${newest.series.names.en.replace(/\.+$/, '')}. Figures from ${publisher}'s ${release} of ${provenance}` };
  return {
    ...newest.series,
    names,
    observations,
    ...(sourceRevisions.length > 0 ? { sourceRevisions } : {}),
  };
}

const tableCodes = (r: PublisherRelease) => [...new Set(r.tables.map((t) => t.code))].sort().join(' ');

/**
 * Releases in any order → one series per alias. Each table is described by the newest release
 * holding it, its title naming every release read. A release of the same date and tables as another
 * is the same release read twice (a fetched copy of a pinned file) and counts once; releases of the
 * same date with other tables are ordered as given, the later one winning.
 */
export function mergeReleases(releases: readonly PublisherRelease[], publisher = 'UN Tourism'): MergedReleases {
  const ordered = [...releases]
    .sort((a, b) => (a.released < b.released ? -1 : a.released > b.released ? 1 : 0))
    .filter((r, i, all) => !all.slice(0, i).some((o) => o.released === r.released && tableCodes(o) === tableCodes(r)));
  const byAlias = new Map<string, Array<{ released: string; dated?: string; series: ParsedSeries }>>();
  for (const release of ordered) {
    for (const s of release.series) {
      const alias = aliasOf(s);
      byAlias.set(alias, [...(byAlias.get(alias) ?? []), { released: release.released, dated: release.dated, series: s }]);
    }
  }
  const rejected: RejectedRow[] = [];
  const series = [...byAlias.values()].flatMap((versions) => mergeSeries(versions, publisher, rejected) ?? []);
  const used = new Set(series.map((s) => s.table));
  const dates = ordered.map(citedAs).reverse().join(', ');
  const tables = new Map<string, SourceTableInfo>();
  for (const release of [...ordered].reverse()) {
    for (const t of release.tables) {
      if (!used.has(t.code) || tables.has(t.code)) continue;
      tables.set(t.code, { ...t, title: `${t.title}; each figure from the newest release that gives it (releases read: ${dates})` });
    }
  }
  const reachedByFile: PeriodsByFile = {};
  for (const release of releases) seriesPeriods(release.tables, release.series, reachedByFile);
  return { series, tables: [...tables.values()], rejected, reachedByFile };
}
