/** Opaque cursors, the same as GraphQL's keyed connections issue. */
export { decodeCursor, encodeCursor } from '../src/graphql/connections';

/** The relative URL of the next page: the same path and query with the new cursor. */
export function nextPageUrl(path: string, query: URLSearchParams, cursor: string): string {
  const q = new URLSearchParams(query);
  q.set('cursor', cursor);
  return `${path}?${q.toString()}`;
}
