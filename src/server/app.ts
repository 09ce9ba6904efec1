/**
 * The HTTP service: /v1 (REST), /graphql, /openapi.json, /docs and the /explore pages on one node:http server, with
 * /healthz, /readyz and /metrics for operators, one access-log line per request, CORS for browser
 * notebooks, and a graceful close.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeysStore, parseSeedKeys, type KeyStore } from '../auth/keys-store';
import type { Config } from './config';
import { DataStore } from '../db/data-store';
import { parseRates, RateLimiter, type Limiter } from '../auth/rate-limit';
import { listen } from './listen';
import { createLogger, flushLogger, type Logger } from './logger';
import { Metrics } from './metrics';
import { createCors } from './cors';
import { answerClientError, answerConnect } from './client-error';
import { limitMemory } from './heap';
import { WebhookDispatcher } from './webhooks';
import { plainAnswers } from './plain-answers';
import { createProbes } from './probes';
import { createRequestListener } from './request-listener';
import { createSurfaces } from './surfaces';
import { serveReleases } from './served-release';

export interface App {
  server: http.Server;
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
  /** false keeps no results (for timing uncached answers). */
  cacheAnswers?: boolean;
  /** The result cache's budget in bytes (default ANSWER_CACHE_MB, 32 MB). */
  cacheBytes?: number;
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
  const served = serveReleases({ config, store, logger, log, metrics, announce: options.announceReleases === true });
  const { webhooks } = served;
  await store.refresh();
  store.watch();
  const keys = options.shared?.keys ?? new KeysStore(config.dataDir);
  for (const { plan, key } of parseSeedKeys(config.seedKeys)) await keys.seed(key, plan);
  const limiter = options.shared?.limiter ?? new RateLimiter(parseRates(options.rates ?? config.rates));
  const surfaces = createSurfaces({ config, store, keys, limiter, metrics, log, cacheAnswers: options.cacheAnswers, cacheBytes: options.cacheBytes });
  const cors = createCors({ origins: config.corsOrigins });

  const answers = plainAnswers(config.publicBaseUrl);

  let closing = false;
  const probe = createProbes({
    store,
    metrics,
    access: config.metrics,
    answers,
    closing: () => closing,
    servedRelease: () => served.release,
    log,
  });
  const { listener, inFlight, collector } = createRequestListener({
    metrics,
    logger,
    log,
    cors,
    plainError: answers.error,
    ...surfaces,
    probe,
    closing: () => closing,
    closeIdleConnections: () => server.closeIdleConnections(),
  });
  const server = createServer(listener, config.publicBaseUrl, config.keepAliveTimeoutMs);
  // What opening a release read and left is collected once the process is idle, as a burst of answers' is.
  collector.releaseOpened();
  store.onSwitch(() => collector.releaseOpened());
  // What the app opened, closed in this order once it stops (or fails to listen).
  const release = async () => {
    webhooks?.close();
    await store.close();
    if (!options.shared) await keys.close();
  };
  try {
    await listen(server, config.host, config.port);
  } catch (err) {
    await release();
    throw err;
  }
  const address = server.address() as AddressInfo;
  return {
    server,
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
      await drain(server, inFlight, timeoutMs);
      await release();
      logger.info({ event: 'closed' }, 'requests in flight answered; closed');
      await flushLogger(logger);
    },
  };
}

/** The node:http server around the listener: client errors and CONNECT answered with the error body, half-open connections answered. */
function createServer(listener: http.RequestListener, publicBaseUrl: string, keepAliveTimeoutMs: number): http.Server {
  // node:http answers an HTTP/1.1 request without Host with a bare 400 of its own; it is ours to answer (request-listener.ts).
  const server = http.createServer({ requireHostHeader: false }, listener);
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => answerClientError(err, socket, publicBaseUrl));
  server.on('connect', (_req, socket) => answerConnect(socket, publicBaseUrl));
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // A client may shut its side of the connection once its request is sent (TCP half-close, as
  // `nc -N` does). node:http then drops the requests still being answered and ends the connection:
  // any answer not ready at once (a /v1 route, a query) was never sent. Allowed half-open, it
  // answers them and ends the connection after the last.
  Object.assign(server, { httpAllowHalfOpen: true });
  return server;
}

/** Stops accepting connections and lets the answers in flight finish, cutting what is left after `timeoutMs`. */
async function drain(server: http.Server, inFlight: ReadonlySet<http.ServerResponse>, timeoutMs: number): Promise<void> {
  // Answers not written yet tell their callers this connection ends with them.
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  // One turn of the event loop first, so requests and connections already waiting in the socket
  // buffers are read as requests in flight, not cut as idle connections by server.close().
  await new Promise((resolve) => setImmediate(resolve));
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await drained;
  clearTimeout(cut);
}
