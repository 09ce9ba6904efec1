/** Series search, latest figure by plan, method breaks, revisions summary and source tables. */
import { searchSeriesIds } from '../../db/queries';
import { versionDate } from '../../domain/releases';
import { newestVisible, visibleFrom } from '../../domain/visibility';
import { yoyPct } from '../../domain/yoy';
import { yearBefore } from '../../domain/periods';
import { invalidParameter, isoArg, limitArg, PAGED_LIST_MAX } from '../args';
import { builder } from '../builder';
import { SeriesType } from './series';
import { summariseTables } from '../../domain/tables';

builder.queryFields((t) => ({
  seriesSearch: t.prismaField({
    type: [SeriesType],
    description:
      'Full-text search over series names in every language held: accent- and case-insensitive, words match as prefixes; ranked by match, then freshness.',
    authScopes: { developer: true },
    args: {
      q: t.arg.string({ required: true }),
      country: t.arg.string(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: async (query, _root, args, ctx) => {
      if (!args.q.trim()) throw invalidParameter('q must not be empty.', 'q');
      if (args.q.length > 200) throw invalidParameter('q is too long.', 'q');
      const offset = args.offset ?? 0;
      if (!Number.isInteger(offset) || offset < 0) throw invalidParameter('offset must be a whole number.', 'offset');
      const ids = await searchSeriesIds(ctx.prisma, args.q, {
        country: args.country ? isoArg(args.country) : undefined,
        limit: limitArg(args.limit, PAGED_LIST_MAX) ?? 50,
        offset,
      });
      const rows = await ctx.prisma.series.findMany({ ...query, where: { id: { in: ids } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!).filter(Boolean);
    },
  }),
}));

const LatestType = builder
  .objectRef<{ period: string; value: number; yearBefore: number | null; yoyPct: number | null }>('LatestFigure')
  .implement({
    fields: (t) => ({
      period: t.exposeString('period'),
      value: t.exposeFloat('value'),
      yearBefore: t.exposeFloat('yearBefore', { nullable: true }),
      yoyPct: t.exposeFloat('yoyPct', { nullable: true, description: 'Percentage change on the same period a year before (1 decimal).' }),
    }),
  });

builder.prismaObjectFields('Series', (t) => ({
  latest: t.field({
    type: LatestType,
    nullable: true,
    description:
      'The newest figure the plan can see (developer: published more than 30 days ago; analyst and intel: all), the same period a year before and the change.',
    authScopes: { developer: true },
    select: { id: true },
    resolve: async (s, _args, ctx) => {
      const observations = await ctx.loaders.observations.load(s.id);
      const newest = newestVisible(observations, visibleFrom(ctx.plan, ctx.now));
      if (!newest) return null;
      const before = observations.find((o) => o.period === yearBefore(newest.period))?.value ?? null;
      return { period: newest.period, value: newest.value!, yearBefore: before, yoyPct: yoyPct(newest.value, before) };
    },
  }),
  breaks: t.stringList({
    description: 'Periods the publisher flags as a break in the series (method or definition change).',
    authScopes: { developer: true },
    select: (_args, _ctx, nestedSelection) => ({
      observations: nestedSelection({ where: { status: 'break' }, select: { period: true }, orderBy: { period: 'asc' as const } }),
    }),
    resolve: (s) => s.observations.map((o) => o.period),
  }),
  lastRevised: t.string({
    nullable: true,
    description: 'When a figure of this series was last revised (ISO timestamp of the release).',
    authScopes: { developer: true },
    select: { revisions: { select: { newRelease: true }, orderBy: { id: 'desc' as const }, take: 1 } },
    resolve: (s) => (s.revisions[0] ? versionDate(s.revisions[0].newRelease) : null),
  }),
}));

const TableSummaryType = builder
  .objectRef<ReturnType<typeof summariseTables>[number]>('TableSummary')
  .implement({
    description: 'A published source table with the series held from it.',
    fields: (t) => ({
      table: t.exposeString('table'),
      title: t.exposeString('title'),
      publisher: t.exposeString('publisher'),
      url: t.exposeString('url'),
      series: t.exposeInt('series'),
      first: t.exposeString('first'),
      last: t.exposeString('last'),
      measures: t.exposeStringList('measures'),
    }),
  });

builder.queryFields((t) => ({
  tables: t.field({
    type: [TableSummaryType],
    description: "Published source tables behind the series (of one country's series when `country` is given).",
    authScopes: { developer: true },
    args: { country: t.arg.string(), limit: t.arg.int(), after: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const country = args.country ? isoArg(args.country) : undefined;
      const [tables, series] = await Promise.all([
        ctx.prisma.sourceTable.findMany({ orderBy: { code: 'asc' } }),
        ctx.prisma.series.findMany({
          where: country ? { countryIso: country } : {},
          select: { tableCode: true, measure: true, first: true, last: true },
        }),
      ]);
      const rows = summariseTables(tables, series).filter((r) => !args.after || r.table > args.after);
      const limit = limitArg(args.limit, PAGED_LIST_MAX);
      return limit ? rows.slice(0, limit) : rows;
    },
  }),
}));
