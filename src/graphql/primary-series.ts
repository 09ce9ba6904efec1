/** Each country's primary series (its freshest headline series; see primarySeries), once per release. */
import { perRelease } from '../db/data-store';
import { primarySeries } from '../domain/country-summary';
import type { GraphQLContext } from './context';

export interface PrimarySeries {
  id: string;
  countryIso: string;
  measure: string;
  freq: string;
  headline: boolean;
  last: string;
  country: { name: string; regionSlug: string | null };
}

/** From the series rows the snapshot holds, and the countries' names read once. */
export function primarySeriesByCountry(ctx: GraphQLContext): Promise<Map<string, PrimarySeries>> {
  return perRelease(ctx.snapshot, 'primary-series', async () => {
    const countries = await ctx.prisma.country.findMany({ select: { iso: true, name: true, regionSlug: true } });
    const countryOf = new Map(countries.map((c) => [c.iso, { name: c.name, regionSlug: c.regionSlug }]));
    const byIso = new Map<string, PrimarySeries[]>();
    for (const s of ctx.snapshot.series) {
      const country = countryOf.get(s.countryIso);
      if (!s.headline || !country) continue;
      const row = { id: s.id, countryIso: s.countryIso, measure: s.measure, freq: s.freq, headline: s.headline, last: s.last, country };
      const list = byIso.get(s.countryIso);
      if (list) list.push(row);
      else byIso.set(s.countryIso, [row]);
    }
    return new Map([...byIso].map(([iso, list]) => [iso, primarySeries(list)!]));
  });
}
