/** Helpers over plain observation arrays, shared by the derived statistics. */
import { freqOf, monthFromIndex, monthIndex } from './periods';

/** The minimal observation the derived statistics take: a period and a value (null when absent). */
export interface PeriodValue {
  period: string;
  value: number | null;
}

/**
 * Period → value for the observations that carry a finite value, keeping only periods of the
 * given frequency. A later duplicate of a period replaces an earlier one.
 */
export function valuesByPeriod(
  observations: readonly PeriodValue[],
  freq: 'M' | 'Q' | 'A' = 'M',
): Map<string, number> {
  const byPeriod = new Map<string, number>();
  for (const obs of observations) {
    if (freqOf(obs.period) !== freq) continue;
    if (obs.value === null || !Number.isFinite(obs.value)) continue;
    byPeriod.set(obs.period, obs.value);
  }
  return byPeriod;
}

/** Sum of the values of `periods`, or null as soon as one is missing. */
export function sumOfPeriods(values: ReadonlyMap<string, number>, periods: readonly string[]): number | null {
  let total = 0;
  for (const period of periods) {
    const value = values.get(period);
    if (value === undefined) return null;
    total += value;
  }
  return total;
}

/** 'YYYY-MM' for one month, 'YYYY-MM..YYYY-MM' for a run of several. */
export function runLabel(first: string, last: string): string {
  return first === last ? first : `${first}..${last}`;
}

/**
 * A monthly series as a dense array, for the forecaster: from its first figure to `upTo` (default
 * its last figure), null where no figure is present, with the month index of the first. Figures after
 * `upTo` are left out. Empty when no figure is present up to then.
 */
export function denseMonthly(observations: readonly PeriodValue[], upTo?: string): { y: (number | null)[]; first: number } {
  const present = observations.filter((o) => o.value !== null && (upTo === undefined || o.period <= upTo));
  if (present.length === 0) return { y: [], first: 0 };
  const first = monthIndex(present[0].period);
  const last = monthIndex(upTo ?? present[present.length - 1].period);
  const byPeriod = new Map(observations.map((o) => [o.period, o.value]));
  return { y: Array.from({ length: last - first + 1 }, (_, i) => byPeriod.get(monthFromIndex(first + i)) ?? null), first };
}
