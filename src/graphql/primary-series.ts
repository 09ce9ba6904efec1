/** Each country's primary series, from the series rows the snapshot holds, once per release. */
import { perRelease } from '../db/data-store';
import { primarySeriesByCountry as ofRows, type PrimarySeries } from '../db/primary-series';
import type { GraphQLContext } from './context';

export type { PrimarySeries } from '../db/primary-series';

export function primarySeriesByCountry(ctx: GraphQLContext): Promise<Map<string, PrimarySeries>> {
  return perRelease(ctx.snapshot, 'primary-series', async () => {
    const countries = await ctx.prisma.country.findMany({ select: { iso: true, name: true, regionSlug: true } });
    return ofRows(ctx.snapshot.series, countries);
  });
}
