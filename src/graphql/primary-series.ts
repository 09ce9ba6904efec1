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

export function primarySeriesByCountry(ctx: GraphQLContext): Promise<Map<string, PrimarySeries>> {
  return perRelease(ctx.snapshot, 'primary-series', () =>
    ctx.prisma.series
      .findMany({
        where: { headline: true },
        select: { id: true, countryIso: true, measure: true, freq: true, headline: true, last: true, country: { select: { name: true, regionSlug: true } } },
      })
      .then((rows) => {
        const byIso = new Map<string, PrimarySeries[]>();
        for (const r of rows) byIso.set(r.countryIso, [...(byIso.get(r.countryIso) ?? []), r]);
        return new Map([...byIso].map(([iso, list]) => [iso, primarySeries(list)!]));
      }),
  );
}
