/** Settings read from the environment (DECISIONS.md, "Running it"). */
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  publicBaseUrl: string;
  /** Pinned "today" for reproducible freshness, gaps, calendar and brief. */
  now: () => Date;
  seedKeys: string | undefined;
  /** When set, /metrics asks for it as a bearer token (METRICS_TOKEN); otherwise /metrics is open like the probes. */
  metricsToken: string | undefined;
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
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
