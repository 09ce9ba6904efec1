/** Settings read from the environment (DECISIONS.md, "Running it"; docs/deployment in README "Scaling out"). */
import os from 'node:os';
import path from 'node:path';
import { parseCorsOrigins } from './server/cors';

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
}

function workersFrom(text: string | undefined): number {
  if (!text) return os.availableParallelism();
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS must be a whole number of processes, 1 or more: ${text}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  const pinned = env.TOURISM_NOW ? new Date(env.TOURISM_NOW) : null;
  if (pinned && Number.isNaN(pinned.getTime())) throw new Error(`TOURISM_NOW is not an ISO date: ${env.TOURISM_NOW}`);
  return {
    host,
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    now: pinned ? () => new Date(pinned) : () => new Date(),
    seedKeys: env.TOURISM_API_KEYS,
    rates: env.RATE_LIMITS,
    workers: workersFrom(env.WORKERS),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'tourism:',
    databaseUrl: env.DATABASE_URL || null,
    releaseFrom: env.RELEASE_FROM || null,
    metrics: { token: env.METRICS_TOKEN || undefined, public: env.METRICS_PUBLIC === '1' },
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  };
}
