/**
 * Which headline series of a region's countries can be added up for one measure. Only series
 * of one frequency, unit and currency add up; the most common such kind among the countries'
 * headline series is taken (ties: the finer frequency, monthly before quarterly before annual,
 * then unit and currency by name), and countries whose headline series is of another kind are
 * left out of the sum and named as such. Rates (occupancy in percent) never add up across
 * countries: with no other kind of series there is nothing to sum.
 */
import { compareCodes } from './numeric';

export interface HeadlineSeriesInfo {
  country: string;
  freq: string;
  unit: string;
  currency: string | null;
}

export interface SummableChoice<T extends HeadlineSeriesInfo> {
  freq: string;
  unit: string;
  currency: string | null;
  chosen: T[];
  /** ISO codes whose headline series is of another frequency, unit or currency. */
  leftOut: string[];
}

const FREQ_ORDER: Record<string, number> = { M: 0, Q: 1, A: 2 };
/** Units of rates, which a sum over countries would make meaningless. */
const RATE_UNITS: ReadonlySet<string> = new Set(['percent']);

export function chooseSummable<T extends HeadlineSeriesInfo>(series: readonly T[]): SummableChoice<T> | null {
  const additive = series.filter((s) => !RATE_UNITS.has(s.unit));
  if (additive.length === 0) return null;
  const groups = new Map<string, T[]>();
  const keyOf = (s: T) => `${s.freq}|${s.unit}|${s.currency ?? ''}`;
  for (const s of additive) groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s]);
  const [best] = [...groups.values()].sort(
    (a, b) =>
      b.length - a.length ||
      (FREQ_ORDER[a[0].freq] ?? 9) - (FREQ_ORDER[b[0].freq] ?? 9) ||
      compareCodes(keyOf(a[0]), keyOf(b[0])),
  );
  const chosenKey = keyOf(best[0]);
  return {
    freq: best[0].freq,
    unit: best[0].unit,
    currency: best[0].currency,
    chosen: [...best].sort((a, b) => compareCodes(a.country, b.country)),
    leftOut: series.filter((s) => keyOf(s) !== chosenKey).map((s) => s.country).sort(compareCodes),
  };
}
