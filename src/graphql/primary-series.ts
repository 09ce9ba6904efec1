/** Each country's primary series (its most frequent headline series, arrivals first), once per release. */
import { primarySeries } from '../domain/country-summary';
import type { GraphQLContext } from './context';

export interface PrimarySeries {
  id: string;
  countryIso: string;
  measure: string;
  freq: string;
  headline: boolean;
  country: { name: string; regionSlug: string | null };
}

export function primarySeriesByCountry(ctx: GraphQLContext): Promise<Map<string, PrimarySeries>> {
  const key = 'primary-series';
  let hit = ctx.snapshot.memo.get(key) as Promise<Map<string, PrimarySeries>> | undefined;
  if (!hit) {
    hit = ctx.prisma.series
      .findMany({
        where: { headline: true },
        select: { id: true, countryIso: true, measure: true, freq: true, headline: true, country: { select: { name: true, regionSlug: true } } },
      })
      .then((rows) => {
        const byIso = new Map<string, PrimarySeries[]>();
        for (const r of rows) byIso.set(r.countryIso, [...(byIso.get(r.countryIso) ?? []), r]);
        return new Map([...byIso].map(([iso, list]) => [iso, primarySeries(list)!]));
      });
    ctx.snapshot.memo.set(key, hit);
    hit.catch(() => ctx.snapshot.memo.delete(key));
  }
  return hit;
}
