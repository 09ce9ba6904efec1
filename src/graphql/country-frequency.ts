/** Each country's frequency and monthly series by the monthly rule (src/domain/monthly.ts), once per release. */
import { perRelease } from '../db/data-store';
import { REPRESENTATIVE_BREAKDOWNS } from '../domain/headline';
import { countryFrequency, monthlySeries } from '../domain/monthly';
import { FREQS, type Freq } from '../domain/types';
import type { GraphQLContext } from './context';

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

const isFreq = (f: string): f is Freq => (FREQS as readonly string[]).includes(f);

/** Publishers' totals and the breakdowns that stand for the whole: the only series the rule reads. */
const REPRESENTATIVE_WHERE = {
  OR: [
    { breakdown: null },
    ...Object.values(REPRESENTATIVE_BREAKDOWNS)
      .flat()
      .map((b) => ({ breakdown: b.split('=')[0], member: b.split('=')[1] })),
  ],
};

export function countryFrequencies(ctx: GraphQLContext): Promise<CountryFrequencies> {
  return perRelease(ctx.snapshot, 'country-frequencies', async () => {
    const rows = await ctx.prisma.series.findMany({
      where: REPRESENTATIVE_WHERE,
      select: { id: true, alias: true, countryIso: true, measure: true, breakdown: true, member: true, freq: true, derived: true, points: true, last: true },
    });
    const candidates = rows.flatMap((r) => (isFreq(r.freq) ? [{ ...r, freq: r.freq, country: r.countryIso }] : []));
    const byCountry = new Map<string, typeof candidates>();
    for (const s of candidates) byCountry.set(s.country, [...(byCountry.get(s.country) ?? []), s]);
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
  });
}
