/** What a /v1 route is: path, parameters, minimum plan, the one operation it runs, and the reshaping. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Plan } from '../src/domain/types';
import { operationPlan, operationRefusals } from '../src/graphql/operation-plan';
import type { ErrorCode } from '../src/errors';
import { schema } from '../src/graphql/schema';
import type { ParamSpec, ParamsOf, ParamValue } from './params';

/** What the handler adds to a route's own parameters: the decoded `cursor`. */
interface Decoded {
  after?: string;
}

/** Parameters as the handler collects them, before a route's own declaration types them. */
export type Params = { [name: string]: ParamValue | undefined } & Decoded;

/** A route's parameters typed from its declared specs: path parameters always present. */
export type RouteParams<P extends readonly ParamSpec[], Q extends readonly ParamSpec[]> = ParamsOf<P, true> & ParamsOf<Q> & Decoded;

export interface ShapeContext {
  now: Date;
  publicBaseUrl: string;
  endpointsLive: number;
}

/** The envelope's own meta fields; a route's shape adds its own beside them. */
export interface EnvelopeMeta {
  /** Echoed in the X-Request-Id header and in error bodies. */
  request_id: string;
  /**
   * When the served data was last loaded.
   * @format date-time
   */
  data_as_of: string;
  /** Rows in data (1 when data is one object). */
  count: number;
  /** On paged routes: the relative URL of the next page, or null on the last. */
  next?: string | null;
}

/** What a document form is written with besides the operation's result and the parameters. */
export interface DocumentContext extends ShapeContext {
  /** When the served data was loaded (ISO). */
  dataAsOf: string;
}

/**
 * An answer in a type of its own (the Atom feed) in place of the envelope: served unless the
 * request asks for format=json, which gives the envelope `shape` makes.
 */
export interface DocumentForm<TResult, TParams> {
  /** Its Content-Type. */
  type: string;
  /** What /openapi.json says it is. */
  description: string;
  /** Called after `shape`, so the refusals (404s) `shape` throws come first and are the same in both forms. */
  write: (result: TResult, p: TParams, ctx: DocumentContext) => string;
}

export interface Shaped {
  data: unknown;
  meta?: Record<string, unknown>;
}

export interface Paging<TRow, TParams = Params> {
  /** Rows when `limit` is absent; undefined means all. */
  defaultLimit?: number;
  /** Opaque position after a row (the index-th row of this page), passed back as `after`. */
  cursorOf: (row: TRow, index: number, params: TParams) => string;
}

export interface Route<
  TResult = unknown,
  TVars = Record<string, unknown>,
  P extends readonly ParamSpec[] = readonly ParamSpec[],
  Q extends readonly ParamSpec[] = readonly ParamSpec[],
> {
  path: string;
  summary: string;
  description?: string;
  /** The minimum plan: the highest plan scope of the fields its operation touches (operationPlan), never declared. */
  plan: Plan;
  /** The refusals its operation's fields may answer with (operationRefusals: unknown_country …), never declared. */
  refusals: ErrorCode[];
  pathParams: P;
  query: Q;
  /** 'rows': data is flat rows; 'series': series data blocks; false: JSON only. */
  csv: 'rows' | 'series' | false;
  operation: TypedDocumentNode<TResult, TVars>;
  variables: (p: RouteParams<P, Q>) => TVars;
  /** Turns the operation's data into the envelope's data (and meta); throws ApiError for 404s. */
  shape: (result: TResult, p: RouteParams<P, Q>, ctx: ShapeContext) => Shaped;
  paging?: Paging<any, RouteParams<P, Q>>;
  document?: DocumentForm<TResult, RouteParams<P, Q>>;
}

/** A route, its parameters' names, kinds and required-ness kept as literal types so `variables` and `shape` get them typed. */
export function defineRoute<TResult, TVars, const P extends readonly ParamSpec[], const Q extends readonly ParamSpec[]>(
  route: Omit<Route<TResult, TVars, P, Q>, 'plan' | 'refusals'>,
): Route<TResult, TVars, P, Q> {
  return { ...route, plan: operationPlan(schema, route.operation), refusals: operationRefusals(schema, route.operation) };
}

/**
 * Any route, as the route table and the handler hold it: the handler passes the parameters it
 * parsed with the route's own specs, so they have the types the route declared.
 */
export interface AnyRoute extends Route<any, any> {
  variables: (p: any) => unknown;
  shape: (result: any, p: any, ctx: ShapeContext) => Shaped;
  paging?: Paging<any, any>;
  document?: DocumentForm<any, any>;
}

export interface CompiledRoute {
  route: AnyRoute;
  regex: RegExp;
  names: string[];
}

export function compileRoute(route: AnyRoute): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}$`), names };
}

export interface RouteMatch {
  c: CompiledRoute;
  /** The path parameters' raw values, in the order of `c.names`. */
  values: string[];
}

/** The route a path asks for: paths without parameters by a map lookup; only the others are tried as patterns. */
export function routeMatcher(routes: readonly AnyRoute[]): (path: string) => RouteMatch | null {
  const compiled = routes.map(compileRoute);
  const fixed = new Map(compiled.filter((c) => c.names.length === 0).map((c) => [c.route.path, c]));
  const patterned = compiled.filter((c) => c.names.length > 0);
  return (path) => {
    const exact = fixed.get(path);
    if (exact) return { c: exact, values: [] };
    for (const c of patterned) {
      const m = c.regex.exec(path);
      if (m) return { c, values: m.slice(1) };
    }
    return null;
  };
}
