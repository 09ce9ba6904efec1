/**
 * The HTTP service: /v1 (REST), /graphql, /openapi.json, /docs and the /explore pages on one node:http server, with
 * /healthz, /readyz and /metrics for operators, one access-log line per request, CORS for browser
 * notebooks, and a graceful close.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { KeysStore, parseSeedKeys, type KeyStore } from '../auth/keys-store';
import type { Config } from './config';
import { DataStore } from '../db/data-store';
import { createContext } from '../graphql/context';
import { startHolidayRules } from '../graphql/holiday-rules';
import { schema } from '../graphql/schema';
import { ApiError } from '../errors';
import { createRestHandler, type RestExecute } from '../../rest/handler';
import { isAsyncIterable } from '@envelop/core';
import { createDocsSite } from '../../rest/docs-site';
import { parseRates, RateLimiter, type Limiter, type RateDecision } from '../auth/rate-limit';
import { ROUTES } from '../../rest/routes';
import { createAccess } from '../auth/access';
import { answerBudgetBytes, ResultStore } from '../graphql/result-cache';
import { createGraphQLEndpoint } from './graphql-endpoint';
import { GraphQLForms, keptGraphQLGet } from './graphql-kept';
import type { Admission } from '../auth/access';
import { nodeGraphQLHandler } from './graphql-http';
import { listen } from './listen';
import { BodyTooLarge, carriesBody, drainBody } from './request-body';
import { createLogger, flushLogger, logAccess, type Logger } from './logger';
import { Metrics } from './metrics';
import { newTag, requestIdFrom, type RequestTag } from '../../rest/request-tag';
import { createCors } from './cors';
import { answerClientError, answerConnect } from './client-error';
import { IdleCollector, limitMemory } from './heap';
import { loggedReleases } from '../db/release-log';
import { WebhookDispatcher } from './webhooks';
import { serveExplorer } from './explorer';
import { plainAnswers } from './plain-answers';
import { createProbes } from './probes';
import { ReleaseWarmUp } from './warm-up';

/** Served besides the /v1 routes, and counted among the live endpoints /v1/status reports. */
const OTHER_ENDPOINTS = ['/graphql', '/openapi.json', '/docs'];

export interface App {
  server: http.Server;
  /** Settles when the per-release figures of the release served at start, and the recent holidays, are worked out. */
  warmed: Promise<unknown>;
  store: DataStore;
  keys: KeyStore;
  url: string;
  metrics: Metrics;
  /** Sends the webhook events of new releases; null in a process that does not (a cluster worker). */
  webhooks: WebhookDispatcher | null;
  /** Whether close() has begun: /readyz answers 503 and answers carry Connection: close. */
  readonly closing: boolean;
  /**
   * Stops accepting connections, lets the requests in flight finish (up to `timeoutMs`, default
   * SHUTDOWN_TIMEOUT_MS or 10 s, after which their connections are cut), then closes the release and keys.
   */
  close: (timeoutMs?: number) => Promise<void>;
}

export interface AppOptions {
  config: Config;
  /** Access lines and events (default: JSON lines on stdout). */
  logger?: Logger;
  /** Faults, as text (default: the logger at level error). */
  log?: (line: string) => void;
  /** Requests per minute per plan, e.g. "free:60,developer:300" (default: config.rates, RATE_LIMITS). */
  rates?: string;
  /** Keys and limits shared with other processes (src/server/shared-state.ts); default: keys.db and in-process counters. The caller closes them. */
  shared?: { keys: KeyStore; limiter: Limiter };
  onQuery?: (sql: string) => void;
  /** false turns off the answer caches (for timing uncached answers). */
  cacheAnswers?: boolean;
  /** Each answer cache's budget in bytes (default ANSWER_CACHE_MB, 16 MB). */
  cacheBytes?: number;
  /** false skips warming the per-release figures at start (a test that counts statements). */
  warm?: boolean;
  /**
   * This process sends the webhook events of releases newer than the last announced when the
   * served release switches (the single process; in a cluster the primary does, not the workers).
   */
  announceReleases?: boolean;
}

export async function startApp(options: AppOptions): Promise<App> {
  const { config } = options;
  limitMemory();
  const logger = options.logger ?? createLogger();
  const log = options.log ?? ((line: string) => logger.error(line));
  const metrics = new Metrics();
  const store = new DataStore(config.dataDir, { onQuery: options.onQuery });
  let servedRelease: string | null = null;
  store.onSwitch((snapshot) => {
    const release = path.basename(snapshot.file, '.db');
    logger.info(
      { event: 'release_switch', release, previous: servedRelease, data_version: snapshot.dataVersion, data_as_of: snapshot.dataAsOf },
      `serving release ${release}`,
    );
    metrics.releaseServed(snapshot, release);
    servedRelease = release;
  });
  const webhooks = options.announceReleases
    ? new WebhookDispatcher({ dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl, settings: config.webhooks, logger })
    : null;
  // Whatever built the release (an ingest, a refresh round, a release taken from RELEASE_FROM), its switch is what announces it.
  store.onSwitch((snapshot) => void webhooks?.released(() => loggedReleases(snapshot)));
  // What a release works out once is worked out when it is opened (src/server/warm-up.ts); the
  // holiday rules' worker is started with the service.
  if (options.warm !== false) startHolidayRules();
  const warmUp = new ReleaseWarmUp(
    schema,
    options.warm === false
      ? null
      : (snapshot) => createContext({ plan: 'intel', requestId: 'req_warmup', snapshot, now: config.now(), publicBaseUrl: config.publicBaseUrl, log }),
    log,
  );
  store.onSwitch((snapshot) => warmUp.switched(snapshot));
  await store.refresh();
  // Requests that arrived while the first release's figures were worked out waited behind them.
  await warmUp.figures;
  store.watch();
  const keys = options.shared?.keys ?? new KeysStore(config.dataDir);
  for (const { plan, key } of parseSeedKeys(config.seedKeys)) await keys.seed(key, plan);
  const limiter = options.shared?.limiter ?? new RateLimiter(parseRates(options.rates ?? config.rates));
  // The one result cache, for /graphql and /v1 alike (src/graphql/result-cache.ts).
  const results = new ResultStore(options.cacheAnswers === false ? 0 : (options.cacheBytes ?? answerBudgetBytes()));
  const rest = createRestHandler({
    // Set once Yoga exists (below): /v1 runs its operations through Yoga's enveloped execute.
    execute: (args) => restExecute(args),
    store,
    keys,
    limiter,
    routes: ROUTES,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    log,
    results,
    endpointsLive: ROUTES.length + OTHER_ENDPOINTS.length,
  });
  const admit = createAccess(keys, limiter);
  const forms = new GraphQLForms(results);
  const yoga = createGraphQLEndpoint({
    schema,
    store,
    admit,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    forms,
    onCost: (cost) => metrics.graphqlCost(cost),
    log,
    budgetMs: config.executionBudgetMs,
  });
  const restExecute: RestExecute = async ({ document, variableValues, contextValue }) => {
    const enveloped = yoga.getEnveloped();
    const result = await enveloped.execute({ schema: enveloped.schema, document, variableValues, contextValue });
    if (isAsyncIterable(result)) throw new Error('a /v1 operation answered with a stream');
    return result;
  };
  const graphql = nodeGraphQLHandler((request, context) => yoga.fetch(request, context));
  const keptGet = keptGraphQLGet({ store, admit, forms, now: config.now, publicBaseUrl: config.publicBaseUrl });
  const docs = createDocsSite({
    routes: ROUTES,
    publicBaseUrl: config.publicBaseUrl,
    answer: rest.answer,
    dataVersion: () => store.current?.dataVersion ?? null,
    log,
  });
  const cors = createCors({ origins: config.corsOrigins });

  const answers = plainAnswers(config.publicBaseUrl);
  const plainError = answers.error;

  let closing = false;
  const probe = createProbes({
    store,
    warmUp,
    metrics,
    access: config.metrics,
    answers,
    closing: () => closing,
    servedRelease: () => servedRelease,
    log,
  });
  /** Answers being worked out, so a close can mark those not yet written "Connection: close". */
  const inFlight = new Set<http.ServerResponse>();
  const collector = new IdleCollector();

  // node:http answers an HTTP/1.1 request without Host with a bare 400 of its own; it is ours to answer.
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    // The request target split at '?' (no URL object on the hot path; the REST layer parses the query when it must).
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const query = q < 0 ? '' : target.slice(q + 1);
    const tag = newTag(requestIdFrom(req.headers['x-request-id']));
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    collector.busy();
    // A browser's preflight is answered here, before any key is asked for.
    const preflight = cors(req, res);
    if (preflight) tag.route = 'preflight';
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) collector.idle();
      const ms = performance.now() - started;
      metrics.request(tag.route, res.statusCode, ms / 1000);
      if (tag.cache) metrics.cacheLookup(tag.route === '/graphql' ? 'graphql' : 'rest', tag.cache === 'hit');
      logAccess(logger, tag, req.method, path, res.statusCode, socket.bytesWritten - bytesBefore, ms, res.writableFinished);
      // A connection whose answer went out before the close began is idle now: let it go.
      if (closing) server.closeIdleConnections();
    });
    if (preflight) return;
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      res.shouldKeepAlive = false;
      return plainError(res, tag, new ApiError('malformed_request', 'An HTTP/1.1 request must carry a Host header (RFC 9112, section 3.2).'));
    }
    if (path === '/graphql') {
      tag.route = '/graphql';
      // Key, plan, rate, the answer cache, cost and the rest are Yoga plugins (graphql-plugins.ts);
      // a repeated GET is answered from the kept answers before Yoga (graphql-kept.ts).
      const toYoga = (admission?: Admission) =>
        graphql(req, res, { requestId: tag.id, tag, admission }).catch((err) => {
          if (err instanceof BodyTooLarge) {
            // The body has been read out, so the client reads this answer; the connection ends with it.
            res.shouldKeepAlive = false;
            return plainError(res, tag, new ApiError('payload_too_large', err.message));
          }
          log(`graphql: ${String(err?.stack ?? err)}`);
          if (!res.headersSent) plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
        });
      if (req.method === 'GET') keptGet(req, res, tag, toYoga);
      else if (req.method === 'POST' || req.method === 'HEAD') toYoga();
      else {
        // Yoga answers other methods with a 405 too, but a fetch Request cannot even carry TRACE,
        // TRACK or CONNECT: those ended in a 500. One answer for all of them, here.
        const refuse = () => plainError(res, tag, new ApiError('method_not_allowed', `${req.method} is not allowed on /graphql; use GET or POST.`, { Allow: 'GET, POST' }));
        if (carriesBody(req)) drainBody(req).then(refuse);
        else refuse();
      }
      return;
    }
    // Nothing else reads a body: one sent anyway is read out first, so the answer (405 and the like)
    // reaches a client that is still sending instead of a reset connection.
    if (carriesBody(req)) drainBody(req).then(() => serveWithoutBody(req, res, path, query, tag));
    else serveWithoutBody(req, res, path, query, tag);
  });

  function serveWithoutBody(req: http.IncomingMessage, res: http.ServerResponse, path: string, query: string, tag: RequestTag): void {
    if (path.startsWith('/v1/') || path === '/v1') {
      rest(req, res, path, query, tag);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return plainError(res, tag, new ApiError('method_not_allowed', `${req.method} is not allowed; use GET or HEAD.`, { Allow: 'GET, HEAD' }));
    }
    if (probe(req, res, path, tag)) return;
    const explorerRoute = serveExplorer(req, res, path, (err) => {
      log(`explorer: ${String((err as Error)?.stack ?? err)}`);
      plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
    });
    if (explorerRoute) {
      tag.route = explorerRoute;
      return;
    }
    const docsRoute = docs(req, res, path, (err) => {
      log(`docs: ${String((err as Error)?.stack ?? err)}`);
      plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
    });
    if (docsRoute) {
      tag.route = docsRoute;
      return;
    }
    plainError(res, tag, new ApiError('not_found', `No endpoint at ${path.slice(0, 100)}.`));
  }
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => answerClientError(err, socket, config.publicBaseUrl));
  server.on('connect', (_req, socket) => answerConnect(socket, config.publicBaseUrl));
  server.keepAliveTimeout = 10_000;
  // A client may shut its side of the connection once its request is sent (TCP half-close, as
  // `nc -N` does). node:http then drops the requests still being answered and ends the connection:
  // any answer not ready at once (a /v1 route, a query) was never sent. Allowed half-open, it
  // answers them and ends the connection after the last.
  Object.assign(server, { httpAllowHalfOpen: true });
  try {
    await listen(server, config.host, config.port);
  } catch (err) {
    webhooks?.close();
    await store.close();
    if (!options.shared) await keys.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  return {
    server,
    warmed: warmUp.warmed,
    store,
    keys,
    url: `http://${config.host}:${address.port}`,
    metrics,
    webhooks,
    get closing() {
      return closing;
    },
    close: async (timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000)) => {
      if (closing) return;
      closing = true;
      // Answers not written yet tell their callers this connection ends with them.
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      // One turn of the event loop first, so requests and connections already waiting in the socket
      // buffers are read as requests in flight, not cut as idle connections by server.close().
      await new Promise((resolve) => setImmediate(resolve));
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await drained;
      clearTimeout(cut);
      webhooks?.close();
      await store.close();
      if (!options.shared) await keys.close();
      logger.info({ event: 'closed' }, 'requests in flight answered; closed');
      await flushLogger(logger);
    },
  };
}

