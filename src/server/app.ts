/** The HTTP service: /v1 (REST), /graphql, /openapi.json and /docs on one node:http server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeysStore, parseSeedKeys } from '../auth/keys-store';
import type { Config } from '../config';
import { DataStore } from '../db/data-store';
import { execute, parse } from 'graphql';
import { createContext } from '../graphql/context';
import { schema } from '../graphql/schema';
import { ApiError, errorBody } from '../../rest/errors';
import { createRestHandler, newRequestId } from '../../rest/handler';
import { docsPage, openApiDocument } from '../../rest/openapi';
import { parseRates, RateLimiter } from '../../rest/rate-limit';
import { ROUTES } from '../../rest/routes';
import { createAccess } from '../auth/access';
import { answerBudgetBytes } from './answer-cache';
import { createGraphQLEndpoint } from './graphql-endpoint';
import { BodyTooLarge, nodeGraphQLHandler } from './graphql-http';

/** Served besides the /v1 routes, and counted among the live endpoints /v1/status reports. */
const OTHER_ENDPOINTS = ['/graphql', '/openapi.json', '/docs'];

export interface App {
  server: http.Server;
  /** Settles when the per-release figures of the release served at start are worked out. */
  warmed: Promise<unknown>;
  store: DataStore;
  keys: KeysStore;
  url: string;
  close: () => Promise<void>;
}

export interface AppOptions {
  config: Config;
  log?: (line: string) => void;
  /** Requests per minute per plan, e.g. "free:60,developer:300" (RATE_LIMITS). */
  rates?: string;
  onQuery?: (sql: string) => void;
  /** false turns off the REST answer cache (for timing uncached answers). */
  cacheAnswers?: boolean;
  /** Each answer cache's budget in bytes (default ANSWER_CACHE_MB, 32 MB). */
  cacheBytes?: number;
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
  const keys = new KeysStore(config.dataDir);
  for (const { plan, key } of parseSeedKeys(config.seedKeys)) keys.seed(key, plan);
  const limiter = new RateLimiter(parseRates(options.rates ?? process.env.RATE_LIMITS));
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
    cacheBytes: options.cacheBytes,
    endpointsLive: ROUTES.length + OTHER_ENDPOINTS.length,
  });
  const cacheBytes = options.cacheBytes ?? answerBudgetBytes();
  const yoga = createGraphQLEndpoint({
    schema,
    store,
    admit: createAccess(keys, limiter),
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    cacheBytes: options.cacheAnswers === false ? 0 : cacheBytes,
  });
  const graphql = nodeGraphQLHandler((request, context) => yoga.fetch(request, context));
  const openapi = JSON.stringify(openApiDocument(ROUTES, config.publicBaseUrl));
  const docs = docsPage(ROUTES, config.publicBaseUrl);

  const plainError = (res: http.ServerResponse, err: ApiError) => {
    const requestId = newRequestId();
    res.writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, ...err.headers });
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
      graphql(req, res, { requestId: newRequestId(), keep: { answer: true } }).catch((err) => {
        if (err instanceof BodyTooLarge) return plainError(res, new ApiError('invalid_parameter', 'The request body is over 1 MB.'));
        log(`graphql: ${String(err?.stack ?? err)}`);
        if (!res.headersSent) plainError(res, new ApiError('internal_error', 'Something went wrong on our side.'));
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
      keys.close();
    },
  };
}
