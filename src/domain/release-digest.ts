/**
 * What one release brought, as the feed and the webhook events tell it: the countries it touched,
 * each with its series and the period the newest of them reaches, and the figures it added or revised.
 */
import { comparePeriodEnds } from './periods';

/** One series a release updated (a row of the release log). */
export interface LoggedSeries {
  id: string;
  country: string;
  measure: string;
  /** The series' newest period with a value after the release; '' when it holds none. */
  periodReached: string;
  newFigures: number;
  revisedFigures: number;
}

/** One release of the log: its version, when it was loaded, and the series it updated. */
export interface LoggedRelease {
  version: string;
  /** ISO timestamp. */
  loadedAt: string;
  series: LoggedSeries[];
}

export interface CountryDigest {
  iso: string;
  /** The newest period any of the country's updated series reaches; null when none holds a value. */
  periodReached: string | null;
  series: LoggedSeries[];
}

export interface ReleaseDigest {
  version: string;
  publishedAt: string;
  /** By ISO code. */
  countries: CountryDigest[];
  seriesUpdated: number;
  newFigures: number;
  revisedFigures: number;
}

/** The newer of two periods reached; '' (no value) counts as none. */
function newer(a: string | null, b: string): string | null {
  if (!b) return a;
  return a === null || comparePeriodEnds(b, a) > 0 ? b : a;
}

/**
 * A release told by country. With `countries`, only their series count; null when the release
 * updated none of them.
 */
export function digestRelease(release: LoggedRelease, countries?: readonly string[]): ReleaseDigest | null {
  const wanted = countries ? new Set(countries) : null;
  const byCountry = new Map<string, CountryDigest>();
  let newFigures = 0;
  let revisedFigures = 0;
  let seriesUpdated = 0;
  for (const s of release.series) {
    if (wanted && !wanted.has(s.country)) continue;
    let c = byCountry.get(s.country);
    if (!c) byCountry.set(s.country, (c = { iso: s.country, periodReached: null, series: [] }));
    c.series.push(s);
    c.periodReached = newer(c.periodReached, s.periodReached);
    newFigures += s.newFigures;
    revisedFigures += s.revisedFigures;
    seriesUpdated++;
  }
  if (seriesUpdated === 0) return null;
  return {
    version: release.version,
    publishedAt: release.loadedAt,
    countries: [...byCountry.values()].sort((a, b) => a.iso.localeCompare(b.iso)),
    seriesUpdated,
    newFigures,
    revisedFigures,
  };
}

/** The releases of a log told by country, newest first; with `countries`, only those that touched them. */
export function releaseDigests(log: readonly LoggedRelease[], countries?: readonly string[]): ReleaseDigest[] {
  return [...log]
    .sort((a, b) => b.version.localeCompare(a.version))
    .flatMap((r) => digestRelease(r, countries) ?? []);
}

/**
 * The releases of a log newer than `announced`, oldest first: the ones still to announce. Versions
 * are compact UTC timestamps, so they sort by time as text.
 */
export function releasesAfter(log: readonly LoggedRelease[], announced: string): LoggedRelease[] {
  return log.filter((r) => r.version > announced).sort((a, b) => a.version.localeCompare(b.version));
}
