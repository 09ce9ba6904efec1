/** Opaque cursors: the position after the last row served, base64url-encoded. */
export function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^[\w.:|-]{1,80}$/.test(text) ? text : null;
}

/** The relative URL of the next page: the same path and query with the new cursor. */
export function nextPageUrl(path: string, query: URLSearchParams, cursor: string): string {
  const q = new URLSearchParams(query);
  q.set('cursor', cursor);
  return `${path}?${q.toString()}`;
}
