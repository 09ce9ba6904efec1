/** Per-key fixed-window request limits per plan, with the RateLimit-* header values. */
import type { Plan } from '../src/domain/types';

export type PlanRates = Record<Plan, number>;

export const DEFAULT_RATES: PlanRates = { free: 60, developer: 300, analyst: 1200, intel: 6000 };

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

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly windowMs = 60_000;

  constructor(private readonly rates: PlanRates) {}

  take(keyId: string, plan: Plan, now = Date.now()): RateDecision {
    const limit = this.rates[plan];
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 100_000) this.windows.clear();
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count, resetSeconds };
  }
}
