/** Query.fuel: monthly jet fuel and Brent crude prices with a 2019 index and year-on-year changes. */
import { FUEL_INDEX_BASE, FUEL_UNITS, fuelMonths, fuelNote, type FuelMonth, type PricePoint } from '../../domain/fuel';
import { addMonths, monthOfDate } from '../../domain/periods';
import { periodBounds } from '../args';
import { builder } from '../builder';
import { PeriodScalar } from '../scalars';

/** SPEC.md: history from 1990, and from 2015 when `from` is absent. */
const FIRST_MONTH = '1990-01';
const DEFAULT_FROM = '2015-01';

const FuelMonthType = builder.objectRef<FuelMonth>('FuelMonth').implement({
  description: 'One month of jet fuel (USD per US gallon and per litre) and Brent crude (USD per barrel) prices.',
  fields: (t) => ({
    month: t.exposeString('month'),
    jetFuelUsdGallon: t.exposeFloat('jetFuelUsdGallon', { nullable: true }),
    jetFuelUsdLitre: t.exposeFloat('jetFuelUsdLitre', { nullable: true }),
    jetFuelIndex: t.exposeFloat('jetFuelIndex', { nullable: true, description: '2019 average = 100.' }),
    jetFuelYoyPct: t.exposeFloat('jetFuelYoyPct', { nullable: true }),
    jetFuelDerived: t.exposeBoolean('jetFuelDerived', {
      description: 'True when the month is averaged by us from weekly EIA prices rather than published as a month.',
    }),
    crudeUsdBarrel: t.exposeFloat('crudeUsdBarrel', { nullable: true }),
    crudeIndex: t.exposeFloat('crudeIndex', { nullable: true, description: '2019 average = 100.' }),
    crudeYoyPct: t.exposeFloat('crudeYoyPct', { nullable: true }),
  }),
});

const FuelUnitsType = builder.objectRef<{ jetFuel: string; crude: string }>('FuelUnits').implement({
  fields: (t) => ({ jetFuel: t.exposeString('jetFuel'), crude: t.exposeString('crude') }),
});

interface FuelPrices {
  units: { jetFuel: string; crude: string };
  indexBase: string;
  note: string;
  months: FuelMonth[];
}

const FuelPricesType = builder.objectRef<FuelPrices>('FuelPrices').implement({
  fields: (t) => ({
    units: t.field({ type: FuelUnitsType, resolve: (f) => f.units }),
    indexBase: t.exposeString('indexBase'),
    note: t.exposeString('note', { description: 'Sources, and which jet fuel months are averaged by us from weekly prices.' }),
    months: t.field({ type: [FuelMonthType], resolve: (f) => f.months }),
  }),
});

builder.queryFields((t) => ({
  fuel: t.field({
    type: FuelPricesType,
    description:
      'Monthly jet fuel and Brent crude prices from 1990 (from 2015 when `from` is absent) to the last finished month, with a 2019 = 100 index and year-on-year changes.',
    authScopes: { analyst: true },
    args: { from: t.arg({ type: PeriodScalar }), to: t.arg({ type: PeriodScalar }) },
    complexity: 20,
    resolve: async (_root, args, ctx) => {
      const bounds = periodBounds(args.from, args.to);
      const rows = await ctx.prisma.price.findMany({
        where: { code: { in: ['jet_fuel', 'brent'] } },
        select: { code: true, period: true, value: true, derived: true },
        orderBy: { period: 'asc' },
      });
      const points = (code: string): PricePoint[] => rows.filter((r) => r.code === code);
      const jet = points('jet_fuel');
      const crude = points('brent');
      // A month still running (or after "today") has no monthly average yet.
      const lastFinished = addMonths(monthOfDate(ctx.now), -1);
      const newestPresent = rows.reduce((m, r) => (r.period > m ? r.period : m), FIRST_MONTH);
      const to = [bounds.to ?? lastFinished, lastFinished, newestPresent].sort()[0];
      const from = [bounds.from ?? DEFAULT_FROM, FIRST_MONTH].sort()[1];
      return {
        units: { jetFuel: FUEL_UNITS.jetFuel, crude: FUEL_UNITS.crude },
        indexBase: FUEL_INDEX_BASE,
        note: fuelNote(jet),
        months: from <= to ? fuelMonths(jet, crude, from, to) : [],
      };
    },
  }),
}));
