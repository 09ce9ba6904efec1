/** A country's depth and freshness, from its series: what the country record reports. */
import { countryFrequency } from './monthly';
import { coarserFreq, periodAt } from './periods';
import { FREQS as FREQ_LIST, type Freq } from './types';

/** Finest first: M, Q, A. */
const FREQS: readonly string[] = FREQ_LIST;
const isFreq = (f: string): f is Freq => FREQS.includes(f);

export interface SeriesSummaryRow {
  measure: string;
  breakdown: string | null;
  member: string | null;
  freq: Freq;
  first: string;
  last: string;
  /** Figures present (periods with a value). */
  points: number;
  headline: boolean;
}

export interface CountrySummary {
  monthly: boolean;
  first: string | null;
  latest: string | null;
  measures: string[];
}

/**
 * The country record describes the headline actually served for it, its primary series: first and
 * latest are that series' span. monthly is the monthly rule's (src/domain/monthly.ts); measures are
 * every measure carried.
 */
export function summariseCountry(series: SeriesSummaryRow[]): CountrySummary {
  const primary = primarySeries(series);
  return {
    monthly: countryFrequency(series) === 'M',
    first: primary?.first ?? null,
    latest: primary?.last ?? null,
    measures: [...new Set(series.map((s) => s.measure))].sort(),
  };
}

export interface PrimaryCandidate {
  measure: string;
  freq: string;
  headline: boolean;
  /** The last period with a value. */
  last: string;
}

const MEASURE_PREFERENCE = ['arrivals', 'nights', 'spend', 'departures', 'occupancy', 'capacity'];

/** Negative when `a` reaches a later period, compared at the coarser of the two frequencies. */
function compareReach(a: PrimaryCandidate, b: PrimaryCandidate): number {
  if (!isFreq(a.freq) || !isFreq(b.freq)) return 0;
  const freq = coarserFreq(a.freq, b.freq);
  const [reachA, reachB] = [periodAt(a.last, freq), periodAt(b.last, freq)];
  return reachA === reachB ? 0 : reachA > reachB ? -1 : 1;
}

/**
 * The series that stands for a country (its record, release timing, brief): of its headline
 * series, the one reaching the most recent period (as in HEADLINE_RULE), then the finer frequency,
 * then arrivals before nights before the other measures.
 */
export function primarySeries<T extends PrimaryCandidate>(series: readonly T[]): T | undefined {
  return series
    .filter((s) => s.headline)
    .sort(
      (a, b) =>
        compareReach(a, b) ||
        FREQS.indexOf(a.freq) - FREQS.indexOf(b.freq) ||
        MEASURE_PREFERENCE.indexOf(a.measure) - MEASURE_PREFERENCE.indexOf(b.measure),
    )[0];
}
