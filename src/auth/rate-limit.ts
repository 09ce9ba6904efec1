/**
 * Per-key fixed-window request limits per plan, with the RateLimit-* header values.
 * One process counts in memory (synchronously, the default); workers on one machine share the
 * primary's counters over IPC (src/server/cluster-limits.ts); replicas share Redis counters (see src/server/shared-state.ts).
 */
import {
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { PLANS, type Plan } from '../domain/types';

export type PlanRates = Record<Plan, number>;

export const DEFAULT_RATES: PlanRates = { free: 60, developer: 300, analyst: 1200, intel: 6000 };

const WINDOW_SECONDS = 60;
/** A key's window, which opens at its first request. */
export const WINDOW_MS = WINDOW_SECONDS * 1000;

/** RATE_LIMITS="free:60,developer:300,…" overrides the defaults (requests per minute). */
export function parseRates(text: string | undefined): PlanRates {
  const rates = { ...DEFAULT_RATES };
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [plan, n] = part.split(':');
    if (plan in rates && Number(n) > 0) rates[plan as Plan] = Number(n);
  }
  return rates;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Counts one request of a key; a shared counter answers asynchronously. */
export interface Limiter {
  take(keyId: string, plan: Plan): RateDecision | Promise<RateDecision>;
}

/** Tokens handed out of a key's window at once. */
export interface Grant {
  /** 0 (rejected), 1, or more (a lease of tokens to spend later). */
  tokens: number;
  limit: number;
  /** Left in the window after this grant. */
  remaining: number;
  resetSeconds: number;
  /** When the window the tokens belong to opened (ms since the epoch). */
  windowStart: number;
}

/** Counters in this process's memory, answered synchronously (one process, the default). */
export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly rates: PlanRates) {}

  take(keyId: string, plan: Plan, now = Date.now()): RateDecision {
    const { tokens, limit, remaining, resetSeconds } = this.grant(keyId, plan, (left) => (left > 0 ? 1 : 0), now);
    return { allowed: tokens > 0, limit, remaining, resetSeconds };
  }

  /** Counts `tokensFor(left)` requests of a key at once, out of what its window has left. */
  grant(keyId: string, plan: Plan, tokensFor: (left: number) => number, now = Date.now()): Grant {
    const limit = this.rates[plan];
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size > 100_000) this.windows.clear();
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    const tokens = Math.max(0, Math.min(tokensFor(limit - w.count), limit - w.count));
    w.count += tokens;
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    return { tokens, limit, remaining: limit - w.count, resetSeconds, windowStart: w.start };
  }

  /** Uncounts tokens granted and not spent, if their window is still the key's. */
  giveBack(keyId: string, tokens: number, windowStart: number): void {
    const w = this.windows.get(keyId);
    if (w && w.start === windowStart) w.count = Math.max(0, w.count - tokens);
  }
}

/**
 * A rate-limiter-flexible counter per plan (same fixed window: it opens at a key's first request).
 * When the shared counter cannot answer (Redis down), this process counts in
 * its own memory instead: requests go on being answered, with limits per process until it is back.
 */
export class SharedRateLimiter implements Limiter {
  private readonly local: RateLimiter;

  constructor(
    private readonly rates: PlanRates,
    private readonly byPlan: Record<Plan, RateLimiterAbstract>,
  ) {
    this.local = new RateLimiter(rates);
  }

  async take(keyId: string, plan: Plan): Promise<RateDecision> {
    const limit = this.rates[plan];
    const decision = (allowed: boolean, res: RateLimiterRes): RateDecision => ({
      allowed,
      limit,
      remaining: allowed ? Math.max(0, res.remainingPoints) : 0,
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    try {
      return decision(true, await this.byPlan[plan].consume(keyId));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(false, rejection);
      return this.local.take(keyId, plan);
    }
  }
}

function perPlan(make: (plan: Plan, points: number) => RateLimiterAbstract, rates: PlanRates): Record<Plan, RateLimiterAbstract> {
  return Object.fromEntries(PLANS.map((plan) => [plan, make(plan, rates[plan])])) as Record<Plan, RateLimiterAbstract>;
}

/** Counters in Redis, exact across replicas (one atomic increment per request). */
export function redisRateLimiter(redis: Redis, prefix: string, rates: PlanRates): SharedRateLimiter {
  return new SharedRateLimiter(
    rates,
    perPlan(
      (plan, points) =>
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}rate:${plan}`,
          points,
          duration: WINDOW_SECONDS,
          // While Redis is away, fail at once (and count locally) rather than queue.
          rejectIfRedisNotReady: true,
        }),
      rates,
    ),
  );
}
