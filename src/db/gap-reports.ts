/**
 * The gap reports of monthly series (src/domain/gaps.ts): computed at ingest for the release's
 * month and the two after it and stored in the release (StoredGap), or live for another month.
 * A report depends on the day only through its month, and reads every figure, so one serves every plan.
 */
import { usualDelayMonths, type ReleaseEntry } from '../domain/calendar';
import { gaps, type GapObservation, type GapReport } from '../domain/gaps';
import { whenTableAbsent, type Prisma } from './client';
import type { MonthlySeriesRow } from './country-frequency';
import type { PrimarySeries } from './primary-series';

/** Country → the releases of its primary series, oldest first (what the calendar and the pending months of gaps read): one entry a country and release. */
export async function primaryReleasesOf(prisma: Prisma, primaries: ReadonlyMap<string, PrimarySeries>): Promise<Map<string, ReleaseEntry[]>> {
  const [releases, entries] = await Promise.all([
    prisma.release.findMany({ select: { version: true, loadedAt: true } }),
    prisma.releaseEntry.findMany({
      where: { seriesId: { in: [...primaries.values()].map((p) => p.id) } },
      orderBy: { releaseVersion: 'asc' },
      select: { releaseVersion: true, countryIso: true, latestPeriod: true },
    }),
  ]);
  const dates = new Map(releases.map((r) => [r.version, r.loadedAt]));
  const byCountry = new Map<string, ReleaseEntry[]>();
  for (const e of entries) {
    if (!e.latestPeriod) continue;
    const list = byCountry.get(e.countryIso) ?? [];
    list.push({ date: (dates.get(e.releaseVersion) ?? '').slice(0, 10), latestPeriod: e.latestPeriod });
    byCountry.set(e.countryIso, list);
  }
  return byCountry;
}

/** Each series' report for the month of `now` (null: no figure up to last month). */
export function gapReportOf(series: MonthlySeriesRow, observations: readonly GapObservation[], releases: ReadonlyMap<string, ReleaseEntry[]>, now: Date): GapReport | null {
  const pending = usualDelayMonths(releases.get(series.country) ?? []) ?? 0;
  return gaps(observations, now, pending);
}

/** The reports the ingest stored for a month, by series id; null when it stored none for that month, or the release predates them. */
export async function readStoredGaps(prisma: Prisma, month: string): Promise<Map<string, GapReport | null> | null> {
  const rows = await prisma.storedGap.findMany({ where: { month }, select: { seriesId: true, report: true } }).catch(whenTableAbsent([]));
  if (rows.length === 0) return null;
  return new Map(rows.map((r) => [r.seriesId, r.report === null ? null : (JSON.parse(r.report) as GapReport)]));
}
