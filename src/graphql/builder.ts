/** The Pothos schema builder: Prisma-backed types, per-field plan scopes, depth and cost limits. */
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin, { type AuthFailure } from '@pothos/plugin-scope-auth';
import { ApiError } from '../errors';
import type PrismaTypes from '../generated/pothos-types';
import { getDatamodel } from '../generated/pothos-types';
import { PLANS, planRank, type Plan } from '../domain/types';
import type { GraphQLContext } from './context';
import { DEFAULT_PAGE_SIZE } from './args';
import { PAGE_SIZE_MAX } from './input-kinds';
import { DEFAULT_LIST_LENGTH, PAGE_ITEMS_COST } from './cost';
import { sharedError } from './repeated-errors';

/**
 * Depth 10, and a cost (cost.ts: about a value or a fixed slice of work a unit) that a query of every
 * country's headline series with ten years of months fits (608,501) with room to spare, and that
 * bounds an answer to about a million values or the work of as many units (useQueryCost).
 */
export const QUERY_LIMITS = { depth: 10, complexity: 1_000_000, breadth: 400 };

/**
 * The default cost bound of a /v1 route's (or MCP tool's) fixed operation (ROUTE_COST_LIMIT). Its
 * parameters already bound its work (limit 1..1000, periods from 1900 to 2100), and normal requests
 * cost far more than QUERY_LIMITS.complexity: counted without a release's sizes, /v1/arrivals about
 * 6.8 million, /v1/capacity about 74 million and the costliest, /v1/capacity from 1900 to 2100,
 * about 292 million (a release's months and countries bound them lower). Only a request past what
 * any route allows today reaches it, such as one a new parameter or a far larger release would make.
 */
export const ROUTE_COST_LIMIT = 300_000_000;

function neededPlan(failure: AuthFailure): Plan | null {
  if ('scope' in failure && PLANS.includes(failure.scope as Plan)) return failure.scope as Plan;
  if ('failures' in failure) {
    for (const f of failure.failures) {
      const plan = neededPlan(f);
      if (plan) return plan;
    }
  }
  return null;
}

/**
 * One error per field and plan, made once: a forbidden field in a list fails at every item, and is
 * located once per path pattern (repeated-errors.ts), not once per item.
 */
const planRequiredErrors = new Map<string, ApiError>();

export function planRequiredError(plan: Plan, what: string): ApiError {
  const key = `${plan}|${what}`;
  let error = planRequiredErrors.get(key);
  if (!error) {
    error = sharedError(new ApiError('plan_required', `${what} needs the ${plan} plan or above.`, {}, { plan }));
    planRequiredErrors.set(key, error);
  }
  return error;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: Record<Plan, boolean>;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    Period: { Input: string; Output: string };
    Date: { Input: string; Output: string };
    CountryCode: { Input: string; Output: string };
    CurrencyCode: { Input: string; Output: string };
    SeriesRef: { Input: string; Output: string };
    Year: { Input: number; Output: number };
  };
  Connection: { totalCount?: number | (() => number | Promise<number>) };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ComplexityPlugin, RelayPlugin, PrismaPlugin],
  // Cursor connections as GitHub and Shopify have them (edges and nodes, pageInfo, totalCount);
  // no global object identification: series and countries have ids of their own.
  relay: {
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodesOnConnection: { complexity: PAGE_ITEMS_COST },
    edgesFieldOptions: { nullable: false, complexity: PAGE_ITEMS_COST },
    nodeFieldOptions: { nullable: false },
  },
  scopeAuth: {
    authScopes: (ctx) => {
      const rank = planRank(ctx.plan);
      return { free: rank >= 0, developer: rank >= 1, analyst: rank >= 2, intel: rank >= 3 };
    },
    unauthorizedError: (_parent, _ctx, info, result) =>
      planRequiredError(neededPlan(result.failure) ?? 'intel', `${info.parentType.name}.${info.fieldName}`),
  },
  // Field costs only (the model: cost.ts): /graphql computes each query's cost once, reports it and
  // holds it to QUERY_LIMITS before execution (useQueryCost); the fixed /v1 operations to ROUTE_COST_LIMIT.
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: DEFAULT_LIST_LENGTH,
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
    defaultConnectionSize: DEFAULT_PAGE_SIZE,
    maxConnectionSize: PAGE_SIZE_MAX,
  },
});

builder.queryType({});
