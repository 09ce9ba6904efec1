/**
 * Figures against 2019, the last year before the pandemic: a period's change on the same period of
 * 2019, and a series as an index with 2019 = 100. Pure; the explorer's world view and compare chart
 * read them.
 *
 * index = value ÷ the mean of the base year's periods × 100, rounded to 1 decimal; null when the
 * base year is not complete at the series' frequency (12 months, 4 quarters or the year), as in
 * fuel.ts: a partial base year would shift every index.
 */
import { mean, round } from './numeric';
import { freqOf } from './periods';
import { valuesByPeriod, type PeriodValue } from './series';
import { vsBaselinePct } from './yoy';

export const INDEX_BASE_YEAR = 2019;

const PERIODS_IN_YEAR = { M: 12, Q: 4, A: 1 } as const;

/** The same period in another year: 2024-03 → 2019-03, 2024-Q2 → 2019-Q2, 2024 → 2019. */
export function samePeriodIn(period: string, year: number): string {
  return `${year}${period.slice(4)}`;
}

export interface VsBaseYear {
  /** The period of the base year compared with. */
  basePeriod: string;
  /** Its value; null when the series holds none. */
  base: number | null;
  /** Change in percent, 1 decimal (yoy.ts rules: null without a positive base). */
  pct: number | null;
}

/** `latest` against the same period of 2019 among `observations` (which may hold other periods too). */
export function vsBaseYear(latest: PeriodValue, observations: readonly PeriodValue[]): VsBaseYear {
  const basePeriod = samePeriodIn(latest.period, INDEX_BASE_YEAR);
  const base = valuesByPeriod(observations, freqOf(latest.period)).get(basePeriod) ?? null;
  return { basePeriod, base, pct: vsBaselinePct(latest.value, base) };
}

/**
 * The mean of the base year's periods at the frequency of `observations` (their first period's);
 * null when a period of that year is missing or the mean is not positive.
 */
export function baseYearMean(observations: readonly PeriodValue[]): number | null {
  if (observations.length === 0) return null;
  const freq = freqOf(observations[0].period);
  const prefix = String(INDEX_BASE_YEAR);
  const inYear = [...valuesByPeriod(observations, freq)].filter(([period]) => period.startsWith(prefix)).map(([, v]) => v);
  if (inYear.length !== PERIODS_IN_YEAR[freq]) return null;
  const base = mean(inYear);
  return base > 0 ? base : null;
}

/** Each observation as an index on the base year's mean (2019 = 100); all null without a complete base year. */
export function indexToBaseYear(observations: readonly PeriodValue[]): { base: number | null; index: (number | null)[] } {
  const base = baseYearMean(observations);
  return {
    base,
    index: observations.map((o) => (base === null || o.value === null ? null : round((o.value / base) * 100, 1))),
  };
}
