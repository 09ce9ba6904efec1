/**
 * Pages of the lists that are not read straight from a table: rows already in order, with a unique
 * key each. A cursor is the key, base64url-encoded: the same opaque form /v1 puts in `meta.next`.
 */
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import { DEFAULT_PAGE_SIZE, invalidParameter } from './args';
import { PAGE_SIZE_MAX } from './input-kinds';
import type { builder } from './builder';

/** Opaque cursors: a position (a row's key, or an offset) base64url-encoded. */
export function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^[\w.:|-]{1,80}$/.test(text) ? text : null;
}

/** Checks `first`/`last` so a bad page size is a clear invalid_parameter error. */
export function pageArgs(args: DefaultConnectionArguments): DefaultConnectionArguments {
  for (const name of ['first', 'last'] as const) {
    const n = args[name];
    if (n != null && (!Number.isInteger(n) || n < 0 || n > PAGE_SIZE_MAX)) {
      throw invalidParameter(`${name} must be an integer from 0 to ${PAGE_SIZE_MAX}.`, name);
    }
  }
  return args;
}

/** A page of rows already in order whose keys are unique; `first`/`after` and `last`/`before` as Relay has them. */
export function keyedConnection<T>(rows: readonly T[], keyOf: (row: T) => string, args: DefaultConnectionArguments) {
  const { first, last, after, before } = pageArgs(args);
  const indexOf = (cursor: string): number => {
    const key = decodeCursor(cursor);
    const at = key === null ? -1 : rows.findIndex((r) => keyOf(r) === key);
    if (at < 0) throw invalidParameter('cursor is not one this service issued.', 'cursor');
    return at;
  };
  let start = after != null ? indexOf(after) + 1 : 0;
  let end = Math.max(start, before != null ? indexOf(before) : rows.length);
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  if (first == null && last == null) end = Math.min(end, start + DEFAULT_PAGE_SIZE);
  const edges = rows.slice(start, end).map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < rows.length,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: rows.length,
  };
}

/** The `after` a Query.countries page takes to start after a country. */
export function countryCursor(iso: string): string {
  return formatPrismaCursor({ iso }, 'iso');
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The totalCount field of a connection: items across all pages, counted only when asked for. */
export function totalCountField(t: PothosSchemaTypes.ObjectFieldBuilder<Types, { totalCount?: number | (() => number | Promise<number>) }>) {
  return {
    totalCount: t.int({
      description: 'Items in the whole list, across all pages.',
      resolve: (c) => (typeof c.totalCount === 'function' ? c.totalCount() : (c.totalCount ?? 0)),
    }),
  };
}
