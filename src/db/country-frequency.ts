/** Each country's frequency and monthly series by the monthly rule (src/domain/monthly.ts), from the release's series rows. */
import { isRepresentative } from '../domain/headline';
import { countryFrequency, monthlySeries } from '../domain/monthly';
import { FREQS, type Freq } from '../domain/types';
import type { Series } from '../generated/prisma/client';

export interface MonthlySeriesRow {
  id: string;
  country: string;
  measure: string;
  /** The last month with a figure. */
  last: string;
}

export interface CountryFrequencies {
  /** ISO code → M, Q or A; countries without a representative series with figures are absent. */
  frequency: Map<string, Freq>;
  /** ISO code → its monthly series (one per measure, by measure), for the monthly countries only. */
  monthly: Map<string, MonthlySeriesRow[]>;
}

/** The series columns the rule reads. */
export type FrequencySeriesRow = Pick<Series, 'id' | 'alias' | 'countryIso' | 'measure' | 'breakdown' | 'member' | 'freq' | 'derived' | 'points' | 'last'>;

const isFreq = (f: string): f is Freq => (FREQS as readonly string[]).includes(f);

export function countryFrequenciesOf(series: readonly FrequencySeriesRow[]): CountryFrequencies {
  // The rule reads representative series only (publishers' totals and the breakdowns that stand for the whole).
  const candidates = series.flatMap((r) =>
    isFreq(r.freq) && isRepresentative(r)
      ? [{ id: r.id, alias: r.alias, country: r.countryIso, measure: r.measure, breakdown: r.breakdown, member: r.member, freq: r.freq, derived: r.derived, points: r.points, last: r.last }]
      : [],
  );
  const byCountry = new Map<string, typeof candidates>();
  for (const s of candidates) {
    const list = byCountry.get(s.country);
    if (list) list.push(s);
    else byCountry.set(s.country, [s]);
  }
  const frequency = new Map<string, Freq>();
  for (const [iso, list] of byCountry) {
    const freq = countryFrequency(list);
    if (freq) frequency.set(iso, freq);
  }
  const monthly = new Map<string, MonthlySeriesRow[]>();
  for (const s of monthlySeries(candidates).sort((a, b) => a.country.localeCompare(b.country) || a.measure.localeCompare(b.measure))) {
    monthly.set(s.country, [...(monthly.get(s.country) ?? []), { id: s.id, country: s.country, measure: s.measure, last: s.last }]);
  }
  return { frequency, monthly };
}
