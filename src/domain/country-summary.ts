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
