/**
 * Rate counters for node:cluster workers, maintained by the primary.
 *
 * Near a key's limit every request is counted by the primary, in order, so the number of 200s is
 * exactly the limit and each RateLimit-Remaining is exact. Far from it (more than EXACT_BELOW left)
 * the primary hands a worker a lease of tokens that the worker spends without asking again: a
 * cached answer then costs no IPC at all (one message each way per request made two workers slower
 * than one). Leases are taken from what is left, so a key never gets more than its limit; tokens a
 * worker has not spent within LEASE_MS go back. Meanwhile RateLimit-Remaining is what the primary
 * had left when it granted the lease plus this worker's unspent tokens, so other workers' leases
 * make it read high by at most what they hold. Requests a worker counts within one turn of its
 * event loop travel in one message.
 */
import cluster, { type Worker } from 'node:cluster';
import { RateLimiter, WINDOW_MS, type Grant, type Limiter, type PlanRates, type RateDecision } from '../auth/rate-limit';
import type { Plan } from '../domain/types';

/** Below this many requests left in a key's window, every request is counted by the primary. */
export const EXACT_BELOW = 200;
/** Unspent tokens go back to the primary after this long. */
const LEASE_MS = 250;
/** The most tokens one lease holds. */
const MAX_LEASE = 1000;

/** Tokens to lease when `left` remain and `workers` share them: at most an eighth of each worker's share. */
export function leaseSize(left: number, workers: number): number {
  if (left <= EXACT_BELOW) return left > 0 ? 1 : 0;
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(left / (8 * Math.max(1, workers)))));
}

interface TakeBatch {
  tourismRateTakes: number;
  takes: [keyId: string, plan: Plan][];
}

interface GrantBatch {
  tourismRateGrants: number;
  grants: Grant[];
}

interface ReturnBatch {
  tourismRateReturns: [keyId: string, tokens: number, windowStart: number][];
}

const has = (m: unknown, key: string): boolean => typeof m === 'object' && m !== null && key in m;
const isTakeBatch = (m: unknown): m is TakeBatch => has(m, 'tourismRateTakes');
const isGrantBatch = (m: unknown): m is GrantBatch => has(m, 'tourismRateGrants');
const isReturnBatch = (m: unknown): m is ReturnBatch => has(m, 'tourismRateReturns');

/** In the primary: one counter for all workers, answering each batch in order. */
export function serveClusterLimits(rates: PlanRates): void {
  const counter = new RateLimiter(rates);
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isReturnBatch(message)) {
      for (const [keyId, tokens, windowStart] of message.tourismRateReturns) counter.giveBack(keyId, tokens, windowStart);
      return;
    }
    if (!isTakeBatch(message)) return;
    const workers = Object.keys(cluster.workers ?? {}).length;
    const grants = message.takes.map(([keyId, plan]) => counter.grant(keyId, plan, (left) => leaseSize(left, workers)));
    const reply: GrantBatch = { tourismRateGrants: message.tourismRateTakes, grants };
    if (worker.isConnected()) worker.send(reply);
  });
}

function sendReturns(returns: ReturnBatch['tourismRateReturns']): void {
  if (returns.length && process.send && process.connected) process.send({ tourismRateReturns: returns } satisfies ReturnBatch);
}

interface Pending {
  keyId: string;
  plan: Plan;
  resolve: (d: RateDecision) => void;
}

interface Lease {
  tokens: number;
  limit: number;
  remaining: number;
  windowStart: number;
  resetAt: number;
  expires: number;
}

/**
 * In a worker: spends leased tokens at once, and asks the primary otherwise. A batch the primary
 * leaves unanswered for `timeoutMs` is counted in this worker's memory instead, so requests go on
 * being answered (limits per worker until the primary answers again).
 */
export class ClusterLimiter implements Limiter {
  private pending: Pending[] = [];
  /** Batches sent to the primary; `countedHere` once the timeout counted them in this worker instead. */
  private readonly inFlight = new Map<number, { batch: Pending[]; timer: NodeJS.Timeout; countedHere: boolean }>();
  private readonly leases = new Map<string, Lease>();
  private sequence = 0;
  private readonly local: RateLimiter;

  constructor(
    rates: PlanRates,
    private readonly timeoutMs = 2000,
  ) {
    this.local = new RateLimiter(rates);
    process.on('message', (message: unknown) => {
      if (!isGrantBatch(message)) return;
      const sent = this.inFlight.get(message.tourismRateGrants);
      if (!sent) return;
      this.inFlight.delete(message.tourismRateGrants);
      clearTimeout(sent.timer);
      // Counted here meanwhile (the primary was slow): what it granted late goes back, or the key
      // would lose those tokens for the rest of its window.
      if (sent.countedHere) return this.giveBack(sent.batch, message.grants);
      sent.batch.forEach((p, i) => p.resolve(this.spend(p.keyId, message.grants[i])));
    });
    setInterval(() => this.returnUnspent(), LEASE_MS).unref();
  }

  take(keyId: string, plan: Plan): RateDecision | Promise<RateDecision> {
    const now = Date.now();
    const lease = this.leases.get(keyId);
    if (lease && lease.tokens > 0 && now < lease.expires && now < lease.resetAt) {
      lease.tokens--;
      return { allowed: true, limit: lease.limit, remaining: lease.remaining + lease.tokens, resetSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)) };
    }
    return new Promise((resolve) => {
      if (this.pending.push({ keyId, plan, resolve }) === 1) setImmediate(() => this.flush());
    });
  }

  /** One token of a grant for this request; the rest, if any, retained as this key's lease. */
  private spend(keyId: string, grant: Grant): RateDecision {
    const { limit, resetSeconds } = grant;
    const now = Date.now();
    const lease = this.leases.get(keyId);
    if (grant.tokens === 0) {
      // The primary has none left, but tokens this worker holds from an expired lease of the same
      // window (not yet given back) were counted for this key: spend one rather than reject.
      if (lease && lease.tokens > 0 && lease.windowStart === grant.windowStart && now < lease.resetAt) {
        lease.tokens--;
        return { allowed: true, limit, remaining: lease.remaining + lease.tokens, resetSeconds };
      }
      return { allowed: false, limit, remaining: 0, resetSeconds };
    }
    const sameWindow = lease && lease.windowStart === grant.windowStart;
    const tokens = grant.tokens - 1 + (sameWindow ? lease.tokens : 0);
    if (tokens > 0) {
      this.leases.set(keyId, { tokens, limit, remaining: grant.remaining, windowStart: grant.windowStart, resetAt: grant.windowStart + WINDOW_MS, expires: now + LEASE_MS });
    } else this.leases.delete(keyId);
    return { allowed: true, limit, remaining: grant.remaining + tokens, resetSeconds };
  }

  private giveBack(batch: Pending[], grants: Grant[]): void {
    const returns: ReturnBatch['tourismRateReturns'] = [];
    batch.forEach((p, i) => grants[i]?.tokens > 0 && returns.push([p.keyId, grants[i].tokens, grants[i].windowStart]));
    sendReturns(returns);
  }

  private returnUnspent(): void {
    const now = Date.now();
    const returns: ReturnBatch['tourismRateReturns'] = [];
    for (const [keyId, lease] of this.leases) {
      if (now < lease.expires && now < lease.resetAt) continue;
      this.leases.delete(keyId);
      if (lease.tokens > 0 && now < lease.resetAt) returns.push([keyId, lease.tokens, lease.windowStart]);
    }
    sendReturns(returns);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const id = ++this.sequence;
    const countHere = () => {
      for (const p of batch) p.resolve(this.local.take(p.keyId, p.plan));
    };
    const message: TakeBatch = { tourismRateTakes: id, takes: batch.map((p) => [p.keyId, p.plan]) };
    if (!process.send || !process.connected) return countHere();
    const sent = {
      batch,
      countedHere: false,
      timer: setTimeout(() => {
        sent.countedHere = true;
        countHere();
        // A primary that never answers leaves no record behind past the window.
        setTimeout(() => this.inFlight.delete(id), WINDOW_MS).unref();
      }, this.timeoutMs),
    };
    this.inFlight.set(id, sent);
    process.send(message);
  }
}
