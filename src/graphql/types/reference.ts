/** Root fields for places, series lookup, holidays, exchange rates and service status. */
import { ApiError, notFound } from '../../errors';
import { throws } from '../operation-plan';
import type { HolidayRow } from '../../domain/holidays';
import { holidaysFor } from '../holiday-rules';
import { MONTHLY_RULE } from '../../domain/monthly';
import { monthsBehind } from '../../domain/periods';
import type { Freq } from '../../domain/types';
import type { RegionSlug } from '../../ingest/un-tourism-regions';
import { distinctCodes, invalidParameter } from '../args';
import { builder } from '../builder';
import { CountryCodeScalar, CurrencyCodeScalar, DateScalar, SeriesRefScalar, YearScalar } from '../scalars';
import { FrequencyEnum, MeasureEnum, UnTourismRegionEnum } from '../enums';
import { countriesPageCost, seriesPageCost, WORK_COST } from '../cost';
import type { GraphQLContext } from '../context';
import type { Country, Prisma } from '../../generated/prisma/client';
import { createContextCache } from '@pothos/core';
import { countryFrequencies } from '../country-frequency';
import { sourcesOfStatus } from '../source-status';
import type { SourceStatus } from '../../ingest/source-status';

const SeriesFilterInput = builder.inputType('SeriesFilter', {
  description: 'Which series to list; every field given must match.',
  fields: (t) => ({
    country: t.field({ type: [CountryCodeScalar], description: 'ISO 3166 two-letter codes (one code or a list).' }),
    measure: t.field({ type: MeasureEnum }),
    breakdown: t.string({ description: 'Dimension (origin, purpose, region …), or `total` for the publishers\' own totals.' }),
    freq: t.field({ type: FrequencyEnum }),
    headline: t.boolean({ description: "Only each country's headline series of a measure (or only the others)." }),
  }),
});

/** The countries asked for: the codes listed, of the frequency asked (MONTHLY_RULE), in the region asked. */
async function countryWhere(args: { isos?: string[] | null; freq?: Freq | null; region?: RegionSlug | null }, ctx: GraphQLContext) {
  const listed = args.isos ? distinctCodes(args.isos) : null;
  let isos = listed;
  if (args.freq) {
    const { frequency } = await countryFrequencies(ctx);
    const ofFreq = [...frequency].filter(([, f]) => f === args.freq).map(([iso]) => iso);
    isos = listed ? ofFreq.filter((iso) => listed.includes(iso)) : ofFreq;
  }
  return {
    ...(isos ? { iso: { in: isos } } : {}),
    ...(args.region ? { regionSlug: args.region } : {}),
  };
}

/**
 * Per request, the countries read for one query and filter: the aliases of one list (a caller may
 * send a hundred) share one read and one set of rows, which the executor only reads.
 */
const countryReads = createContextCache(() => new Map<string, Promise<Country[]>>());

function countriesOnce(ctx: GraphQLContext, query: Omit<Prisma.CountryFindManyArgs, 'where' | 'orderBy'>, where: Prisma.CountryWhereInput): Promise<Country[]> {
  const reads = countryReads(ctx);
  const key = JSON.stringify([query, where]);
  let rows = reads.get(key);
  if (!rows) reads.set(key, (rows = ctx.prisma.country.findMany({ ...query, where, orderBy: { iso: 'asc' } })));
  return rows;
}

builder.queryFields((t) => ({
  countries: t.prismaConnection(
    {
      type: 'Country',
      cursor: 'iso',
      complexity: countriesPageCost,
      description:
        `Every place held, ordered by ISO code. \`freq\` keeps the countries of that frequency. ${MONTHLY_RULE}`,
      args: {
        isos: t.arg({ type: [CountryCodeScalar], description: 'Only these ISO codes (codes not held are left out).' }),
        freq: t.arg({ type: FrequencyEnum }),
        region: t.arg({ type: UnTourismRegionEnum }),
      },
      totalCount: async (_root, args, ctx) => ctx.prisma.country.count({ where: await countryWhere(args, ctx) }),
      resolve: async (query, _root, args, ctx) => countriesOnce(ctx, query, await countryWhere(args, ctx)),
    },
    { name: 'CountryConnection' },
    { name: 'CountryEdge' },
  ),
  country: t.prismaField({
    type: 'Country',
    nullable: true,
    description: 'One country by ISO 3166 code; null, with an `unknown_country` error, when it is not held.',
    extensions: throws('unknown_country'),
    args: { iso: t.arg({ type: CountryCodeScalar, required: true }) },
    resolve: async (query, _root, { iso }, ctx) => {
      const country = await ctx.prisma.country.findUnique({ ...query, where: { iso } });
      if (!country) throw notFound.country(iso);
      return country;
    },
  }),
  regions: t.prismaField({
    type: ['Region'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.region.findMany({ ...query, orderBy: { slug: 'asc' } }),
  }),
  region: t.prismaField({
    type: 'Region',
    nullable: true,
    // One region's figures are /v1/regions/{region}'s, a developer route (the list of regions is free).
    authScopes: { developer: true },
    description: 'One UN Tourism region by slug; null, with an `unknown_region` error, when it is not held.',
    extensions: throws('unknown_region'),
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const region = await ctx.prisma.region.findUnique({ ...query, where: { slug: args.slug.toLowerCase() } });
      if (!region) throw notFound.region(args.slug);
      return region;
    },
  }),
  seriesById: t.prismaField({
    type: 'Series',
    nullable: true,
    authScopes: { developer: true },
    description: 'One series by id (`sr_…`) or alias (`es.nights.total.m`); null, with an `unknown_series` error, when it is not held.',
    extensions: throws('unknown_series'),
    args: { id: t.arg({ type: SeriesRefScalar, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const series = await ctx.prisma.series.findFirst({ ...query, where: { OR: [{ id: args.id }, { alias: args.id }] } });
      if (!series) throw notFound.series(args.id);
      return series;
    },
  }),
  series: t.prismaConnection(
    {
      type: 'Series',
      cursor: 'alias',
      authScopes: { developer: true },
      complexity: seriesPageCost,
      description: 'Series by country, measure, breakdown, frequency and headline, ordered by alias.',
      args: { filter: t.arg({ type: SeriesFilterInput }) },
      totalCount: (_root, args, ctx) => ctx.prisma.series.count({ where: seriesWhere(args.filter) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.series.findMany({ ...query, where: seriesWhere(args.filter), orderBy: { alias: 'asc' } }),
    },
    { name: 'SeriesConnection' },
    { name: 'SeriesEdge' },
  ),
}));

/** What /v1's `country` parameter rejects: the codes not present (the list fields leave them out). */
builder.queryField('heldCountries', (t) =>
  t.stringList({
    nullable: true,
    description:
      'The ISO codes given, upper-cased and each once, when every one is held; otherwise an `unknown_country` error naming those that are not ' +
      '(what `/v1` answers for its `country` parameter, where `countries(isos:)` leaves them out). Null when no list is given.',
    extensions: throws('unknown_country'),
    args: { isos: t.arg({ type: [CountryCodeScalar] }) },
    resolve: async (_root, args, ctx) => {
      if (!args.isos) return null;
      const isos = distinctCodes(args.isos);
      const existing = new Set((await ctx.prisma.country.findMany({ where: { iso: { in: isos } }, select: { iso: true } })).map((c) => c.iso));
      const missing = isos.filter((iso) => !existing.has(iso));
      if (missing.length) throw notFound.country(missing.join(', '));
      return isos;
    },
  }),
);

function seriesWhere(filter: typeof SeriesFilterInput.$inferInput | null | undefined) {
  if (!filter) return {};
  return {
    ...(filter.country ? { countryIso: { in: distinctCodes(filter.country) } } : {}),
    ...(filter.measure ? { measure: filter.measure } : {}),
    ...(filter.breakdown ? { breakdown: filter.breakdown === 'total' ? null : filter.breakdown } : {}),
    ...(filter.freq ? { freq: filter.freq } : {}),
    ...(filter.headline != null ? { headline: filter.headline } : {}),
  };
}

const HolidayType = builder
  .objectRef<HolidayRow>('Holiday')
  .implement({
    fields: (t) => ({
      country: t.exposeString('country'),
      date: t.expose('date', { type: DateScalar }),
      name: t.exposeString('name'),
      localName: t.exposeString('localName'),
      national: t.exposeBoolean('national'),
      regions: t.exposeStringList('regions'),
    }),
  });

const FxQuoteType = builder.objectRef<{ quote: string; rate: number }>('FxQuote').implement({
  fields: (t) => ({ quote: t.exposeString('quote'), rate: t.exposeFloat('rate') }),
});

const FxLatestType = builder
  .objectRef<{ base: string; date: string; quotes: { quote: string; rate: number }[] }>('FxLatest')
  .implement({
    description: 'ECB euro reference rates of the newest business day held: units of currency per 1 EUR.',
    fields: (t) => ({
      base: t.exposeString('base'),
      date: t.expose('date', { type: DateScalar }),
      quotes: t.field({ type: [FxQuoteType], resolve: (r) => r.quotes }),
    }),
  });

const SourceCheckEnum = builder.enumType('SourceCheck', {
  description: 'How the last check of a source at its publisher ended.',
  values: {
    ok: { value: 'ok', description: 'A new file was taken.' },
    unchanged: { value: 'unchanged', description: "The publisher's file is the one held." },
    failed: { value: 'failed', description: 'The check failed (see `reason`); the last good file is kept.' },
  } as const,
});

const SourceStatusType = builder.objectRef<SourceStatus>('SourceStatus').implement({
  description: 'One source: its official address, its last check at the publisher and the period the served release reaches from it.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    publisher: t.exposeString('publisher'),
    address: t.exposeString('address', { description: 'The official address: the file itself, or the page that links the newest file.' }),
    fetchedFrom: t.exposeString('fetchedFrom', { nullable: true, description: 'The address the held copy came from (the dated file a page linked).' }),
    lastChecked: t.exposeString('lastChecked', { nullable: true }),
    lastChanged: t.exposeString('lastChanged', { nullable: true }),
    state: t.field({ type: SourceCheckEnum, nullable: true, description: 'Null: not checked by this deployment (files given with --sources, or a replica).', resolve: (s) => s.state }),
    reason: t.exposeString('reason', { nullable: true }),
    periodReached: t.exposeString('periodReached', { nullable: true, description: "The newest period the served release holds from this source's files." }),
  }),
});

const StatusType = builder
  .objectRef<{
    ok: boolean;
    lastLoad: string;
    dataAsOf: string;
    countries: number;
    monthlyCountries: number;
    monthlyWithin2Months: number;
  }>('Status')
  .implement({
    fields: (t) => ({
      ok: t.exposeBoolean('ok'),
      lastLoad: t.exposeString('lastLoad'),
      dataAsOf: t.exposeString('dataAsOf'),
      countries: t.exposeInt('countries'),
      monthlyCountries: t.exposeInt('monthlyCountries', { description: 'Countries that are monthly (see `Country.monthly`).' }),
      monthlyWithin2Months: t.exposeInt('monthlyWithin2Months', { description: 'Monthly countries whose newest month is at most 2 months behind (months_behind ≤ 2).' }),
      sources: t.field({
        type: [SourceStatusType],
        description: 'Every source with its official address, its last check at the publisher (REFRESH_SCHEDULE) and the period it reaches.',
        resolve: (_status, _args, ctx) => sourcesOfStatus(ctx),
      }),
    }),
  });

builder.queryFields((t) => ({
  holidays: t.field({
    type: [HolidayType],
    description: 'Public holidays of one country and year, national and regional.',
    complexity: { field: WORK_COST.holidayYear, multiplier: 1 },
    args: { iso: t.arg({ type: CountryCodeScalar, required: true }), year: t.arg({ type: YearScalar, description: 'The current year when absent.' }) },
    resolve: (_root, args, ctx) => {
      const year = args.year ?? ctx.now.getUTCFullYear();
      return holidaysFor(args.iso, year, 'local', ctx.budget?.signal);
    },
  }),
  fxLatest: t.field({
    type: FxLatestType,
    args: { currencies: t.arg({ type: [CurrencyCodeScalar] }) },
    resolve: async (_root, args, ctx) => {
      // Each code once, so a list of any length binds at most 26³ values.
      const wanted = args.currencies && [...new Set(args.currencies)];
      const newest = await ctx.prisma.fxRate.findFirst({ orderBy: { date: 'desc' }, select: { date: true } });
      if (!newest) throw new ApiError('data_unavailable', 'No exchange rates are held.');
      const rows = await ctx.prisma.fxRate.findMany({
        where: { date: newest.date, ...(wanted ? { currency: { in: wanted } } : {}) },
        orderBy: { currency: 'asc' },
      });
      for (const c of wanted ?? []) {
        if (!rows.some((r) => r.currency === c)) throw invalidParameter(`No ECB reference rate is held for ${c}.`, 'currency');
      }
      return { base: 'EUR', date: newest.date, quotes: rows.map((r) => ({ quote: r.currency, rate: r.rate })) };
    },
  }),
  status: t.field({
    type: StatusType,
    resolve: async (_root, _args, ctx) => {
      const [countries, { monthly }] = await Promise.all([ctx.prisma.country.count(), countryFrequencies(ctx)]);
      const newestMonths = [...monthly.values()].map((list) => list.map((s) => s.last).sort().pop()!);
      return {
        ok: true,
        lastLoad: ctx.snapshot.loadedAt,
        dataAsOf: ctx.snapshot.dataAsOf,
        countries,
        monthlyCountries: monthly.size,
        monthlyWithin2Months: newestMonths.filter((month) => monthsBehind(month, ctx.now) <= 2).length,
      };
    },
  }),
}));
