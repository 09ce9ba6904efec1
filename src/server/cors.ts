/**
 * Cross-origin calls from browser notebooks (Observable, JupyterLite …), one policy for /v1,
 * /graphql and the docs. A preflight is answered before any key check. Allowed origins get
 * `Access-Control-Allow-Origin: *` on answers: keys travel in a header, never in cookies, so no
 * answer depends on the caller's origin and cached answers stay valid for every allowed origin;
 * origins outside CORS_ORIGINS are stopped at the preflight that any keyed request needs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsPolicy {
  /** '*' or the exact origins allowed (CORS_ORIGINS, comma separated; default '*'). */
  origins: '*' | string[];
}

const ALLOW_METHODS = 'GET, HEAD, POST, OPTIONS';
// Range and If-Range: a notebook resuming a bulk file's download.
const ALLOW_HEADERS = 'X-API-Key, If-None-Match, Content-Type, Accept, X-Request-Id, Range, If-Range';
/** Headers a page's script may read beyond the always-readable ones (Content-Type, Last-Modified, Cache-Control …). */
const EXPOSE_HEADERS = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, Content-Range, Content-Disposition';
/** Seconds a browser may keep a preflight's answer (Chromium keeps at most 7200). */
const MAX_AGE = '7200';

export function parseCorsOrigins(text: string | undefined): CorsPolicy['origins'] {
  const list = (text ?? '*').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  return list.length === 0 || list.includes('*') ? '*' : list;
}

export function createCors(policy: CorsPolicy) {
  const allowed = (origin: string) => policy.origins === '*' || policy.origins.includes(origin);
  /**
   * Called first for every request. Answers a preflight (204; without allow headers for an origin
   * not allowed) and returns true; otherwise marks a cross-origin answer readable and returns false.
   */
  return function cors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return false;
    const ok = allowed(origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      const headers: Record<string, string> = { 'Content-Length': '0', Vary: 'Origin' };
      if (ok) {
        Object.assign(headers, {
          'Access-Control-Allow-Origin': policy.origins === '*' ? '*' : origin,
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': MAX_AGE,
        });
      }
      res.writeHead(204, headers);
      res.end();
      return true;
    }
    if (ok) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    return false;
  };
}
