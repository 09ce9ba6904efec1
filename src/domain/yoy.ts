/**
 * Percentage changes used by series latest and the brief. Every result is rounded to 1 decimal
 * and is null when a figure is missing or the base is not positive (a change against zero or a
 * negative base has no meaningful percentage).
 */
import { mean, round } from './numeric';
import { addMonths, monthPeriod, parsePeriod } from './periods';
import { type PeriodValue, sumOfPeriods, valuesByPeriod } from './series';

/** Change of `current` against `base`, in percent. */
function pctChange(current: number | null | undefined, base: number | null | undefined): number | null {
  if (current === null || current === undefined || base === null || base === undefined) return null;
  if (!(base > 0)) return null;
  return round((current / base - 1) * 100, 1);
}

/** Change against the same period a year before. */
export function yoyPct(current: number | null | undefined, yearBefore: number | null | undefined): number | null {
  return pctChange(current, yearBefore);
}

/** Change against a baseline figure, e.g. the same month of 2019. */
export function vsBaselinePct(current: number | null | undefined, baseline: number | null | undefined): number | null {
  return pctChange(current, baseline);
}

/**
 * Year to date: January..`month` of this year summed, against the same months of the year
 * before. Null if any of those months is missing in either year.
 */
export function ytdYoyPct(observations: readonly PeriodValue[], month: string): number | null {
  const { year, month: monthNumber } = requireMonth(month);
  const values = valuesByPeriod(observations, 'M');
  const monthsOf = (y: number) => Array.from({ length: monthNumber }, (_, i) => monthPeriod(y, i + 1));
  return pctChange(sumOfPeriods(values, monthsOf(year)), sumOfPeriods(values, monthsOf(year - 1)));
}

/**
 * `month` against the mean of the same month in the three years before it.
 * Null if any of the three is missing.
 */
export function vs3yrAvgPct(observations: readonly PeriodValue[], month: string): number | null {
  requireMonth(month);
  const values = valuesByPeriod(observations, 'M');
  const earlier = [12, 24, 36].map((back) => values.get(addMonths(month, -back)));
  if (earlier.some((v) => v === undefined)) return null;
  return pctChange(values.get(month), mean(earlier as number[]));
}

function requireMonth(month: string): { year: number; month: number } {
  const parts = parsePeriod(month);
  if (!parts?.month) throw new Error(`expected a month YYYY-MM, got ${month}`);
  return { year: parts.year, month: parts.month };
}
