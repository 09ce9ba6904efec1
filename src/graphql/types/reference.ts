/** Root fields for places, series lookup, holidays, exchange rates and service status. */
import { GraphQLError } from 'graphql';
import { holidaysOf } from '../../domain/holidays';
import { monthsBehind } from '../../domain/periods';
import { freqArg, invalidParameter, isoArg, limitArg, PAGED_LIST_MAX } from '../args';
import { builder } from '../builder';

/** Countries whose primary headline series is of `freq`, told by the shape of their `latest` period. */
function primaryFreqFilter(freq: string) {
  if (freq === 'M') return { monthly: true };
  if (freq === 'Q') return { latest: { contains: 'Q' } };
  return { latest: { not: { contains: '-' } } };
}

builder.queryFields((t) => ({
  countries: t.prismaField({
    type: ['Country'],
    description:
      'Every place held, ordered by ISO code. `freq` keeps countries whose primary headline series (the one `first`, `latest` and `monthly` describe) is of that frequency.',
    args: {
      isos: t.arg.stringList({ description: 'Only these ISO codes (codes not held are left out).' }),
      freq: t.arg.string(),
      limit: t.arg.int(),
      after: t.arg.string({ description: 'ISO code to start after.' }),
    },
    complexity: (args) => ({ field: 1, multiplier: Math.min(args.limit ?? 250, 250) / 10 }),
    resolve: (query, _root, args, ctx) => {
      const freq = freqArg(args.freq);
      return ctx.prisma.country.findMany({
        ...query,
        where: {
          ...(freq ? primaryFreqFilter(freq) : {}),
          ...(args.isos ? { iso: { in: args.isos.map(isoArg) } } : {}),
          ...(args.after ? { AND: [{ iso: { gt: args.after } }] } : {}),
        },
        orderBy: { iso: 'asc' },
        take: limitArg(args.limit, PAGED_LIST_MAX),
      });
    },
  }),
  country: t.prismaField({
    type: 'Country',
    nullable: true,
    args: { iso: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.country.findUnique({ ...query, where: { iso: isoArg(args.iso) } }),
  }),
  regions: t.prismaField({
    type: ['Region'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.region.findMany({ ...query, orderBy: { slug: 'asc' } }),
  }),
  region: t.prismaField({
    type: 'Region',
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.region.findUnique({ ...query, where: { slug: args.slug } }),
  }),
  series: t.prismaField({
    type: 'Series',
    nullable: true,
    description: 'One series by id (`sr_…`) or alias (`es.nights.total.m`).',
    args: { id: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.series.findFirst({ ...query, where: { OR: [{ id: args.id }, { alias: args.id.toLowerCase() }] } }),
  }),
}));

const HolidayType = builder
  .objectRef<ReturnType<typeof holidaysOf>[number]>('Holiday')
  .implement({
    fields: (t) => ({
      country: t.exposeString('country'),
      date: t.exposeString('date'),
      name: t.exposeString('name'),
      localName: t.exposeString('local_name'),
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
      date: t.exposeString('date'),
      quotes: t.field({ type: [FxQuoteType], resolve: (r) => r.quotes }),
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
      monthlyCountries: t.exposeInt('monthlyCountries'),
      monthlyWithin2Months: t.exposeInt('monthlyWithin2Months'),
    }),
  });

builder.queryFields((t) => ({
  holidays: t.field({
    type: [HolidayType],
    description: 'Public holidays of one country and year, national and regional.',
    args: { iso: t.arg.string({ required: true }), year: t.arg.int() },
    resolve: (_root, args, ctx) => {
      const year = args.year ?? ctx.now.getUTCFullYear();
      if (year < 1900 || year > 2100) throw invalidParameter('year must be between 1900 and 2100.', 'year');
      return holidaysOf(isoArg(args.iso), year);
    },
  }),
  fxLatest: t.field({
    type: FxLatestType,
    args: { currencies: t.arg.stringList() },
    resolve: async (_root, args, ctx) => {
      const wanted = args.currencies?.map((c) => c.toUpperCase());
      for (const c of wanted ?? []) {
        if (!/^[A-Z]{3}$/.test(c)) throw invalidParameter(`"${c}" is not an ISO 4217 code.`, 'currency');
      }
      const newest = await ctx.prisma.fxRate.findFirst({ orderBy: { date: 'desc' }, select: { date: true } });
      if (!newest) throw new GraphQLError('No exchange rates are held.', { extensions: { code: 'data_unavailable' } });
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
      const countries = await ctx.prisma.country.findMany({ select: { monthly: true, latest: true } });
      const monthly = countries.filter((c) => c.monthly && c.latest);
      return {
        ok: true,
        lastLoad: ctx.snapshot.loadedAt,
        dataAsOf: ctx.snapshot.dataAsOf,
        countries: countries.length,
        monthlyCountries: monthly.length,
        monthlyWithin2Months: monthly.filter((s) => monthsBehind(s.latest!, ctx.now) <= 2).length,
      };
    },
  }),
}));
