/** A route's operation run through the enveloped execute, and its result reshaped into the envelope's data and meta. */
import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql';
import type { Snapshot } from '../src/db/data-store';
import type { Plan } from '../src/domain/types';
import { ApiError } from '../src/errors';
import type { ExecutionStart } from '../src/graphql/context';
import { TIMEOUT_CODE } from '../src/graphql/time-budget';
import { encodeCursor, nextPageUrl } from './paging';
import { PAGING_VARIABLE } from './route-params';
import type { AnyRoute, EnvelopeMeta, Params, ShapeContext } from './route';

/**
 * Runs a route's operation through the same enveloped execute as /graphql (Yoga's plugins: the cost
 * limit, the execution queue, the time budget, the result cache, error logging and masking), its
 * context made from `start` by Yoga's context factory, as useSofa does.
 */
export type RestExecute = (args: { document: DocumentNode; variableValues: Record<string, unknown>; start: ExecutionStart }) => Promise<ExecutionResult>;

export interface Envelope {
  meta: EnvelopeMeta & Record<string, unknown>;
  data: unknown;
}

export interface ShapedAnswer {
  data: unknown;
  meta: Record<string, unknown>;
  shapeContext: ShapeContext;
}

export interface RouteRunDeps {
  execute: RestExecute;
  publicBaseUrl: string;
  log: (line: string) => void;
  /** Live endpoints status reports. */
  endpointsLive: number;
}

/** Rows a paged route's page holds: `limit`, or the route's default. */
function limitOf(route: AnyRoute, params: Params): number | undefined {
  return typeof params.limit === 'number' ? params.limit : route.paging?.defaultLimit;
}

/**
 * A route's operation's variables: its parameters by name (format and cursor are REST's own), a
 * paged route's page size (`limit`, else its default) and `$after` from the cursor, then the
 * variables it computes.
 */
export function variablesOf(route: AnyRoute, params: Params): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const spec of [...route.pathParams, ...route.query]) {
    if (spec.kind !== 'format' && spec.kind !== 'cursor' && params[spec.name] !== undefined) vars[spec.name] = params[spec.name];
  }
  const limit = limitOf(route, params);
  if (limit !== undefined) vars.limit = limit;
  if (route.paging && typeof params.cursor === 'string' && params.after !== undefined) {
    vars[PAGING_VARIABLE] = route.paging.after ? route.paging.after(params.after) : params.cursor;
  }
  for (const [name, work] of Object.entries(route.computed ?? {})) if (work) vars[name] = work(params);
  // JSON-stat and SDMX-CSV always carry each figure's status and flags.
  if ((params.format === 'jsonstat' || params.format === 'sdmx-csv') && route.query.some((q) => q.name === 'status')) vars.status = true;
  return vars;
}

/** Runs a route's operation; a error in its errors is thrown as the ApiError REST answers with. */
export async function executeRoute(
  deps: RouteRunDeps,
  route: AnyRoute,
  vars: Record<string, unknown>,
  caller: { plan: Plan; requestId: string; snapshot: Snapshot; now: Date },
  resultKey?: string,
): Promise<ExecutionResult> {
  const result = await deps.execute({ document: route.operation as DocumentNode, variableValues: vars, start: { ...caller, route: route.path, resultKey } });
  if (result.errors?.length) throw apiErrorOf(result.errors, route, caller.requestId, deps.log);
  return result;
}

/** The operation's data as the envelope's data and meta, a page of it on paged routes with the next page's URL. */
export function shapeResult(deps: RouteRunDeps, route: AnyRoute, result: ExecutionResult, params: Params, now: Date): ShapedAnswer {
  const paging = route.paging;
  const limit = limitOf(route, params);
  const shapeContext: ShapeContext = { now, publicBaseUrl: deps.publicBaseUrl, endpointsLive: deps.endpointsLive };
  const shaped = route.shape(result.data, params, shapeContext);
  const meta: Record<string, unknown> = { ...shaped.meta };
  const data = shaped.data;
  if (paging && Array.isArray(data)) {
    meta.next = null;
    if (paging.hasNextPage(result.data) && data.length > 0) {
      const last = data.length - 1;
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) {
        if (k !== 'cursor' && k !== 'after' && v !== undefined && route.query.some((q) => q.name === k)) {
          query.set(k, Array.isArray(v) ? v.join(',') : String(v));
        }
      }
      query.set('limit', String(limit ?? data.length));
      meta.next = nextPageUrl(route.path, query, encodeCursor(paging.cursorOf((data as unknown[])[last], last, params)));
    }
  }
  return { data, meta, shapeContext };
}

/**
 * What a shape throws where its operation's country, series or region is null: their resolvers
 * reject what is not present (unknown_country …), and that error is the answer, so reaching this is a fault.
 */
export function nullAbove(what: string): Error {
  return new Error(`the operation's ${what} was null without its resolver's error`);
}

/** The JSON body of an answer: the envelope's own meta, then the route's. */
export function envelope(requestId: string, dataAsOf: string, data: unknown, meta: Record<string, unknown>): Envelope {
  const own: EnvelopeMeta = { request_id: requestId, data_as_of: dataAsOf, count: Array.isArray(data) ? data.length : 1 };
  return { meta: { ...own, ...meta }, data };
}

/**
 * The error an operation's errors carry (an ApiError a resolver threw: its code and message as
 * they are, a spent time budget first); the cost limit's error as a bad parameter; anything else
 * is logged and answered as internal_error.
 */
function apiErrorOf(errors: readonly GraphQLError[], route: AnyRoute, requestId: string, log: (l: string) => void): ApiError {
  const apiErrors = errors.map(ApiError.of).filter((e) => e !== undefined);
  const apiError = apiErrors.find((e) => e.code === TIMEOUT_CODE) ?? apiErrors[0];
  if (apiError) return apiError;
  // The cost limit holds for routes as for /graphql (a route's own, ROUTE_COST_LIMIT): a route asked for more than it allows.
  const tooComplex = errors.find((e) => e.extensions?.code === 'query_too_complex');
  if (tooComplex) return new ApiError('invalid_parameter', `${tooComplex.message} Ask for fewer rows (limit) or a shorter period.`);
  for (const e of errors) log(`${requestId} ${route.path} operation error: ${e.message}\n${e.originalError?.stack ?? ''}`);
  return new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`);
}
