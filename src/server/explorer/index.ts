/**
 * GET/HEAD of /explore and below: the page for each view, and the bundle's script and styles. The
 * page needs no key; it asks /graphql with the key the visitor gives it, like any other caller.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accepts } from '../../../rest/compression';
import { explorerAsset, type Asset } from './assets';
import { EXPLORER_CSP, EXPLORER_PAGE } from './page';

/** The views' address templates, as the access log and metrics name them. */
const VIEWS: readonly [RegExp, string][] = [
  [/^\/explore\/?$/, '/explore'],
  [/^\/explore\/countries\/[A-Za-z]{2}$/, '/explore/countries/{iso}'],
  [/^\/explore\/series\/[\w.-]{1,100}$/, '/explore/series/{id}'],
  [/^\/explore\/compare$/, '/explore/compare'],
];

const pageBytes = Buffer.from(EXPLORER_PAGE);

/** By q, as any other answer: `gzip;q=0, identity` rejects gzip. */
function acceptsGzip(req: IncomingMessage): boolean {
  return accepts(req.headers['accept-encoding'], 'gzip');
}

/** Answers an explorer path and returns its route template, or returns null when the path is none of them. */
export function serveExplorer(req: IncomingMessage, res: ServerResponse, urlPath: string, onError: (err: unknown) => void): string | null {
  if (urlPath !== '/explore' && !urlPath.startsWith('/explore/')) return null;
  const view = VIEWS.find(([pattern]) => pattern.test(urlPath));
  if (view) {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': pageBytes.length,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': EXPLORER_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : pageBytes);
    return view[1];
  }
  const name = /^\/explore\/assets\/([\w.-]+)$/.exec(urlPath)?.[1];
  let asset: Asset | null;
  try {
    asset = name === undefined ? null : explorerAsset(name);
  } catch (err) {
    onError(err);
    return '/explore/assets/{file}';
  }
  if (!asset) return null;
  const headers = { ETag: asset.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'X-Content-Type-Options': 'nosniff' };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    res.end();
    return '/explore/assets/{file}';
  }
  const gzip = acceptsGzip(req);
  const body = gzip ? asset.gzipped : asset.bytes;
  res.writeHead(200, { ...headers, 'Content-Type': asset.type, 'Content-Length': body.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return '/explore/assets/{file}';
}
