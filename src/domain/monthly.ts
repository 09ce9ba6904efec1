/**
 * Which countries are monthly, quarterly or annual: the one rule behind `/v1/countries?freq=`
 * (and each country record's `monthly`), `/v1/gaps`, `/v1/freshness?freq=M` and `/v1/status`.
 * A country is as fine as the finest series the headline rule chooses from, however old that
 * series' last figure: Japan's JNTO arrivals stop in 2017-03 and the United Kingdom's Eurostat
 * nights in 2020-07, yet both publishers published them monthly, and /v1/gaps is where that stop
 * shows. Freshness is measured, not ruled: `months_behind` and /v1/status's
 * `monthly_within_2_months` say how recent the months are.
 */
import { compareHeadlines, isRepresentative, type HeadlineCandidate } from './headline';
import type { Freq } from './types';

/** The rule in words, as written in docs/methodology.md and the API descriptions. */
export const MONTHLY_RULE =
  'A country is monthly when it holds a monthly series with figures of the kind the headline rule chooses from ' +
  "(the publisher's total, or UN Tourism's overnight visitors for arrivals and departures, or the travel item for spend), " +
  'however long ago its last month; its monthly series are, per measure, the best of those by the headline rule. ' +
  'A country with none is quarterly when it holds such a quarterly series, otherwise annual.';

/** Finest first. */
const FINEST_FIRST: readonly Freq[] = ['M', 'Q', 'A'];

type FrequencyCandidate = Pick<HeadlineCandidate, 'measure' | 'breakdown' | 'member' | 'freq' | 'points'>;

/** Whether a series can make its country monthly (or quarterly): a representative series with figures. */
function counts(s: FrequencyCandidate): boolean {
  return s.points > 0 && isRepresentative(s);
}

/** A country's frequency from its series: the finest of its representative series with figures; null with none. */
export function countryFrequency(series: readonly FrequencyCandidate[]): Freq | null {
  const present = new Set(series.filter(counts).map((s) => s.freq));
  return FINEST_FIRST.find((f) => present.has(f)) ?? null;
}

/**
 * The monthly series of the countries given (series of any number of countries): per country and
 * measure, the representative monthly series with figures that the headline rule prefers. Where a
 * measure's headline series is monthly, it is that series. A country is monthly when it has one.
 */
export function monthlySeries<T extends HeadlineCandidate>(series: readonly T[]): T[] {
  const best = new Map<string, T>();
  for (const s of series) {
    if (s.freq !== 'M' || !counts(s)) continue;
    const key = `${s.country}|${s.measure}`;
    const current = best.get(key);
    if (!current || compareHeadlines(s, current) < 0) best.set(key, s);
  }
  return [...best.values()];
}
