/**
 * Series rows taken from the release's index (Snapshot.series: every column and the English name of
 * every series, read once when the release opens) instead of the release file, when the fields a
 * query asks of them are all present there; otherwise read with what the fields select, in one statement.
 */
import { isDeepStrictEqual } from 'node:util';
import DataLoader from 'dataloader';
import { createContextCache } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { ENGLISH_NAME_SELECTION, SERIES_COLUMNS, type SearchableSeries } from '../db/search-index';
import type { Snapshot } from '../db/data-store';
import { afterWaitingWork } from '../db/turns';
import type { Series } from '../generated/prisma/client';
import type { GraphQLContext } from './context';

/** What a Series node holds at least: the columns SeriesType always selects. */
export type SeriesNode = Pick<Series, 'id' | 'alias' | 'countryIso' | 'measure' | 'breakdown' | 'freq' | 'unit' | 'scale' | 'headline' | 'first' | 'last' | 'points'>;

/** Whether a selection of Series asks only for what the index holds: columns and the English name. */
function coveredByIndex(select: Record<string, unknown> | undefined): boolean {
  if (!select) return false;
  return Object.entries(select).every(([key, wanted]) =>
    key === 'names' ? isDeepStrictEqual(wanted, ENGLISH_NAME_SELECTION) : wanted === true && SERIES_COLUMNS.has(key),
  );
}

type SeriesQuery = ReturnType<typeof queryFromInfo>;

/** Per request, a loader of series rows by id for each selection asked: the rows of every list asking the same fields (a country's series, for each country of a list) are read in one statement. */
const readers = createContextCache(() => new Map<string, DataLoader<string, SeriesNode | undefined>>());

function readerFor(ctx: GraphQLContext, query: SeriesQuery): DataLoader<string, SeriesNode | undefined> {
  const bySelection = readers(ctx);
  const key = JSON.stringify(query);
  let reader = bySelection.get(key);
  if (!reader) {
    reader = new DataLoader(
      async (ids) => {
        const read = await ctx.prisma.series.findMany({ ...query, where: { id: { in: [...ids] } } });
        const byId = new Map<string, SeriesNode>(read.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id));
      },
      { batchScheduleFn: afterWaitingWork },
    );
    bySelection.set(key, reader);
  }
  return reader;
}

/**
 * `rows` (index rows, in the order to answer) as the nodes of the field being resolved: themselves
 * (at once, without a promise) when the index holds what the query asks of them, else read again
 * with the query's selection. `paths` locate the nodes below the field (a connection's `nodes` and
 * `edges.node`); plugin-prisma then knows what the rows hold.
 */
export function seriesNodes(ctx: GraphQLContext, info: GraphQLResolveInfo, rows: readonly SearchableSeries[], paths?: string[][]): SeriesNode[] | Promise<SeriesNode[]> {
  const query = queryFromInfo({ context: ctx, info, typeName: 'Series', paths });
  if (rows.length === 0 || coveredByIndex(query.select)) return [...rows];
  const reader = readerFor(ctx, query);
  return Promise.all(rows.map((r) => reader.load(r.id))).then((read) => read.filter((r): r is SeriesNode => r !== undefined));
}

/** Which of a country's series a field asks for (absent: any). */
export interface SeriesFilter {
  measure?: string | null;
  headline?: boolean | null;
  freq?: string | null;
}

/** Per release, a country's series by filter: computed once, as a list of every country asks each. */
const filtered = new WeakMap<Snapshot, Map<string, readonly SearchableSeries[]>>();

/** A country's series in the release, by alias, those the filter keeps. */
export function countrySeries(snapshot: Snapshot, iso: string, filter: SeriesFilter): readonly SearchableSeries[] {
  let lists = filtered.get(snapshot);
  if (!lists) filtered.set(snapshot, (lists = new Map()));
  const key = `${iso} ${filter.measure ?? ''} ${filter.headline ?? ''} ${filter.freq ?? ''}`;
  let list = lists.get(key);
  if (!list) {
    list = (snapshot.seriesByCountry.get(iso) ?? []).filter(
      (s) => (!filter.measure || s.measure === filter.measure) && (filter.headline == null || s.headline === filter.headline) && (!filter.freq || s.freq === filter.freq),
    );
    lists.set(key, list);
  }
  return list;
}
