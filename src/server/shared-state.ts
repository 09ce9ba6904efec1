/**
 * What a serving process shares with the others, by engine:
 *   - keys: DATA_DIR/keys.db (one machine), or PostgreSQL with DATABASE_URL (every replica);
 *   - rate limits: in-process counters (one process), the cluster primary's counters (workers on one
 *     machine), or Redis with REDIS_URL (every replica);
 *   - announcements (key revoked, release published): Redis pub/sub with REDIS_URL.
 */
import { KeysStore, type KeyStore } from '../auth/keys-store';
import { PgKeysStore } from '../auth/pg-keys-store';
import type { Config } from './config';
import { parseRates, RateLimiter, redisRateLimiter, type Limiter } from '../auth/rate-limit';
import { ClusterLimiter } from './cluster-limits';
import { Bus } from './bus';

export interface SharedState {
  keys: KeyStore;
  limiter: Limiter;
  bus: Bus | null;
  close: () => Promise<void>;
}

/** The key store the configuration names; `serve` keeps it fresh and writes usage (servers, not the CLI). */
export async function openKeyStore(config: Config, options: { log: (line: string) => void; serve: boolean }): Promise<KeyStore> {
  if (!config.databaseUrl) return new KeysStore(config.dataDir);
  return PgKeysStore.open(config.databaseUrl, options);
}

export function openBus(config: Config, log: (line: string) => void): Bus | null {
  return config.redisUrl ? new Bus(config.redisUrl, config.redisPrefix, log) : null;
}

/** `clusterWorker`: a node:cluster worker, whose counters live in the primary when there is no Redis. */
export async function openSharedState(config: Config, options: { log: (line: string) => void; clusterWorker: boolean }): Promise<SharedState> {
  const bus = openBus(config, options.log);
  const keys = await openKeyStore(config, { log: options.log, serve: true });
  const rates = parseRates(config.rates);
  const limiter = bus
    ? redisRateLimiter(bus.redis, config.redisPrefix, rates)
    : options.clusterWorker
      ? new ClusterLimiter(rates)
      : new RateLimiter(rates);
  bus?.on((a) => {
    if (a.topic === 'key-revoked') keys.forget(a.id);
  });
  return {
    keys,
    limiter,
    bus,
    close: async () => {
      await keys.close();
      await bus?.close();
    },
  };
}
