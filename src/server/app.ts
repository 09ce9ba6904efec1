/** The HTTP service: /v1 (REST), /graphql, /openapi.json and /docs on one node:http server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeysStore, parseSeedKeys, type KeyStore } from '../auth/keys-store';
import type { Config } from '../config';
import { DataStore } from '../db/data-store';
import { execute, parse } from 'graphql';
import { createContext } from '../graphql/context';
import { schema } from '../graphql/schema';
import { ApiError, errorBody } from '../../rest/errors';
import { createRestHandler, newRequestId } from '../../rest/handler';
import { docsPage, openApiDocument } from '../../rest/openapi';
import { parseRates, RateLimiter, type Limiter, type RateDecision } from '../../rest/rate-limit';
import { ROUTES } from '../../rest/routes';
import { BodyTooLarge, createGraphQLCache } from './graphql-cache';
import { createGraphQLEndpoint } from './graphql-endpoint';

/** Served besides the /v1 routes, and counted among the live endpoints /v1/status reports. */
const OTHER_ENDPOINTS = ['/graphql', '/openapi.json', '/docs'];

export interface App {
  server: http.Server;
  /** Settles when the per-release figures of the release served at start are worked out. */
  warmed: Promise<unknown>;
  store: DataStore;
  keys: KeyStore;
  url: string;
  close: () => Promise<void>;
}

export interface AppOptions {
  config: Config;
  log?: (line: string) => void;
  /** Requests per minute per plan, e.g. "free:60,developer:300" (default: config.rates, RATE_LIMITS). */
  rates?: string;
  /** Keys and limits shared with other processes (src/server/shared-state.ts); default: keys.db and in-process counters. The caller closes them. */
  shared?: { keys: KeyStore; limiter: Limiter };
  onQuery?: (sql: string) => void;
  /** false turns off the REST answer cache (for timing uncached answers). */
  cacheAnswers?: boolean;
  /** false skips warming the per-release figures at start (a test that counts statements). */
  warm?: boolean;
}

export async function startApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const store = new DataStore(config.dataDir, { onQuery: options.onQuery });
  // Figures worked out once per release (rivals, origin-shift carriers) are warmed in the background,
  // so the first caller of a country's detail does not wait for them.
  let warmed: Promise<unknown> = Promise.resolve();
  store.onSwitch((snapshot) => {
    if (options.warm === false) return;
    warmed = Promise.resolve(
      execute({
        schema,
        document: parse('{ countries { statistics { name } } }'),
        contextValue: createContext({ plan: 'intel', requestId: 'req_warmup', snapshot, now: config.now(), publicBaseUrl: config.publicBaseUrl }),
      }),
    );
  });
  await store.refresh();
  store.watch();
  const keys = options.shared?.keys ?? new KeysStore(config.dataDir);
  for (const { plan, key } of parseSeedKeys(config.seedKeys)) await keys.seed(key, plan);
  const limiter = options.shared?.limiter ?? new RateLimiter(parseRates(options.rates ?? config.rates));
  const rest = createRestHandler({
    schema,
    store,
    keys,
    limiter,
    routes: ROUTES,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    log,
    cacheAnswers: options.cacheAnswers,
    endpointsLive: ROUTES.length + OTHER_ENDPOINTS.length,
  });
  const yoga = createGraphQLEndpoint({ schema, store, now: config.now, publicBaseUrl: config.publicBaseUrl });
  const graphqlAnswers = createGraphQLCache((request, context) => yoga.fetch(request, context), store, config.now);
  const openapi = JSON.stringify(openApiDocument(ROUTES, config.publicBaseUrl));
  const docs = docsPage(ROUTES, config.publicBaseUrl);

  const plainError = (res: http.ServerResponse, err: ApiError, extra: Record<string, string> = {}) => {
    const requestId = newRequestId();
    res.writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, ...extra, ...err.headers });
    res.end(errorBody(err, 'free', config.publicBaseUrl, requestId));
  };

  const server = http.createServer((req, res) => {
    // The request target split at '?' (no URL object on the hot path; the REST layer parses the query when it must).
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const query = q < 0 ? '' : target.slice(q + 1);
    if (path.startsWith('/v1/') || path === '/v1') {
      rest(req, res, path, query);
      return;
    }
    if (path === '/graphql') {
      const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !new URLSearchParams(query).has('query');
      if (isPage) {
        void yoga(req, res, { plan: 'free', requestId: newRequestId() });
        return;
      }
      const key = req.headers['x-api-key'];
      if (typeof key !== 'string' || key === '') return plainError(res, new ApiError('missing_api_key', 'Send your API key in the X-API-Key header.'));
      const caller = keys.verify(key);
      if (!caller) return plainError(res, new ApiError('invalid_api_key', 'The API key is unknown or revoked.'));
      const answer = (rate: RateDecision) => {
        const rateHeaders = { 'RateLimit-Limit': String(rate.limit), 'RateLimit-Remaining': String(rate.remaining), 'RateLimit-Reset': String(rate.resetSeconds) };
        if (!rate.allowed) {
          return plainError(res, new ApiError('rate_limited', `Over the ${caller.plan} plan's ${rate.limit} requests per minute.`, { 'Retry-After': String(rate.resetSeconds) }), rateHeaders);
        }
        graphqlAnswers(req, res, { plan: caller.plan, requestId: newRequestId() }, query, Object.entries(rateHeaders).flat()).catch((err) => {
          if (err instanceof BodyTooLarge) return plainError(res, new ApiError('invalid_parameter', 'The request body is over 1 MB.'));
          log(`graphql: ${String(err?.stack ?? err)}`);
          if (!res.headersSent) plainError(res, new ApiError('internal_error', 'Something went wrong on our side.'));
        });
      };
      const decision = limiter.take(caller.id, caller.plan);
      if (!(decision instanceof Promise)) return answer(decision);
      decision.then(answer, (err) => {
        log(`rate limit: ${String(err?.stack ?? err)}`);
        plainError(res, new ApiError('internal_error', 'Something went wrong on our side.'));
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return plainError(res, new ApiError('method_not_allowed', `${req.method} is not allowed; use GET or HEAD.`, { Allow: 'GET, HEAD' }));
    }
    if (path === '/openapi.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : openapi);
      return;
    }
    if (path === '/docs' || path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : docs);
      return;
    }
    plainError(res, new ApiError('not_found', `No endpoint at ${path.slice(0, 100)}.`));
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address() as AddressInfo;
  return {
    server,
    warmed,
    store,
    keys,
    url: `http://${config.host}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await store.close();
      if (!options.shared) await keys.close();
    },
  };
}
