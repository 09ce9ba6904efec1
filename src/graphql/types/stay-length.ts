/**
 * Country.stayLength: nights per arrival by month, where one publisher table pair counts both
 * for the same establishments (Eurostat tour_occ_nim nights and tour_occ_arm arrivals, totals).
 */
import { widenFrom } from '../../domain/periods';
import { stayLength, type StayLengthRow } from '../../domain/stay-length';
import { invalidParameter, periodBounds } from '../args';
import { builder } from '../builder';
import { PeriodScalar } from '../scalars';
import type { GraphQLContext } from '../context';

const NIGHTS_TABLE = 'tour_occ_nim';
const ARRIVALS_TABLE = 'tour_occ_arm';

const StayLengthMonthType = builder.objectRef<StayLengthRow>('StayLengthMonth').implement({
  fields: (t) => ({
    period: t.exposeString('period'),
    nightsPerArrival: t.exposeFloat('nightsPerArrival', { description: 'Nights ÷ arrivals, rounded to 2 decimals.' }),
  }),
});

const StayLengthType = builder
  .objectRef<{ nightsSeries: string; arrivalsSeries: string; months: StayLengthRow[] }>('StayLength')
  .implement({
    fields: (t) => ({
      nightsSeries: t.exposeString('nightsSeries', { description: 'Id of the monthly nights total (tour_occ_nim).' }),
      arrivalsSeries: t.exposeString('arrivalsSeries', { description: 'Id of the monthly arrivals total (tour_occ_arm).' }),
      months: t.field({ type: [StayLengthMonthType], resolve: (s) => s.months }),
    }),
  });

const monthlyTotal = (table: string, measure: string) => ({ tableCode: table, measure, breakdown: null, freq: 'M' });

async function carriers(ctx: GraphQLContext): Promise<string[]> {
  const rows = await ctx.prisma.series.findMany({
    where: { OR: [monthlyTotal(NIGHTS_TABLE, 'nights'), monthlyTotal(ARRIVALS_TABLE, 'arrivals')] },
    select: { countryIso: true, measure: true },
  });
  const nights = new Set(rows.filter((r) => r.measure === 'nights').map((r) => r.countryIso));
  return [...new Set(rows.filter((r) => r.measure === 'arrivals' && nights.has(r.countryIso)).map((r) => r.countryIso))].sort();
}

builder.prismaObjectField('Country', 'stayLength', (t) =>
  t.field({
    type: StayLengthType,
    description: 'Average length of stay by month from `from` (a period; widened to its first month).',
    authScopes: { analyst: true },
    args: { from: t.arg({ type: PeriodScalar }) },
    select: { iso: true },
    resolve: async (c, args, ctx) => {
      periodBounds(args.from, null);
      const [nights, arrivals] = await Promise.all([
        ctx.prisma.series.findFirst({ where: { countryIso: c.iso, ...monthlyTotal(NIGHTS_TABLE, 'nights') }, select: { id: true } }),
        ctx.prisma.series.findFirst({ where: { countryIso: c.iso, ...monthlyTotal(ARRIVALS_TABLE, 'arrivals') }, select: { id: true } }),
      ]);
      if (!nights || !arrivals) {
        throw invalidParameter(
          `${c.iso} has no table that counts both nights and arrivals monthly, so stay-length is not served for it. ` +
            `It is served for ${(await carriers(ctx)).join(', ')}.`,
          'country',
        );
      }
      const [nightObs, arrivalObs] = await ctx.loaders.observations.loadMany([nights.id, arrivals.id]);
      if (nightObs instanceof Error) throw nightObs;
      if (arrivalObs instanceof Error) throw arrivalObs;
      return {
        nightsSeries: nights.id,
        arrivalsSeries: arrivals.id,
        months: stayLength(nightObs, arrivalObs, args.from ? widenFrom(args.from) : undefined),
      };
    },
  }),
);
