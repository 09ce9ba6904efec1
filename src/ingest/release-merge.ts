/**
 * One publisher's source held in several of its releases (UN Tourism's "all data" workbooks of
 * 25/01/2023 and 24/11/2023, its topic workbooks of 23/12/2025): each figure comes from the newest
 * release that gives it, figures only older releases give are kept, and a figure a later release
 * changed is logged as a source revision with the older value and both release dates.
 */
import type { ObsStatus, ParsedObservation, ParsedSeries, RejectedRow, SourceRevision, SourceTableInfo } from '../domain/types';
import { aliasOf } from './identifiers';

export interface PublisherRelease {
  /** The publisher's own release date, YYYY-MM-DD. */
  released: string;
  series: ParsedSeries[];
  tables: SourceTableInfo[];
}

export interface MergedReleases {
  series: ParsedSeries[];
  tables: SourceTableInfo[];
  rejected: RejectedRow[];
}

/** 2025-12-23 → 23/12/2025, as UN Tourism writes its dates. */
export function dayMonthYear(date: string): string {
  return date.split('-').reverse().join('/');
}

/** '1995','1996','1997','2001' → '1995–1997, 2001'. */
export function periodRanges(periods: readonly string[]): string {
  const years = periods.map(Number);
  const out: string[] = [];
  for (let i = 0; i < years.length; i++) {
    let j = i;
    while (j + 1 < years.length && years[j + 1] === years[j] + 1) j++;
    out.push(j === i ? periods[i] : `${periods[i]}–${periods[j]}`);
    i = j;
  }
  return out.join(', ');
}

const sameUnit = (a: ParsedSeries, b: ParsedSeries) => a.unit === b.unit && a.currency === b.currency && a.scale === b.scale;

interface Held {
  released: string;
  observation: ParsedObservation;
}

/** One alias's series from each release (oldest first) → one series. */
function mergeSeries(versions: Array<{ released: string; series: ParsedSeries }>, rejected: RejectedRow[]): ParsedSeries | null {
  const withFigures = versions.filter((v) => v.series.observations.some((o) => o.value !== null));
  const newest = withFigures[withFigures.length - 1];
  if (!newest) return null;
  const usable = withFigures.filter((v) => {
    if (sameUnit(v.series, newest.series)) return true;
    rejected.push({
      table: v.series.table,
      row: `${aliasOf(v.series)} (release of ${dayMonthYear(v.released)})`,
      reason: `unit ${v.series.scale ?? ''} ${v.series.unit} differs from the newer release's ${newest.series.scale ?? ''} ${newest.series.unit}; the newer one is kept`,
    });
    return false;
  });
  const byPeriod = new Map<string, Held[]>();
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
  for (const period of periods.slice(firstWithFigure)) {
    const held = byPeriod.get(period);
    if (!held) {
      observations.push(unpublished.get(period)!);
      continue;
    }
    const last = held[held.length - 1];
    observations.push({ ...last.observation, firstReleased: held[0].released });
    fromRelease.set(last.released, [...(fromRelease.get(last.released) ?? []), period]);
    for (let k = 1; k < held.length; k++) {
      const [was, is] = [held[k - 1].observation, held[k].observation];
      if (was.value === is.value && was.status === is.status) continue;
      sourceRevisions.push({
        period,
        oldValue: was.value,
        oldStatus: was.status as ObsStatus,
        newValue: is.value,
        newStatus: is.status,
        oldReleased: held[k - 1].released,
        newReleased: held[k].released,
      });
    }
  }
  const provenance = [...fromRelease]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([released, ps]) => `${dayMonthYear(released)} (${periodRanges(ps)})`)
    .join('; ');
  const release = fromRelease.size > 1 ? 'releases' : 'release';
  const names = { ...newest.series.names, en: `${newest.series.names.en.replace(/\.+$/, '')}. Figures from UN Tourism's ${release} of ${provenance}` };
  return {
    ...newest.series,
    names,
    observations,
    ...(sourceRevisions.length > 0 ? { sourceRevisions } : {}),
  };
}

/**
 * Releases in any order → one series per alias. Each table is described by the newest release
 * holding it, its title naming every release read; releases of the same date count once.
 */
export function mergeReleases(releases: readonly PublisherRelease[]): MergedReleases {
  const ordered = [...releases]
    .sort((a, b) => (a.released < b.released ? -1 : a.released > b.released ? 1 : 0))
    .filter((r, i, all) => i === 0 || all[i - 1].released !== r.released);
  const byAlias = new Map<string, Array<{ released: string; series: ParsedSeries }>>();
  for (const release of ordered) {
    for (const s of release.series) {
      const alias = aliasOf(s);
      byAlias.set(alias, [...(byAlias.get(alias) ?? []), { released: release.released, series: s }]);
    }
  }
  const rejected: RejectedRow[] = [];
  const series = [...byAlias.values()].flatMap((versions) => mergeSeries(versions, rejected) ?? []);
  const used = new Set(series.map((s) => s.table));
  const dates = ordered.map((r) => dayMonthYear(r.released)).reverse().join(', ');
  const tables = new Map<string, SourceTableInfo>();
  for (const release of [...ordered].reverse()) {
    for (const t of release.tables) {
      if (!used.has(t.code) || tables.has(t.code)) continue;
      tables.set(t.code, { ...t, title: `${t.title}; each figure from the newest release that gives it (releases read: ${dates})` });
    }
  }
  return { series, tables: [...tables.values()], rejected };
}
