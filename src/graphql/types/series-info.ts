/** Series search, latest figure by plan, method breaks, revisions summary and source tables. */
import { countSeriesMatches, searchSeriesIds } from '../../db/queries';
import { versionDate } from '../../domain/releases';
import { newestVisible, visibleFrom } from '../../domain/visibility';
import { yoyPct } from '../../domain/yoy';
import { yearBefore } from '../../domain/periods';
import { DEFAULT_PAGE_SIZE, invalidParameter, isoArg } from '../args';
import { decodeCursor, encodeCursor, keyedConnection, pageArgs, totalCountField } from '../connections';
import { builder } from '../builder';
import { SeriesType } from './series';
import { summariseTables } from '../../domain/tables';
import { pageCost } from '../cost';

builder.queryFields((t) => ({
  seriesSearch: t.connection({
    type: SeriesType,
    complexity: pageCost,
    description:
      'Full-text search over series names in every language held: accent- and case-insensitive, words match as prefixes; ranked by match, then freshness. Pages forward (`first`, `after`).',
    authScopes: { developer: true },
    args: {
      q: t.arg.string({ required: true }),
      country: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      if (!args.q.trim()) throw invalidParameter('q must not be empty.', 'q');
      if (args.q.length > 200) throw invalidParameter('q is too long.', 'q');
      const { first, after, last, before } = pageArgs(args);
      if (last != null || before != null) throw invalidParameter('seriesSearch pages forward only: use first and after.', 'last');
      // A cursor is the offset of the row after it, so `after` says where the next page starts.
      const position = after == null ? '0' : decodeCursor(after);
      // Digits only, and few: an offset like 1e21 or 2^63 is no page of ours (SQLite refuses it).
      if (position === null || !/^\d{1,9}$/.test(position)) throw invalidParameter('cursor is not one this service issued.', 'cursor');
      const offset = Number(position);
      const country = args.country ? isoArg(args.country) : undefined;
      const limit = first ?? DEFAULT_PAGE_SIZE;
      const ids = await searchSeriesIds(ctx.prisma, args.q, { country, limit: limit + 1, offset });
      const rows = await ctx.prisma.series.findMany({ where: { id: { in: ids.slice(0, limit) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const edges = ids
        .slice(0, limit)
        .map((id, i) => ({ cursor: encodeCursor(String(offset + i + 1)), node: byId.get(id)! }))
        .filter((e) => e.node);
      return {
        edges,
        pageInfo: {
          hasNextPage: ids.length > limit,
          hasPreviousPage: offset > 0,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
        totalCount: () => countSeriesMatches(ctx.prisma, args.q, { country }),
      };
    },
  }, { name: 'SeriesSearchConnection', fields: totalCountField }, { name: 'SeriesSearchEdge' }),
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
  tables: t.connection(
    {
      type: TableSummaryType,
      complexity: pageCost,
      description: "Published source tables behind the series (of one country's series when `country` is given), by table code.",
      authScopes: { developer: true },
      args: { country: t.arg.string() },
      resolve: async (_root, args, ctx) => {
        const country = args.country ? isoArg(args.country) : undefined;
        const [tables, series] = await Promise.all([
          ctx.prisma.sourceTable.findMany({ orderBy: { code: 'asc' } }),
          ctx.prisma.series.findMany({
            where: country ? { countryIso: country } : {},
            select: { tableCode: true, measure: true, first: true, last: true },
          }),
        ]);
        return keyedConnection(summariseTables(tables, series), (r) => r.table, args);
      },
    },
    { name: 'TableSummaryConnection', fields: totalCountField },
    { name: 'TableSummaryEdge' },
  ),
}));
