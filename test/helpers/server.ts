/** Starts the real service on a loopback port over the test release, with one key per plan. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { Plan } from '../../src/domain/types';
import { startApp, type App } from '../../src/server/app';
import { createLogger, type Logger } from '../../src/server/logger';

import { TEST_NOW } from './dates';

export { TEST_NOW, TEST_RELEASE_DATE } from './dates';
export const KEYS: Record<Plan, string> = {
  free: 'test-key-free',
  developer: 'test-key-developer',
  analyst: 'test-key-analyst',
  intel: 'test-key-intel',
};

/** A data folder of its own (keys.db is per server) that serves the shared test release. */
export function privateDataDir(): string {
  const shared = inject('dataDir');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-server-'));
  fs.symlinkSync(path.join(shared, 'releases'), path.join(dir, 'releases'));
  fs.copyFileSync(path.join(shared, 'CURRENT'), path.join(dir, 'CURRENT'));
  return dir;
}

export interface TestServer {
  app: App;
  url: string;
  get: (pathAndQuery: string, options?: { plan?: Plan | null; headers?: Record<string, string>; method?: string }) => Promise<Response>;
  json: (pathAndQuery: string, plan?: Plan) => Promise<any>;
  graphql: (query: string, variables?: Record<string, unknown>, plan?: Plan | null) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

export async function startTestServer(
  options: {
    dataDir?: string;
    rates?: string;
    onQuery?: (sql: string) => void;
    log?: (l: string) => void;
    /** Access lines and events (default: none). */
    logger?: Logger;
    /** Pins the server's today (default TEST_NOW). */
    now?: string;
    /** CORS_ORIGINS (default: unset, any origin). */
    corsOrigins?: string;
    /** More of the service's environment (METRICS_TOKEN …). */
    env?: Record<string, string>;
    /** This server sends the webhook events of new releases, as the single process of `serve` does. */
    announceReleases?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? privateDataDir();
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    TOURISM_NOW: options.now ?? TEST_NOW,
    PUBLIC_BASE_URL: 'http://api.test',
    TOURISM_API_KEYS: Object.entries(KEYS).map(([p, k]) => `${p}:${k}`).join(','),
    CORS_ORIGINS: options.corsOrigins,
    ...options.env,
  });
  const app = await startApp({
    config,
    rates: options.rates ?? 'free:100000,developer:100000,analyst:100000,intel:100000',
    onQuery: options.onQuery,
    announceReleases: options.announceReleases,
    log: options.log ?? (() => {}),
    logger: options.logger ?? createLogger({ level: 'silent' }),
  });
  const get: TestServer['get'] = (p, o = {}) => {
    const plan = o.plan === undefined ? 'intel' : o.plan;
    return fetch(`${app.url}${p}`, {
      method: o.method ?? 'GET',
      headers: { ...(plan ? { 'X-API-Key': KEYS[plan] } : {}), ...o.headers },
    });
  };
  return {
    app,
    url: app.url,
    get,
    json: async (p, plan = 'intel') => (await get(p, { plan })).json(),
    graphql: async (query, variables = {}, plan = 'intel') => {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(plan ? { 'X-API-Key': KEYS[plan] } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: await res.json() };
    },
    close: async () => {
      await app.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
