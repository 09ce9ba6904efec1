/**
 * Who may call: the key check, the plan check and the rate limit, in the order DECISIONS.md gives,
 * with their error messages. REST and GraphQL both admit callers here and nowhere else.
 */
import { ApiError } from '../errors';
import type { Limiter, RateDecision } from './rate-limit';
import { planRank, type Plan } from '../domain/types';
import type { KeyStore } from './keys-store';

export interface Admission {
  caller: { id: string; plan: Plan };
  rate: RateDecision;
}

/** The RateLimit-* response headers of a decision. */
export function rateHeaders(rate: RateDecision): Record<string, string> {
  return { 'RateLimit-Limit': String(rate.limit), 'RateLimit-Remaining': String(rate.remaining), 'RateLimit-Reset': String(rate.resetSeconds) };
}

/** The same headers as a flat [name, value, …] list, which node:http writes without walking an object's keys. */
export function rateHeaderList(rate: RateDecision): string[] {
  return ['RateLimit-Limit', String(rate.limit), 'RateLimit-Remaining', String(rate.remaining), 'RateLimit-Reset', String(rate.resetSeconds)];
}

/**
 * `seen` is told the caller's plan as soon as the key is known (the access log and metrics label
 * requests by it, rejected ones included).
 */
export type Admit = (key: string | string[] | undefined, needs?: { plan: Plan; what: string }, seen?: { plan: Plan | null }) => Admission | Promise<Admission>;

/** The caller a key names, or the error of a key missing, unknown or revoked: the first check of every admission. */
export type Identify = (key: string | string[] | undefined, seen?: { plan: Plan | null }) => Admission['caller'];

/**
 * The key a request presents: `X-API-Key`, else an `Authorization: Bearer` token (what MCP clients
 * send); undefined when it presents neither.
 */
export function presentedKey(headers: { get(name: string): string | null }): string | undefined {
  const key = headers.get('x-api-key');
  if (key) return key;
  const bearer = /^Bearer +(\S+) *$/i.exec(headers.get('authorization') ?? '');
  return bearer ? bearer[1] : undefined;
}

export function createIdentify(keys: KeyStore): Identify {
  return function identify(key, seen) {
    if (typeof key !== 'string' || key === '') throw new ApiError('missing_api_key', 'Send your API key in the X-API-Key header.');
    const caller = keys.verify(key);
    if (!caller) throw new ApiError('invalid_api_key', 'The API key is unknown or revoked.');
    if (seen) seen.plan = caller.plan;
    return caller;
  };
}

export function createAccess(keys: KeyStore, limiter: Limiter): Admit {
  const identify = createIdentify(keys);
  return function admit(key, needs, seen) {
    const caller = identify(key, seen);
    if (needs && planRank(caller.plan) < planRank(needs.plan)) {
      throw new ApiError('plan_required', `${needs.what} needs the ${needs.plan} plan or above; this key is on ${caller.plan}.`);
    }
    const decide = (rate: RateDecision): Admission => {
      if (!rate.allowed) {
        throw new ApiError('rate_limited', `Over the ${caller.plan} plan's ${rate.limit} requests per minute.`, {
          ...rateHeaders(rate),
          'Retry-After': String(rate.resetSeconds),
        });
      }
      return { caller, rate };
    };
    // A shared limiter (Redis) answers asynchronously; the in-process one at once.
    const rate = limiter.take(caller.id, caller.plan);
    return rate instanceof Promise ? rate.then(decide) : decide(rate);
  };
}
