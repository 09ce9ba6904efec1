/** What a /v1 route is: path, parameters, minimum plan, the one operation it runs, and the reshaping. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Plan } from '../src/domain/types';
import type { ParamSpec } from './params';

export type Params = Record<string, unknown>;

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

export interface Shaped {
  data: unknown;
  meta?: Record<string, unknown>;
}

export interface Paging<TRow> {
  /** Rows when `limit` is absent; undefined means all. */
  defaultLimit?: number;
  /** Opaque position after a row (the index-th row of this page), passed back as `after`. */
  cursorOf: (row: TRow, index: number, params: Params) => string;
}

export interface Route<TResult = unknown, TVars = Record<string, unknown>> {
  path: string;
  summary: string;
  description?: string;
  plan: Plan;
  pathParams: ParamSpec[];
  query: ParamSpec[];
  /** 'rows': data is flat rows; 'series': series data blocks; false: JSON only. */
  csv: 'rows' | 'series' | false;
  operation: TypedDocumentNode<TResult, TVars>;
  variables: (p: Params) => TVars;
  /** Turns the operation's data into the envelope's data (and meta); throws ApiError for 404s. */
  shape: (result: TResult, p: Params, ctx: ShapeContext) => Shaped;
  paging?: Paging<any>;
}

export function defineRoute<TResult, TVars>(route: Route<TResult, TVars>): Route<TResult, TVars> {
  return route;
}

export interface CompiledRoute {
  route: Route<any, any>;
  regex: RegExp;
  names: string[];
}

export function compileRoute(route: Route<any, any>): CompiledRoute {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}$`), names };
}
