/** What a /v1 route is: path, parameters, minimum plan, the one operation it runs, and the reshaping. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import Router from 'find-my-way';
import type { Plan } from '../src/domain/types';
import { ApiError } from '../src/errors';
import { operationPlan, operationErrorCodes } from '../src/graphql/operation-plan';
import type { ErrorCode } from '../src/errors';
import { schema } from '../src/graphql/schema';
import type { ParamSpec, ParamValue } from './params';
import { routeParams, type ParamNote } from './route-params';
import type { Dataset } from './datasets';
import type { FileToSend } from './file-answer';

/** What REST reads beside the operation's variables: the answer's format, the cursor as sent and decoded. */
interface RestOnly {
  format?: 'json' | 'csv' | 'jsonstat' | 'sdmx-csv';
  cursor?: string;
  /** The decoded cursor. */
  after?: string;
}

/** Parameters as the handler collects them, before a route's operation types them. */
export type Params = { [name: string]: ParamValue | undefined } & RestOnly;

/** A route's parameters: its operation's variables (rest/route-params.ts) and what REST adds. */
export type RouteParams<TVars> = { [K in Exclude<keyof TVars, keyof RestOnly>]: Exclude<TVars[K], null> } & RestOnly;

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
export interface DocumentFormat<TResult, TParams> {
  /** Its Content-Type. */
  type: string;
  /** What /openapi.json says it is. */
  description: string;
  /** Called after `shape`, so the errors (404s) `shape` throws come first and are the same in both forms. */
  write: (result: TResult, p: TParams, ctx: DocumentContext) => string;
}

/**
 * A file from disk in place of an answer (the bulk files): the operation says which file it is and
 * that the caller's plan opens it; the handler streams it (rest/file-answer.ts). `format=json` gives
 * what `shape` makes of the operation (the file's description) instead.
 */
export interface FileSource<TResult, TParams> {
  /** What /openapi.json says it is. */
  description: string;
  /** The file: its path under the releases folder (the served release file's folder), type, size and digest. */
  locate: (result: TResult, p: TParams, releasesDir: string) => FileToSend;
}

export interface Shaped {
  data: unknown;
  meta?: Record<string, unknown>;
}

export interface Paging<TRow, TParams = Params, TResult = unknown> {
  /** The operation's `$after` for a decoded REST cursor; the cursor as sent when absent (the operation's cursors are REST's). */
  after?: (decoded: string) => string;
  /** Rows when `limit` is absent; undefined means all. */
  defaultLimit?: number;
  /** Whether rows follow the page: the operation's own answer (a connection's pageInfo.hasNextPage). */
  hasNextPage: (result: TResult) => boolean;
  /** Opaque position after a row (the index-th row of this page), passed back as `after`. */
  cursorOf: (row: TRow, index: number, params: TParams) => string;
}

export interface Route<TResult = unknown, TVars = Record<string, unknown>> {
  path: string;
  summary: string;
  description?: string;
  /** The minimum plan: the highest plan scope of the fields its operation touches (operationPlan), never declared. */
  plan: Plan;
  /** The errors its operation's fields may answer with (operationErrorCodes: unknown_country …), never declared. */
  errorCodes: ErrorCode[];
  /** Its operation's variables, read off the operation (routeParams), never declared. */
  pathParams: ParamSpec[];
  query: ParamSpec[];
  /** 'rows': data is flat rows; 'series': series data blocks; false: JSON only. */
  csv: 'rows' | 'series' | false;
  /** On routes that list observations: the answer as one dataset, which JSON-stat and SDMX-CSV are written from (rest/datasets.ts). */
  dataset?: (shaped: Shaped) => Dataset;
  operation: TypedDocumentNode<TResult, TVars>;
  /** Variables computed from the parameters rather than asked for (whether a currency was given …). */
  computed?: { [K in keyof TVars]?: (p: RouteParams<TVars>) => TVars[K] };
  /** Turns the operation's data into the envelope's data (and meta); throws ApiError for 404s. */
  shape: (result: TResult, p: RouteParams<TVars>, ctx: ShapeContext) => Shaped;
  paging?: Paging<any, RouteParams<TVars>, TResult>;
  document?: DocumentFormat<TResult, RouteParams<TVars>>;
  file?: FileSource<TResult, RouteParams<TVars>>;
}

/** What a route declares: the rest (plan, errors, parameters) is read off its operation. */
export type RouteDeclaration<TResult, TVars> = Omit<Route<TResult, TVars>, 'plan' | 'errorCodes' | 'pathParams' | 'query'> & {
  /** Descriptions of its parameters where the shared ones (rest/route-params.ts) do not fit. */
  params?: { [K in keyof TVars | 'format' | 'cursor']?: ParamNote };
};

export function defineRoute<TResult, TVars>({ params, ...route }: RouteDeclaration<TResult, TVars>): Route<TResult, TVars> {
  return {
    ...route,
    ...routeParams({ ...route, params }),
    plan: operationPlan(schema, route.operation),
    errorCodes: operationErrorCodes(schema, route.operation),
  };
}

/**
 * Any route, as the route table and the handler hold it: the handler passes the parameters it
 * read by the kinds of the route's operation's variables, so they have those variables' types.
 */
export interface AnyRoute extends Route<any, any> {
  computed?: { [name: string]: ((p: any) => unknown) | undefined };
  shape: (result: any, p: any, ctx: ShapeContext) => Shaped;
  paging?: Paging<any, any, any>;
  document?: DocumentFormat<any, any>;
  file?: FileSource<any, any>;
}

export interface CompiledRoute {
  route: AnyRoute;
  /** Its path parameters' names, in the order the path gives them. */
  names: string[];
}

export interface RouteMatch {
  c: CompiledRoute;
  /** The path parameters' values (percent-decoded), in the order of `c.names`. */
  values: string[];
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The route a path asks for, found by find-my-way (a radix tree: fixed segments before parameters,
 * so /v1/series/search is not read as a series id). A path that is not valid percent-encoding is a
 * bad parameter, not an unknown route.
 */
export function routeMatcher(routes: readonly AnyRoute[]): (path: string) => RouteMatch | null {
  const router = Router({ caseSensitive: true, ignoreTrailingSlash: false, maxParamLength: 10_000 });
  const byPath = new Map<string, CompiledRoute>();
  for (const route of routes) {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    byPath.set(route.path, { route, names });
    router.on('GET', route.path.replace(/\{(\w+)\}/g, ':$1'), () => undefined, route.path);
  }
  return (path) => {
    const found = router.find('GET', path);
    const c = found ? byPath.get(String(found.store)) : undefined;
    if (!found || !c) {
      if (!isDecodable(path)) throw new ApiError('invalid_parameter', 'The path is not valid percent-encoding.');
      return null;
    }
    return { c, values: c.names.map((name) => found.params[name] ?? '') };
  };
}
