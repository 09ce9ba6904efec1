/**
 * Preparing a publisher's origin breakdown for the origin-shift statistic: which total to
 * divide by, so that every market's share is taken over the same months and the same count.
 */
import type { PeriodValue } from './series';
import { valuesByPeriod } from './series';

/** Eurostat's trips of EU/EFTA residents by country of destination: the annual origin → destination matrix. */
export const TRIPS_MATRIX_TABLE = 'tour_dem_ttw';

/** UN Tourism rows that are a part ("of which") of the total rather than a slice of it. */
export const OF_WHICH_ORIGINS: ReadonlySet<string> = new Set(['nationals-residing-abroad']);

export interface MemberSeries {
  member: string;
  observations: readonly PeriodValue[];
}

/**
 * The publisher's total retained only in periods where every origin member has a value: a window
 * then never ends in months where only some markets are published (JNTO's estimates for its
 * largest markets run two months past the full breakdown).
 */
export function totalWhereBreakdownComplete(
  total: readonly PeriodValue[],
  members: readonly MemberSeries[],
  freq: 'M' | 'A',
): PeriodValue[] {
  const memberValues = members.map((m) => valuesByPeriod(m.observations, freq));
  return [...valuesByPeriod(total, freq)]
    .filter(([period]) => memberValues.every((v) => v.has(period)))
    .map(([period, value]) => ({ period, value }));
}

/**
 * The total as the sum of the slices (every member except the "of which" rows) for the latest
 * two consecutive years whose breakdown lists the same slices, so that both years add up the
 * same regions: a region reported only in some years (FR's "other, not classified" stops in
 * 2003) is left out of both, a region missing from just one of the two pushes the pair back.
 * Used for UN Tourism's regions of origin, whose own total row is often a different count
 * (tourists, TF) from the country's arrivals total (visitors, VF). Empty when no pair exists.
 */
export function sumOfSlices(members: readonly MemberSeries[]): PeriodValue[] {
  const slices = members.filter((m) => !OF_WHICH_ORIGINS.has(m.member)).map((m) => valuesByPeriod(m.observations, 'A'));
  const years = [...new Set(slices.flatMap((s) => [...s.keys()]))].map(Number).sort((a, b) => b - a);
  const reported = (year: number) => slices.filter((s) => s.has(String(year)));
  for (const year of years) {
    const now = reported(year);
    const before = reported(year - 1);
    if (now.length === 0 || now.length !== before.length || !now.every((s) => before.includes(s))) continue;
    const total = (y: number) => now.reduce((t, s) => t + s.get(String(y))!, 0);
    return [
      { period: String(year - 1), value: total(year - 1) },
      { period: String(year), value: total(year) },
    ];
  }
  return [];
}

/**
 * The fewest origin countries a country-of-origin mix must list to describe a destination's
 * markets: fewer make a comparison of a handful of large markets, not of a profile.
 */
export const MIN_ORIGIN_MARKETS = 10;

/**
 * The total as the sum of the markets published in both years, for the latest pair of
 * consecutive years with at least `minMembers` such markets (MIN_ORIGIN_MARKETS). Used
 * for breakdowns with no publisher total over the same markets, where a market's cell may be
 * missing in one year (Eurostat's trips matrix: low-reliability cells are not published, some
 * countries of residence skip a survey year). Empty when no pair exists.
 */
export function sumOfCommonMembers(members: readonly MemberSeries[], minMembers = MIN_ORIGIN_MARKETS): PeriodValue[] {
  const values = members.map((m) => valuesByPeriod(m.observations, 'A'));
  const years = [...new Set(values.flatMap((v) => [...v.keys()]))].map(Number).sort((a, b) => b - a);
  for (const year of years) {
    const common = values.filter((v) => v.has(String(year)) && v.has(String(year - 1)));
    if (common.length < Math.max(2, minMembers)) continue;
    const total = (y: number) => common.reduce((t, v) => t + v.get(String(y))!, 0);
    return [
      { period: String(year - 1), value: total(year - 1) },
      { period: String(year), value: total(year) },
    ];
  }
  return [];
}
