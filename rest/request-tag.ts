/**
 * What the access log and the metrics need to know about one request, filled in by whichever
 * part answers it (the REST adapter, the GraphQL layer, the service's own endpoints).
 */
import { randomBytes } from 'node:crypto';
import type { Plan } from '../src/domain/types';

export interface RequestTag {
  /** The caller's X-Request-Id when well formed, else one of ours. */
  readonly id: string;
  /** The route template answered ("/v1/countries/{iso}", "/graphql" …); low-cardinality for metric labels. */
  route: string;
  /** The plan of the caller's key, null before a key is verified. */
  plan: Plan | null;
  /** Whether a cached answer was sent, for routes that keep answers. */
  cache: 'hit' | 'miss' | null;
}

/** Requests that match no endpoint share one label. */
export const UNMATCHED_ROUTE = 'unmatched';

// Request ids: a random prefix per process and a counter, unique without drawing randomness per request.
const ID_PREFIX = `req_${randomBytes(6).toString('base64url')}`;
let idCounter = 0;

export function newRequestId(): string {
  return `${ID_PREFIX}${(idCounter++).toString(36)}`;
}

/** Ids a caller may choose: short, printable, safe to echo in a header, a JSON body and a log line. */
const CALLER_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The caller's X-Request-Id when it is well formed (so a trace can be followed across services), else a new id. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_ID.test(header) ? header : newRequestId();
}

export function newTag(id: string = newRequestId()): RequestTag {
  return { id, route: UNMATCHED_ROUTE, plan: null, cache: null };
}
