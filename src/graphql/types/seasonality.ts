/** Series.seasonality: the average shape of a year of a monthly series. */
import { periodWithin } from '../../domain/periods';
import { SEASONALITY_INDEX_NOTE, seasonality, type SeasonalityRow } from '../../domain/seasonality';
import { invalidParameter, periodBounds } from '../args';
import { builder } from '../builder';
import { PeriodScalar } from '../scalars';

const FREQ_NAMES: Record<string, string> = { M: 'monthly', Q: 'quarterly', A: 'annual' };

const SeasonalityMonthType = builder.objectRef<SeasonalityRow>('SeasonalityMonth').implement({
  fields: (t) => ({
    month: t.exposeInt('month', { description: '1 = January.' }),
    index: t.exposeFloat('index', { description: "Median across years of the month as % of its year's monthly mean." }),
    low: t.exposeFloat('low', { description: 'Lowest yearly index of this month.' }),
    high: t.exposeFloat('high', { description: 'Highest yearly index of this month.' }),
  }),
});

const SeasonalityType = builder
  .objectRef<{ years: string[]; index: string; months: SeasonalityRow[] }>('Seasonality')
  .implement({
    description: 'Seasonal index of a monthly series over its complete years.',
    fields: (t) => ({
      years: t.exposeStringList('years', { description: 'Complete years used (all 12 months with a value), ascending.' }),
      index: t.exposeString('index', { description: 'What the index means.' }),
      months: t.field({
        type: [SeasonalityMonthType],
        description: 'Twelve rows, January first; none when no year in range is complete.',
        resolve: (s) => s.months,
      }),
    }),
  });

builder.prismaObjectField('Series', 'seasonality', (t) =>
  t.field({
    type: SeasonalityType,
    description: 'Monthly index over the complete years within [from, to]. Monthly series only.',
    authScopes: { developer: true },
    args: { from: t.arg({ type: PeriodScalar }), to: t.arg({ type: PeriodScalar }) },
    select: { id: true, alias: true, freq: true },
    resolve: async (s, args, ctx) => {
      const { from, to } = periodBounds(args.from, args.to);
      if (s.freq !== 'M') {
        throw invalidParameter(
          `Seasonality needs a monthly series; ${s.alias} is ${FREQ_NAMES[s.freq] ?? s.freq}. Use the country's monthly headline series (e.g. <iso>.nights.total.m).`,
          'id',
        );
      }
      const observations = (await ctx.loaders.observations.load(s.id)).filter((o) => periodWithin(o.period, from, to));
      const result = seasonality(observations);
      return { years: result.years, index: SEASONALITY_INDEX_NOTE, months: result.rows };
    },
  }),
);
