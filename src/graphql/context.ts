/** What every resolver gets: the caller's plan, the served release, "today" and the request's loaders. */
import type { Snapshot } from '../db/data-store';
import type { Prisma } from '../db/client';
import type { Plan } from '../domain/types';
import type { RateDecision } from '../auth/rate-limit';
import { createLoaders, type Loaders } from './loaders';
import { visibleFrom } from '../domain/visibility';
import type { ExecutionBudget } from './time-budget';

export interface GraphQLContext {
  plan: Plan;
  requestId: string;
  snapshot: Snapshot;
  prisma: Prisma;
  now: Date;
  publicBaseUrl: string;
  loaders: Loaders;
  /** Where the caller stands against its rate limit (on /graphql; absent in /v1 operations). */
  rate?: RateDecision;
  /** What operators should hear of (a brief withheld by its number check), as text: the service's log at level error. */
  log: (line: string) => void;
  /**
   * The /v1 route whose fixed operation this is: its cost is not present to the limit, which is for
   * queries callers compose (a route's own parameters, limit 1..1000, bound its work).
   */
  route?: string;
  /**
   * The key its result is cached under (src/graphql/result-cache.ts, resultKey), computed once by
   * the surface that took the request, which looked it up before executing.
   */
  resultKey?: string;
  /** Whether a composed query's result is to be cached: its second ask (ResultStore.admits). */
  keepResult?: boolean;
  /** The cost of a query a caller composed (useQueryCost), once computed; a route's fixed operation has none. */
  cost?: number;
  /** The execution's time budget (time-budget.ts): set when the execution starts, read by every resolver. */
  budget?: ExecutionBudget;
}

/**
 * What a fixed operation's context is made from (a /v1 route's, an MCP tool's): the caller's plan,
 * the release and the time its answer was looked up at, its route and result key.
 */
export interface ExecutionStart {
  plan: Plan;
  requestId: string;
  snapshot: Snapshot;
  now: Date;
  route?: string;
  resultKey?: string;
}

export function createContext(args: {
  plan: Plan;
  requestId: string;
  snapshot: Snapshot;
  now: Date;
  publicBaseUrl: string;
  rate?: RateDecision;
  log: (line: string) => void;
}): GraphQLContext {
  return { ...args, prisma: args.snapshot.prisma, loaders: createLoaders(args.snapshot, visibleFrom(args.plan, args.now)) };
}
