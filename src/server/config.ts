/** Settings read from the environment (DECISIONS.md, "Running it"; docs/operating.md "Scaling out"). */
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PARSE_LIMITS } from '../ingest/isolated';
import { DEFAULT_ROUND_LIMITS, type RoundLimits } from '../ingest/refresh';
import { DEFAULT_BUDGET_MS } from '../graphql/time-budget';
import { ROUTE_COST_LIMIT } from '../graphql/builder';
import { parseCorsOrigins } from './cors';
import { parseSchedule, type RefreshSchedule } from './refresh-schedule';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhooks';

/** Above the 60 s idle timeout of the usual proxies; Fastify's default for the same reason. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  publicBaseUrl: string;
  /** Pinned "today" for reproducible freshness, gaps, calendar and brief. */
  now: () => Date;
  seedKeys: string | undefined;
  /** Requests per minute per plan, e.g. "free:60,developer:300" (RATE_LIMITS). */
  rates: string | undefined;
  /** Processes sharing the port on this machine (WORKERS, default: the number of cores). */
  workers: number;
  /** Shared rate limits, key revocations and release announcements (REDIS_URL); null: per process. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (REDIS_PREFIX), so deployments can share one Redis. */
  redisPrefix: string;
  /** API keys, plans and usage in PostgreSQL (DATABASE_URL); null: DATA_DIR/keys.db. */
  databaseUrl: string | null;
  /** A shared directory or HTTP(S) base URL to take built releases from (RELEASE_FROM). */
  releaseFrom: string | null;
  /**
   * Who may read /metrics: those sending METRICS_TOKEN as a bearer token; anyone with METRICS_PUBLIC=1
   * (a scraper on a private network); nobody when neither is set (a 404, as for any unknown path).
   */
  metrics: { token: string | undefined; public: boolean };
  /** Origins whose pages may call the API from a browser (CORS_ORIGINS, comma separated; default '*': any). */
  corsOrigins: '*' | string[];
  /** How long one GraphQL execution (a /graphql query, a /v1 answer) may run before it is stopped (EXECUTION_BUDGET_MS). */
  executionBudgetMs: number;
  /**
   * How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS). Longer than the idle
   * timeout of the proxy in front (nginx's upstream keep-alive and most load balancers: 60 s), so the
   * proxy, not the service, closes an idle connection: a request sent on a connection the service is
   * closing at that moment reads a reset, which a proxy answers with a 502 when it may not retry it.
   */
  keepAliveTimeoutMs: number;
  /** The cost bound of a /v1 route's operation (ROUTE_COST_LIMIT; a composed /graphql query's is QUERY_LIMITS). */
  routeCostLimit: number;
  /** When `serve` checks the publishers (REFRESH_SCHEDULE: daily by default, or off). */
  refreshSchedule: RefreshSchedule;
  /** A base URL every official address is fetched through (TOURISM_PUBLISHER_MIRROR); null: the publishers themselves. */
  publisherMirror: string | null;
  /** Where the ingest keeps each step's parsed output for the next build (TOURISM_PARSE_CACHE, default DATA_DIR/parsed; off: none). */
  parseCacheDir: string | null;
  /** A refresh round's deadlines and its parsing process's limits (TOURISM_REFRESH_DEADLINE_SECONDS, TOURISM_SOURCE_DEADLINE_SECONDS, TOURISM_PARSE_DEADLINE_SECONDS, TOURISM_PARSE_MEMORY_MB). */
  refreshLimits: RoundLimits;
  /**
   * Webhook deliveries: attempts, first retry wait and per-attempt timeout (WEBHOOK_ATTEMPTS,
   * WEBHOOK_RETRY_MS, WEBHOOK_TIMEOUT_MS); receivers on non-public addresses (TOURISM_WEBHOOKS_ALLOW_PRIVATE=1).
   */
  webhooks: WebhookSettings;
}

/** A whole-number setting: `fallback` when unset, rejected below `min`; `what` names its unit in the error. */
function wholeFrom(name: string, text: string | undefined, fallback: number, min: number, what = 'whole number'): number {
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a ${what}, ${min} or more: ${text}`);
  return n;
}

function mirrorFrom(text: string | undefined): string | null {
  if (!text) return null;
  const protocol = URL.canParse(text) ? new URL(text).protocol : null;
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`TOURISM_PUBLISHER_MIRROR must be an http(s) base URL: ${text}`);
  return text.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  const pinned = env.TOURISM_NOW ? new Date(env.TOURISM_NOW) : null;
  if (pinned && Number.isNaN(pinned.getTime())) throw new Error(`TOURISM_NOW is not an ISO date: ${env.TOURISM_NOW}`);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    host,
    port,
    dataDir,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    now: pinned ? () => new Date(pinned) : () => new Date(),
    seedKeys: env.TOURISM_API_KEYS,
    rates: env.RATE_LIMITS,
    workers: wholeFrom('WORKERS', env.WORKERS, os.availableParallelism(), 1, 'whole number of processes'),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'tourism:',
    databaseUrl: env.DATABASE_URL || null,
    releaseFrom: env.RELEASE_FROM || null,
    metrics: { token: env.METRICS_TOKEN || undefined, public: env.METRICS_PUBLIC === '1' },
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    executionBudgetMs: wholeFrom('EXECUTION_BUDGET_MS', env.EXECUTION_BUDGET_MS, DEFAULT_BUDGET_MS, 1, 'whole number of milliseconds'),
    keepAliveTimeoutMs: wholeFrom('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, 1, 'whole number of milliseconds'),
    routeCostLimit: wholeFrom('ROUTE_COST_LIMIT', env.ROUTE_COST_LIMIT, ROUTE_COST_LIMIT, 1),
    refreshSchedule: parseSchedule(env.REFRESH_SCHEDULE),
    publisherMirror: mirrorFrom(env.TOURISM_PUBLISHER_MIRROR),
    refreshLimits: {
      roundDeadlineMs: 1000 * wholeFrom('TOURISM_REFRESH_DEADLINE_SECONDS', env.TOURISM_REFRESH_DEADLINE_SECONDS, DEFAULT_ROUND_LIMITS.roundDeadlineMs / 1000, 1, 'whole number of seconds'),
      sourceDeadlineMs: 1000 * wholeFrom('TOURISM_SOURCE_DEADLINE_SECONDS', env.TOURISM_SOURCE_DEADLINE_SECONDS, DEFAULT_ROUND_LIMITS.sourceDeadlineMs / 1000, 1, 'whole number of seconds'),
      parse: {
        deadlineMs: 1000 * wholeFrom('TOURISM_PARSE_DEADLINE_SECONDS', env.TOURISM_PARSE_DEADLINE_SECONDS, DEFAULT_PARSE_LIMITS.deadlineMs / 1000, 1, 'whole number of seconds'),
        memoryMb: wholeFrom('TOURISM_PARSE_MEMORY_MB', env.TOURISM_PARSE_MEMORY_MB, DEFAULT_PARSE_LIMITS.memoryMb, 128, 'whole number of megabytes'),
      },
    },
    parseCacheDir: env.TOURISM_PARSE_CACHE === 'off' ? null : path.resolve(env.TOURISM_PARSE_CACHE || path.join(dataDir, 'parsed')),
    webhooks: {
      attempts: wholeFrom('WEBHOOK_ATTEMPTS', env.WEBHOOK_ATTEMPTS, DEFAULT_WEBHOOK_SETTINGS.attempts, 1),
      retryMs: wholeFrom('WEBHOOK_RETRY_MS', env.WEBHOOK_RETRY_MS, DEFAULT_WEBHOOK_SETTINGS.retryMs, 0),
      timeoutMs: wholeFrom('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, DEFAULT_WEBHOOK_SETTINGS.timeoutMs, 1),
      allowPrivate: env.TOURISM_WEBHOOKS_ALLOW_PRIVATE === '1',
    },
  };
}
