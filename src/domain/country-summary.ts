/** A country's depth and freshness, from its series: what the country record reports. */
import { comparePeriodEnds } from './periods';

export interface SeriesSummaryRow {
  measure: string;
  freq: string;
  first: string;
  last: string;
  headline: boolean;
}

export interface CountrySummary {
  monthly: boolean;
  first: string | null;
  latest: string | null;
  measures: string[];
}

/** first/latest span the country's headline series; measures are every measure carried. */
export function summariseCountry(series: SeriesSummaryRow[]): CountrySummary {
  const headline = series.filter((s) => s.headline);
  const firsts = headline.map((s) => s.first).sort(comparePeriodEnds);
  const lasts = headline.map((s) => s.last).sort(comparePeriodEnds);
  return {
    monthly: headline.some((s) => s.freq === 'M'),
    first: firsts[0] ?? null,
    latest: lasts[lasts.length - 1] ?? null,
    measures: [...new Set(series.map((s) => s.measure))].sort(),
  };
}

export interface PrimaryCandidate {
  id: string;
  measure: string;
  freq: string;
  headline: boolean;
}

const MEASURE_PREFERENCE = ['arrivals', 'nights', 'spend', 'departures', 'occupancy', 'capacity'];
const FREQ_PREFERENCE = ['M', 'Q', 'A'];

/**
 * The series that stands for a country's release timing: its most frequent headline series,
 * arrivals before nights before the other measures.
 */
export function primarySeries<T extends PrimaryCandidate>(series: readonly T[]): T | undefined {
  return series
    .filter((s) => s.headline)
    .sort(
      (a, b) =>
        FREQ_PREFERENCE.indexOf(a.freq) - FREQ_PREFERENCE.indexOf(b.freq) ||
        MEASURE_PREFERENCE.indexOf(a.measure) - MEASURE_PREFERENCE.indexOf(b.measure),
    )[0];
}
