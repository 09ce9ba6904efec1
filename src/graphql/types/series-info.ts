/** Series search, latest figure by plan, method breaks, revisions summary and source tables. */
import { seriesNodes } from '../indexed-series';
import { searchNote, searchSeries } from '../../domain/series-search';
import { FrequencyEnum, MeasureEnum } from '../enums';
import { versionDate } from '../../domain/releases';
import { newestVisible } from '../../domain/visibility';
import { yoyPct } from '../../domain/yoy';
import { yearBefore } from '../../domain/periods';
import { DEFAULT_PAGE_SIZE, invalidParameter } from '../args';
import { CountryCodeScalar } from '../scalars';
import { decodeCursor, encodeCursor, keyedConnection, pageArgs, totalCountField } from '../connections';
import { builder } from '../builder';
import { SeriesType } from './series';
import { summariseTables, type TableSummary } from '../../domain/tables';
import { perRelease } from '../../db/data-store';
import type { GraphQLContext } from '../context';
import { pageCost } from '../cost';

builder.queryFields((t) => ({
  seriesSearch: t.connection({
    type: SeriesType,
    complexity: pageCost,
    description:
      "Free-text search over series names in every language held and their country's names in every language held: " +
      'accent- and case-insensitive, words match as prefixes, every word must match. Ranked: a word names the series\' country, ' +
      'a word names its measure, the headline series, the total (no breakdown), then the freshest. Pages forward (`first`, `after`).',
    authScopes: { developer: true },
    args: {
      q: t.arg.string({ required: true }),
      country: t.arg({ type: CountryCodeScalar, description: 'Only series of this country.' }),
      measure: t.arg({ type: MeasureEnum, description: 'Only series of this measure.' }),
      freq: t.arg({ type: FrequencyEnum, description: 'Only series of this frequency.' }),
      headline: t.arg.boolean({ description: "Only headline series (true) or only the others (false)." }),
    },
    resolve: async (_root, args, ctx, info) => {
      if (!args.q.trim()) throw invalidParameter('q must not be empty.', 'q');
      if (args.q.length > 200) throw invalidParameter('q is too long.', 'q');
      const { first, after, last, before } = pageArgs(args);
      if (last != null || before != null) throw invalidParameter('seriesSearch pages forward only: use first and after.', 'last');
      // A cursor is the offset of the row after it, so `after` says where the next page starts.
      const position = after == null ? '0' : decodeCursor(after);
      if (position === null || !/^\d{1,9}$/.test(position)) throw invalidParameter('cursor is not one this service issued.', 'cursor');
      const offset = Number(position);
      const limit = first ?? DEFAULT_PAGE_SIZE;
      const matches = searchSeries(ctx.snapshot.search, args.q, {
        country: args.country ?? undefined,
        measure: args.measure ?? undefined,
        freq: args.freq ?? undefined,
        headline: args.headline ?? undefined,
      });
      const nodes = await seriesNodes(ctx, info, matches.slice(offset, offset + limit), [['nodes'], ['edges', 'node']]);
      const edges = nodes.map((node, i) => ({ cursor: encodeCursor(String(offset + i + 1)), node }));
      return {
        edges,
        pageInfo: {
          hasNextPage: matches.length > offset + limit,
          hasPreviousPage: offset > 0,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
        totalCount: matches.length,
        note: matches.length === 0 ? searchNote(args.q, args.measure) : null,
      };
    },
  }, {
    name: 'SeriesSearchConnection',
    fields: (t) => ({
      ...totalCountField(t),
      note: t.string({
        nullable: true,
        description: 'Why nothing matched, when the query names a measure no source held gives (occupancy).',
        resolve: (c: { note?: string | null }) => c.note ?? null,
      }),
    }),
  }, { name: 'SeriesSearchEdge' }),
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
      // The request's loaders hold only the figures the plan sees.
      const observations = await ctx.loaders.observations.load(s.id);
      const newest = newestVisible(observations, null);
      if (!newest) return null;
      const before = observations.find((o) => o.period === yearBefore(newest.period))?.value ?? null;
      return { period: newest.period, value: newest.value!, yearBefore: before, yoyPct: yoyPct(newest.value, before) };
    },
  }),
  latestNote: t.string({
    nullable: true,
    description: 'Why latest is null, in words; null when the plan sees a figure.',
    authScopes: { developer: true },
    select: { id: true },
    resolve: async (s, _args, ctx) =>
      newestVisible(await ctx.loaders.observations.load(s.id), null)
        ? null
        : 'No figure of this series is visible on this plan yet (developer keys see figures published more than 30 days ago).',
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
  .objectRef<TableSummary>('TableSummary')
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

/** The release's source tables, by code, read once per release. */
function sourceTables(ctx: GraphQLContext) {
  return perRelease(ctx.snapshot, 'source-tables', () => ctx.prisma.sourceTable.findMany({ orderBy: { code: 'asc' } }));
}

/**
 * The tables behind every series (computed once per release) or one country's, from the series
 * rows the snapshot holds: no series is read from the file.
 */
async function tableSummaries(ctx: GraphQLContext, country: string | undefined): Promise<TableSummary[]> {
  if (country === undefined) return perRelease(ctx.snapshot, 'table-summaries', async () => summariseTables(await sourceTables(ctx), ctx.snapshot.series));
  return summariseTables(await sourceTables(ctx), ctx.snapshot.seriesByCountry.get(country) ?? []);
}

builder.queryFields((t) => ({
  tables: t.connection(
    {
      type: TableSummaryType,
      complexity: pageCost,
      description: "Published source tables behind the series (of one country's series when `country` is given), by table code.",
      authScopes: { developer: true },
      args: { country: t.arg({ type: CountryCodeScalar }) },
      resolve: async (_root, args, ctx) => {
        const country = args.country ?? undefined;
        return keyedConnection(await tableSummaries(ctx, country), (r) => r.table, args);
      },
    },
    { name: 'TableSummaryConnection', fields: totalCountField },
    { name: 'TableSummaryEdge' },
  ),
}));
