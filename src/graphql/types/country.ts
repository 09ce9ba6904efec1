/** Country and Region: the places present, with depth, freshness and measures carried. */
import { primarySeries } from '../../domain/country-summary';
import { MONTHLY_RULE } from '../../domain/monthly';
import { monthsBehind } from '../../domain/periods';
import { supportedStatistics, type StatisticRef } from '../../domain/statistics';
import { builder } from '../builder';
import { FrequencyEnum, MeasureEnum, oneOf, PlanEnum, REGION_SLUGS, UnTourismRegionEnum } from '../enums';
import { MEASURES } from '../../domain/types';
import { REGION_COUNTRIES_COST } from '../cost';
import { countryFrequencies } from '../country-frequency';
import { countrySeries, seriesNodes } from '../indexed-series';
import { SeriesType } from './series';

const StatisticRefType = builder
  .objectRef<StatisticRef>('StatisticRef')
  .implement({
    fields: (t) => ({ name: t.exposeString('name'), path: t.exposeString('path'), plan: t.expose('plan', { type: PlanEnum }) }),
  });

export const RegionType = builder.prismaObject('Region', {
  description: "One of UN Tourism's five world regions.",
  fields: (t) => ({
    slug: t.exposeString('slug'),
    code: t.field({
      type: UnTourismRegionEnum,
      description: 'The region as an enum value (the slug with `_` for `-`).',
      resolve: (r) => oneOf(REGION_SLUGS, r.slug),
    }),
    name: t.exposeString('name'),
    countries: t.relation('countries', { query: { orderBy: { iso: 'asc' } }, complexity: REGION_COUNTRIES_COST }),
  }),
});

export const CountryType = builder.prismaObject('Country', {
  description: 'A country or territory held by at least one source.',
  fields: (t) => ({
    iso: t.exposeString('iso', { description: 'ISO 3166-1 alpha-2 code.' }),
    iso3: t.exposeString('iso3'),
    name: t.exposeString('name'),
    wikidataId: t.exposeString('wikidataId', { nullable: true }),
    m49: t.exposeString('m49', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    region: t.relation('region', { nullable: true }),
    regionName: t.string({
      nullable: true,
      select: { region: { select: { name: true } } },
      resolve: (c) => c.region?.name ?? null,
    }),
    monthly: t.boolean({
      description: `Whether the country is monthly. ${MONTHLY_RULE}`,
      resolve: async (c, _args, ctx) => (await countryFrequencies(ctx)).frequency.get(c.iso) === 'M',
    }),
    first: t.exposeString('first', { nullable: true, description: "Earliest period of the country's primary headline series." }),
    latest: t.exposeString('latest', { nullable: true, description: "Newest period held in the country's primary headline series." }),
    monthsBehind: t.int({
      nullable: true,
      description: 'Whole months between the current month and the month after the newest period held.',
      resolve: (c, _args, ctx) => (c.latest ? monthsBehind(c.latest, ctx.now) : null),
    }),
    measures: t.field({ type: [MeasureEnum], resolve: (c) => (c.measures ? c.measures.split(',').map((m) => oneOf(MEASURES, m)) : []) }),
    statistics: t.field({
      type: [StatisticRefType],
      description: 'Derived statistics this country supports, with where each is served.',
      select: { series: { select: { measure: true, freq: true, breakdown: true, headline: true, tableCode: true, last: true } } },
      resolve: async (c, _args, ctx) => {
        const [shift, rivals, frequencies] = await Promise.all([ctx.loaders.originShift.load(c.iso), ctx.loaders.rivals.load(c.iso), countryFrequencies(ctx)]);
        const computed = {
          originShift: shift,
          rivals: rivals.rivals.length > 0,
          monthly: frequencies.frequency.get(c.iso) === 'M',
          primaryMonthly: primarySeries(c.series)?.freq === 'M',
        };
        return supportedStatistics(c.iso, c.series, computed);
      },
    }),
    series: t.field({
      type: [SeriesType],
      description: 'Series held for this country, optionally only headline ones or one measure.',
      authScopes: { developer: true },
      args: {
        measure: t.arg({ type: MeasureEnum }),
        headline: t.arg.boolean(),
        freq: t.arg({ type: FrequencyEnum }),
      },
      // From the release's series index, by alias, as the search answers: no statement for the
      // columns and names it holds (indexed-series.ts).
      resolve: (c, args, ctx, info) => seriesNodes(ctx, info, countrySeries(ctx.snapshot, c.iso, args)),
    }),
  }),
});

builder.prismaObjectField('Country', 'peers', (t) =>
  t.field({
    type: [CountryType],
    description: 'Every other country in the same world region.',
    complexity: REGION_COUNTRIES_COST,
    // Through the region relation, so a list of countries costs one more statement, not one per country.
    select: (_args, _ctx, nestedSelection) => ({
      region: { select: { countries: nestedSelection({ orderBy: { iso: 'asc' as const } }) } },
    }),
    resolve: (c) => (c.region?.countries ?? []).filter((p) => p.iso !== c.iso),
  })
);
