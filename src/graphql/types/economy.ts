/** Country.economy and Country.tourismEconomy: economy indicators and travel receipts beside them. */
import { ECONOMY_INDICATORS, economyYears, type Economy, type EconomyYear } from '../../domain/economy';
import { parsePeriod } from '../../domain/periods';
import { tourismBalance, type TourismBalance, type TourismYear } from '../../domain/tourism-balance';
import { inUnits } from '../../domain/scale';
import { periodBounds } from '../args';
import { builder } from '../builder';
import { PeriodScalar } from '../scalars';
import { WORK_COST } from '../cost';

const EconomyYearType = builder.objectRef<EconomyYear>('EconomyYear').implement({
  description: 'Economy indicators of one year. World Bank history; IMF WEO where the Bank has no figure.',
  fields: (t) => ({
    year: t.exposeInt('year'),
    projection: t.exposeBoolean('projection', { description: 'True when any figure of the year is an IMF projection.' }),
    gdpGrowthPct: t.exposeFloat('gdpGrowthPct', { nullable: true }),
    inflationPct: t.exposeFloat('inflationPct', { nullable: true }),
    gdpUsdBn: t.exposeFloat('gdpUsdBn', { nullable: true }),
    gdpPerCapitaUsd: t.exposeFloat('gdpPerCapitaUsd', { nullable: true }),
    populationM: t.exposeFloat('populationM', { nullable: true }),
    unemploymentPct: t.exposeFloat('unemploymentPct', { nullable: true }),
    currentAccountPctGdp: t.exposeFloat('currentAccountPctGdp', { nullable: true }),
  }),
});

const EconomyType = builder.objectRef<Economy>('Economy').implement({
  fields: (t) => ({
    note: t.exposeString('note', { description: 'Which source each figure comes from.' }),
    years: t.field({ type: [EconomyYearType], description: 'Newest year first.', resolve: (e) => e.years }),
  }),
});

/** First year whose whole span lies on or after `from` (a month or quarter bound starts the next year). */
function fromYear(from: string | null | undefined): number | undefined {
  const month = periodBounds(from).from;
  if (!month) return undefined;
  const { year, month: m } = parsePeriod(month)!;
  return m === 1 ? year : year + 1;
}

builder.prismaObjectField('Country', 'economy', (t) =>
  t.field({
    type: EconomyType,
    description: 'Economy indicators by year, newest first; projection years flagged.',
    authScopes: { analyst: true },
    complexity: WORK_COST.economyTable,
    args: { from: t.arg({ type: PeriodScalar, description: 'First year (YYYY; a month or quarter bound starts the next whole year).' }) },
    select: {
      indicators: {
        where: { indicator: { in: ECONOMY_INDICATORS } },
        select: { indicator: true, year: true, value: true, projection: true },
      },
    },
    resolve: (c, args) => economyYears(c.indicators, fromYear(args.from)),
  }),
);

const TourismYearType = builder.objectRef<TourismYear>('TourismYear').implement({
  fields: (t) => ({
    year: t.exposeInt('year'),
    receiptsUsd: t.exposeFloat('receiptsUsd', { nullable: true }),
    spendingAbroadUsd: t.exposeFloat('spendingAbroadUsd', { nullable: true }),
    arrivals: t.exposeFloat('arrivals', { nullable: true, description: 'Summed over whole years only.' }),
    receiptsPerArrivalUsd: t.exposeFloat('receiptsPerArrivalUsd', { nullable: true }),
    receiptsShareGdpPct: t.exposeFloat('receiptsShareGdpPct', { nullable: true }),
  }),
});

interface TourismQuarter {
  quarter: string;
  receiptsUsd: number | null;
  receiptsChangePct: number | null;
  spendingAbroadUsd: number | null;
  spendingChangePct: number | null;
}

const TourismQuarterType = builder.objectRef<TourismQuarter>('TourismQuarter').implement({
  fields: (t) => ({
    quarter: t.exposeString('quarter'),
    receiptsUsd: t.exposeFloat('receiptsUsd', { nullable: true }),
    receiptsChangePct: t.exposeFloat('receiptsChangePct', { nullable: true }),
    spendingAbroadUsd: t.exposeFloat('spendingAbroadUsd', { nullable: true }),
    spendingChangePct: t.exposeFloat('spendingChangePct', { nullable: true }),
  }),
});

const TourismEconomyType = builder.objectRef<TourismBalance>('TourismEconomy').implement({
  fields: (t) => ({
    latestYear: t.exposeInt('latestYear', { nullable: true }),
    note: t.exposeString('note'),
    quarters: t.field({
      type: [TourismQuarterType],
      description: 'The last eight quarters, newest first. Empty: no quarterly source is held (see note).',
      resolve: () => [],
    }),
    years: t.field({ type: [TourismYearType], description: 'Newest year first.', resolve: (b) => b.years }),
  }),
});

const TOURISM_INDICATORS = ['ST.INT.RCPT.CD', 'ST.INT.ARVL', 'NY.GDP.MKTP.CD'];

interface CountrySeries {
  alias: string;
  tableCode: string;
  measure: string;
  breakdown: string | null;
  member: string | null;
  freq: string;
  headline: boolean;
  scale: string | null;
  derivationRule: string | null;
  names: { name: string }[];
  observations: { period: string; value: number | null }[];
}

/** Annual values in units (the publisher's scale applied), by year. */
function annualValues(series: CountrySeries | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const o of series?.observations ?? []) {
    if (o.value !== null && /^\d{4}$/.test(o.period)) out.set(Number(o.period), inUnits(o.value, series?.scale));
  }
  return out;
}

builder.prismaObjectField('Country', 'tourismEconomy', (t) =>
  t.field({
    type: TourismEconomyType,
    description: 'Travel receipts and spending abroad by year beside the size of the economy, with arrivals summed over whole years.',
    authScopes: { analyst: true },
    complexity: WORK_COST.economyTable,
    select: {
      indicators: {
        where: { indicator: { in: TOURISM_INDICATORS } },
        select: { indicator: true, year: true, value: true },
      },
      series: {
        where: {
          OR: [
            { tableCode: 'unwto_inbound_expenditure', breakdown: null, freq: 'A' },
            { tableCode: 'unwto_inbound_expenditure', breakdown: 'item', member: 'travel', freq: 'A' },
            { tableCode: 'unwto_outbound_expenditure', breakdown: 'direction', member: 'outbound', freq: 'A' },
            { tableCode: 'unwto_outbound_expenditure', breakdown: 'outbound-item', member: 'travel', freq: 'A' },
            { tableCode: 'unwto_inbound_arrivals', breakdown: null, freq: 'A' },
            { measure: 'arrivals', freq: 'M', OR: [{ breakdown: null }, { breakdown: 'residence', member: 'foreign' }] },
          ],
        },
        select: {
          alias: true,
          tableCode: true,
          measure: true,
          breakdown: true,
          member: true,
          freq: true,
          headline: true,
          scale: true,
          derivationRule: true,
          names: { where: { lang: 'en' }, select: { name: true } },
          observations: { select: { period: true, value: true }, orderBy: { period: 'asc' } },
        },
      },
    },
    resolve: (c) => {
      const indicator = (code: string) =>
        new Map(c.indicators.filter((i) => i.indicator === code).map((i) => [i.year, i.value]));
      const series = c.series as CountrySeries[];
      const find = (pred: (s: CountrySeries) => boolean) => series.find(pred);
      // Receipts are spent by non-residents, so the non-resident count is the matching one where present.
      // Only the publisher's own monthly total is summed, headline or not: months derived at ingest (a
      // breakdown's sum) yield to the annual total the publisher gives.
      const monthly =
        find((s) => s.freq === 'M' && s.breakdown === 'residence' && s.member === 'foreign' && s.derivationRule === null) ??
        find((s) => s.freq === 'M' && s.breakdown === null && s.derivationRule === null);
      return tourismBalance({
        receiptsWorldBank: indicator('ST.INT.RCPT.CD'),
        receiptsUnTourism: annualValues(find((s) => s.tableCode === 'unwto_inbound_expenditure' && s.breakdown === null)),
        receiptsUnTourismTravel: annualValues(find((s) => s.tableCode === 'unwto_inbound_expenditure' && s.member === 'travel')),
        spendingAbroad: annualValues(find((s) => s.tableCode === 'unwto_outbound_expenditure' && s.breakdown === 'direction')),
        spendingAbroadTravel: annualValues(find((s) => s.tableCode === 'unwto_outbound_expenditure' && s.member === 'travel')),
        monthlyArrivals: monthly
          ? {
              series: monthly.alias,
              description: monthly.names[0]?.name ?? monthly.alias,
              observations: monthly.observations.map((o) => ({
                period: o.period,
                value: o.value === null ? null : inUnits(o.value, monthly.scale),
              })),
            }
          : null,
        annualArrivalsWorldBank: indicator('ST.INT.ARVL'),
        annualArrivalsUnTourism: annualValues(find((s) => s.tableCode === 'unwto_inbound_arrivals')),
        gdpUsd: indicator('NY.GDP.MKTP.CD'),
      });
    },
  }),
);
