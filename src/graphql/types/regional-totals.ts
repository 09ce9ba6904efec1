/** Region.totals: a world region's sums of its countries' own headline series for one measure. */
import { rowsWithin } from '../../domain/periods';
import { chooseSummable } from '../../domain/regional-series-choice';
import { regionalTotals, regionalTotalsNote, type RegionalTotalRow } from '../../domain/regional-totals';
import { scaleFactor } from '../../domain/scale';
import { invalidParameter, periodBounds } from '../args';
import { builder } from '../builder';
import { MeasureEnum } from '../enums';
import { PeriodScalar } from '../scalars';

interface Totals {
  region: string;
  measure: string;
  freq: string | null;
  unit: string | null;
  currency: string | null;
  countries: string[];
  leftOut: string[];
  rows: RegionalTotalRow[];
}

const RegionalTotalRowType = builder.objectRef<RegionalTotalRow>('RegionalTotalRow').implement({
  fields: (t) => ({
    period: t.exposeString('period'),
    value: t.exposeFloat('value', { description: 'Sum over the countries reporting, in units (publisher scales applied).' }),
    countriesReporting: t.exposeInt('countriesReporting'),
  }),
});

const RegionalTotalsType = builder.objectRef<Totals>('RegionalTotals').implement({
  description: 'Sums of the countries’ headline series of one frequency, unit and currency.',
  fields: (t) => ({
    measure: t.exposeString('measure'),
    freq: t.exposeString('freq', { nullable: true, description: 'Frequency summed: the most common among the headline series.' }),
    unit: t.exposeString('unit', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    countries: t.exposeStringList('countries', { description: 'ISO codes that contributed at least one value.' }),
    leftOut: t.exposeStringList('leftOut', { description: 'ISO codes whose headline series is of another frequency, unit or currency.' }),
    rows: t.field({ type: [RegionalTotalRowType], resolve: (r) => r.rows }),
    note: t.string({ description: 'What the totals are, or why nothing adds up, in words.', resolve: (r) => regionalTotalsNote(r) }),
  }),
});

builder.prismaObjectField('Region', 'totals', (t) =>
  t.field({
    type: RegionalTotalsType,
    description: "Totals built from the region's countries' own headline series for a measure, within [from, to].",
    authScopes: { developer: true },
    args: { measure: t.arg({ type: MeasureEnum, required: true }), from: t.arg({ type: PeriodScalar }), to: t.arg({ type: PeriodScalar }) },
    select: { slug: true, name: true },
    resolve: async (r, args, ctx) => {
      const { from, to } = periodBounds(args.from, args.to);
      const headline = await ctx.prisma.series.findMany({
        where: { headline: true, measure: args.measure, country: { regionSlug: r.slug } },
        select: { id: true, countryIso: true, freq: true, unit: true, currency: true, scale: true },
        orderBy: { countryIso: 'asc' },
      });
      const choice = chooseSummable(headline.map((s) => ({ ...s, country: s.countryIso })));
      if (!choice) return { region: r.name, measure: args.measure, freq: null, unit: null, currency: null, countries: [], leftOut: [], rows: [] };
      const observations = await ctx.loaders.observations.loadMany(choice.chosen.map((s) => s.id));
      const totals = regionalTotals(
        choice.chosen.map((s, i) => {
          const obs = observations[i];
          if (obs instanceof Error) throw obs;
          return { country: s.country, scaleFactor: scaleFactor(s.scale), observations: rowsWithin(obs, from, to) };
        }),
      );
      return {
        region: r.name,
        measure: args.measure,
        freq: choice.freq,
        unit: choice.unit,
        currency: choice.currency,
        countries: totals.countries,
        leftOut: choice.leftOut,
        rows: totals.rows,
      };
    },
  }),
);
