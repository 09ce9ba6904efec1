/**
 * The Yoga plugins around /graphql, each with one job:
 *   useErrorBody   every error (4XX/5XX) as the error body of DECISIONS.md, a malformed request never a 500;
 *   useApiAccess   key, plan and rate checks through the module REST uses (src/auth/access.ts);
 *   useCachedBodies   cached results answered at once, from the bytes they were first sent as; ETag/304 and Cache-Control on GET, as REST;
 *   useQueryCost   the cost of every query in extensions.cost, and a query over the limit rejected (a /v1 route's over its own);
 *   useMaxTokens   graphql-js's own token limit on the parser, so no query text is too big or deep to parse;
 *   useExecutionQueue  executions taken first come, first served, a few at a time;
 *   useTimeBudget  every execution stopped with a `timeout` error past its time budget, queue wait included.
 */
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { isAsyncIterable } from '@envelop/core';
import { PothosValidationError } from '@pothos/core';
import { GraphQLError, parse, type ExecutionResult } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Admission, Admit } from '../auth/access';
import type { ExecutionStart } from '../graphql/context';
import { rateHeaders } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { QUERY_LIMITS, ROUTE_COST_LIMIT } from '../graphql/builder';
import { withinBudget, type ExecutionBudget } from '../graphql/time-budget';
import { aTurnWithTime } from '../db/turns';
import { ApiError, ERROR_MEANING, errorObject, graphqlErrorBody, type ErrorCode } from '../errors';
import { AnswerClock, validatorHeaders } from '../../rest/answer-bytes';
import { codedEtag, etagMatches, negotiate, type Coding } from '../../rest/compression';
import { isGraphiQLVisit } from './graphiql';
import { graphqlEtag, operationOf, type GraphQLBody, type GraphQLBodies } from './graphql-cached';
import { ResultStore, resultKey, sessionKey, type CacheEntry } from '../graphql/result-cache';
import type { RequestTag } from '../../rest/request-tag';
import type { RestLookup } from '../../rest/handler';

/** What the HTTP layer hands Yoga per request; the plugins fill in the rest. */
export interface GraphQLServerContext {
  requestId: string;
  /** The node:http request and answer, as Yoga's node adapter passes them: /v1 writes its answers to them (useRest). */
  req?: IncomingMessage;
  res?: ServerResponse;
  /** A /v1 request checked and looked up in front of Yoga with no cached answer (RestAdapter.front): answered from there (useRest). */
  restLookup?: RestLookup;
  /** A fixed operation run through getEnveloped (a /v1 route's, an MCP tool's): what its context is made from. */
  start?: ExecutionStart;
  admission?: Admission;
  /** The cached result this request is answered with, once known. */
  cacheEntry?: CacheEntry;
  /** The key of its result, computed once (GraphQLContext.resultKey). */
  resultKey?: string;
  /** Whether its result is to be cached (GraphQLContext.keepResult). */
  keepResult?: boolean;
  /** The errors of the result Yoga answers with, for an error body written from them. */
  errors?: readonly GraphQLError[];
  /** Rejected with the error body already (the key check). */
  errorSent?: boolean;
  etag?: string;
  /** For the access log and metrics: told the caller's plan and whether a cached answer was sent. */
  tag?: RequestTag;
  /** The coding the answer goes out in (Accept-Encoding), when it is a cached one. */
  coding?: Coding;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Yoga's own errors, by HTTP status, as the codes of DECISIONS.md (another 4XX: invalid_parameter; a 5XX: internal_error). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_parameter',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'data_unavailable',
};

/** A GraphQL error as a client may see it: Yoga's own markers (http, unexpected) and the cause stay on our side. */
function publicError(error: GraphQLError): Record<string, unknown> {
  const { extensions: _extensions, ...rest } = error.toJSON();
  const { http: _http, unexpected: _unexpected, originalError: _cause, ...extensions } = error.extensions ?? {};
  return Object.keys(extensions).length ? { ...rest, extensions } : rest;
}

/** Errors one answer carries at most: the rest are counted in a last one. */
export const MAX_ANSWER_ERRORS = 50;

/** The same error at every position of a list: its path with list indexes as `*`, its code and words. */
function errorPattern(error: GraphQLError): string {
  const path = (error.path ?? []).map((step) => (typeof step === 'number' ? '*' : step)).join('.');
  return `${String(error.extensions.code ?? '')}|${path}|${error.message}`;
}

/**
 * One error per path pattern and code, with `extensions.count` the times it occurred (a forbidden
 * field over every country was one error per country), and at most
 * MAX_ANSWER_ERRORS, the last saying how many more were left out.
 */
export function collapsedErrors(errors: readonly GraphQLError[]): readonly GraphQLError[] {
  const byPattern = new Map<string, { first: GraphQLError; count: number }>();
  // An error located once stands at every item it was thrown at (src/graphql/repeated-errors.ts): its pattern is computed once.
  const patterns = new Map<GraphQLError, string>();
  for (const error of errors) {
    let key = patterns.get(error);
    if (key === undefined) patterns.set(error, (key = errorPattern(error)));
    const seen = byPattern.get(key);
    if (seen) seen.count++;
    else byPattern.set(key, { first: error, count: 1 });
  }
  if (byPattern.size === errors.length && errors.length <= MAX_ANSWER_ERRORS) return errors;
  const shown = [...byPattern.values()].map(({ first, count }) =>
    count === 1
      ? first
      : new GraphQLError(first.message, { nodes: first.nodes, path: first.path, originalError: first.originalError, extensions: { ...first.extensions, count } }),
  );
  if (shown.length <= MAX_ANSWER_ERRORS) return shown;
  const left = shown.slice(MAX_ANSWER_ERRORS - 1).reduce((n, e) => n + (Number(e.extensions.count) || 1), 0);
  return [
    ...shown.slice(0, MAX_ANSWER_ERRORS - 1),
    new GraphQLError(`${left} more errors were left out of this answer.`, { extensions: { code: 'too_many_errors', count: left } }),
  ];
}

function isUncodedValidationError(error: GraphQLError): boolean {
  return error.originalError instanceof PothosValidationError && error.extensions.code === undefined;
}

function withValidationCode(error: GraphQLError): GraphQLError {
  if (!isUncodedValidationError(error)) return error;
  return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, originalError: error.originalError, extensions: { ...error.extensions, code: 'invalid_parameter' } });
}

/**
 * Yoga answers a malformed request itself (bad JSON, a method or media type it does not take) with
 * GraphQL's `errors` list, and some with no body at all (406, 415). Every such answer becomes the
 * error body of DECISIONS.md, as REST's are; a GraphQL `errors` list it had is cached beside it for
 * GraphQL clients. Query parameters that are not JSON (GET `variables`, `extensions`) are a 400, where
 * Yoga's reader threw and the request ended in a 500. A resolver's unexpected error, which the caller
 * sees masked, is logged with the request id (masking comes after this plugin, so the cause is seen).
 */
export function useErrorBody(publicBaseUrl: string, log: (line: string) => void): Plugin<{ requestId: string }, GraphQLServerContext> {
  return {
    // A query that does not parse or validate is rejected as a whole: a 400 with the error body under
    // every Accept. Yoga marks such errors `http.spec`, which makes it answer application/json
    // callers 200 with the bare errors list (the GraphQL-over-HTTP legacy rule); unmarked, its 400 stands.
    onResultProcess({ result, serverContext }) {
      for (const one of Array.isArray(result) ? result : [result]) {
        if (isAsyncIterable(one)) continue;
        for (const error of one.errors ?? []) {
          const http = error.extensions?.http;
          if (http?.spec) http.spec = false;
        }
      }
      // Cached for an answer Yoga gives a 4XX/5XX status: the error body is written from them (onResponse).
      if (!Array.isArray(result) && !isAsyncIterable(result) && result.errors?.length) serverContext.errors = result.errors;
    },
    onExecute() {
      return {
        onExecuteDone({ result, args, setResult }) {
          if (isAsyncIterable(result) || !result.errors) return;
          for (const error of result.errors) {
            const cause = error.originalError;
            if (!cause || cause instanceof GraphQLError) continue;
            log(`${args.contextValue.requestId} graphql: unexpected error at ${error.path?.join('.') ?? 'the operation'}: ${cause.stack ?? cause.message}`);
          }
          // Pothos rejects a bad argument (a Prisma connection's cursor) with no code: it is the caller's.
          let errors = result.errors.some(isUncodedValidationError) ? result.errors.map(withValidationCode) : result.errors;
          errors = collapsedErrors(errors);
          if (errors !== result.errors) setResult({ ...result, errors });
        },
      };
    },
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          return await requestParser(request);
        } catch (err) {
          if (!(err instanceof SyntaxError)) throw err;
          throw createGraphQLError('The request\'s variables or extensions are not valid JSON.', { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
        }
      });
    },
    onResponse({ response, serverContext, setResponse }) {
      if (response.status < 400 || serverContext.errorSent) return;
      // The errors of the result it answers (none for the answers Yoga gives without a body: 406, 415).
      const errors = serverContext.errors?.map(publicError);
      const code = CODE_OF_STATUS[response.status] ?? (response.status >= 500 ? 'internal_error' : 'invalid_parameter');
      const said = errors?.[0]?.message;
      let message = typeof said === 'string' ? said : ERROR_MEANING[code];
      if (code === 'internal_error') {
        log(`${serverContext.requestId} graphql answered ${response.status}: ${serverContext.errors?.map((e) => e.message).join('; ') ?? 'no errors'}`);
        message = `Something went wrong on our side (request ${serverContext.requestId}).`;
      }
      const err = new ApiError(code, message);
      const body = { ...errorObject(err, 'free', publicBaseUrl, serverContext.requestId), ...(errors ? { errors } : {}) };
      const headers = new Headers(response.headers);
      // A JSON type Yoga chose (application/graphql-response+json, when asked for) stays.
      if (!(response.headers.get('content-type') ?? '').includes('json')) headers.set('Content-Type', JSON_TYPE);
      headers.delete('Content-Length');
      setResponse(new Response(JSON.stringify(body), { status: err.status, headers }));
    },
  };
}

export function useApiAccess(admit: Admit, publicBaseUrl: string): Plugin<{}, GraphQLServerContext> {
  return {
    async onRequest({ request, serverContext, endResponse }) {
      // Admitted already on the way in (graphql-cached.ts): the rate is taken once.
      if (isGraphiQLVisit(request.method, request.headers.get('accept')) || serverContext.admission) return;
      try {
        serverContext.admission = await admit(request.headers.get('x-api-key') ?? undefined, undefined, serverContext.tag);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        serverContext.errorSent = true;
        endResponse(
          new Response(graphqlErrorBody(err, 'free', publicBaseUrl, serverContext.requestId), {
            status: err.status,
            headers: { 'Content-Type': JSON_TYPE, ...err.headers },
          }),
        );
      }
    },
    onResponse({ response, serverContext }) {
      response.headers.set('X-Request-Id', serverContext.requestId);
      const rate = serverContext.admission?.rate;
      if (rate) for (const [name, value] of Object.entries(rateHeaders(rate))) response.headers.set(name, value);
    },
  };
}

/**
 * GraphQL's side of the one result cache (src/graphql/result-cache.ts): a request whose result is
 * cached is answered with it at once (no parse, validation or execution, as Yoga's response-cache
 * plugin does), in the bytes it was first sent as when they are cached too; a cached result's first
 * answer caches its bytes. GET answers carry the validators REST's do (ETag per data version, day,
 * plan and request; 304 for a matching one).
 */
/** A cached result's first answer, cached as its body for this Accept, and sent compressed when the caller takes it. */
async function cacheFirstBody(bodies: GraphQLBodies, entry: CacheEntry, accept: string, response: Response, coding: Coding): Promise<Response> {
  const contentType = response.headers.get('content-type') ?? '';
  const body = new Uint8Array(await response.clone().arrayBuffer());
  const cachedBody = bodies.set(entry, accept, body, contentType);
  // Compressing a large answer is work of its own: other callers get a turn between it and the execution's.
  if (coding !== 'identity' && body.byteLength > 64 * 1024) await new Promise((resolve) => setImmediate(resolve));
  const coded = bodies.coded(entry, cachedBody, coding);
  if (!coded) return response;
  const sent = bodyResponse(cachedBody, coding, coded);
  for (const [name, value] of response.headers) if (name !== 'content-type' && name !== 'content-length') sent.headers.set(name, value);
  return sent;
}

function bodyResponse(cachedBody: GraphQLBody, coding: Coding, coded: Uint8Array<ArrayBuffer> | null): Response {
  const headers: Record<string, string> = { 'Content-Type': cachedBody.contentType };
  if (coded) headers['Content-Encoding'] = coding;
  return new Response(coded ?? cachedBody.body, { status: 200, headers });
}

export function useCachedBodies(deps: { store: DataStore; now: () => Date; bodies: GraphQLBodies }): Plugin<{}, GraphQLServerContext> {
  const { bodies } = deps;
  const clock = new AnswerClock();

  return {
    onRequest({ request, url, serverContext, endResponse }) {
      const snapshot = deps.store.current;
      const admission = serverContext.admission;
      if (!snapshot || !admission || (request.method !== 'GET' && request.method !== 'POST')) return;
      if (serverContext.tag) serverContext.tag.cache = 'miss';
      const coding = negotiate(request.headers.get('accept-encoding') ?? undefined);
      serverContext.coding = coding;
      if (request.method !== 'GET') return;
      // Computed already when the GET was looked up in front of Yoga (graphql-cached.ts).
      if (serverContext.resultKey === undefined) {
        const asked = operationOf(url.search.slice(1));
        if (!asked) return;
        serverContext.resultKey = resultKey(sessionKey(snapshot.dataVersion, deps.now(), admission.caller.plan), asked.query, asked.operationName, asked.variables);
      }
      const key = serverContext.resultKey;
      const etag = graphqlEtag(key, request.headers.get('accept') ?? '');
      serverContext.etag = etag;
      // Whether the answer goes out compressed is known once it is made: the validator of either body is the same answer.
      const sentEtag = request.headers.get('if-none-match');
      const matched = [etag, codedEtag(etag, coding)].find((one) => etagMatches(sentEtag, one));
      if (matched) {
        serverContext.etag = matched;
        endResponse(new Response(null, { status: 304 }));
      }
    },
    onParams({ params, context, setResult }) {
      const snapshot = deps.store.current;
      const admission = context.admission;
      if (!snapshot || !admission || !params.query || !bodies.results.enabled) return;
      const key = (context.resultKey ??= resultKey(sessionKey(snapshot.dataVersion, deps.now(), admission.caller.plan), params.query, params.operationName, params.variables));
      const entry = bodies.results.entry(key);
      if (entry) setResult(entry.result);
      else context.keepResult = bodies.results.admits(key);
    },
    onResultProcess({ result, request, serverContext, setResultProcessor }) {
      if (Array.isArray(result) || isAsyncIterable(result)) return;
      const entry = ResultStore.entryOf(result);
      if (!entry) return;
      serverContext.cacheEntry = entry;
      const cachedBody = bodies.get(entry, request.headers.get('accept') ?? '');
      if (!cachedBody) return;
      if (serverContext.tag) serverContext.tag.cache = 'hit';
      const coding = serverContext.coding ?? 'identity';
      const coded = bodies.coded(entry, cachedBody, coding);
      setResultProcessor(() => bodyResponse(cachedBody, coding, coded), cachedBody.contentType);
    },
    async onResponse({ request, response, serverContext, setResponse }) {
      const snapshot = deps.store.current;
      if (!snapshot) return;
      const entry = serverContext.cacheEntry;
      const accept = request.headers.get('accept') ?? '';
      const contentType = response.headers.get('content-type') ?? '';
      if (entry && response.status === 200 && contentType.includes('json') && !bodies.get(entry, accept)) {
        response = await cacheFirstBody(bodies, entry, accept, response, serverContext.coding ?? 'identity');
        setResponse(response);
      }
      const ok = response.status === 200 || response.status === 304;
      if (request.method === 'GET' && ok && serverContext.etag) {
        const coding = response.headers.get('content-encoding');
        const etag = response.status === 304 ? serverContext.etag : codedEtag(serverContext.etag, coding === 'br' || coding === 'gzip' ? coding : 'identity');
        const validators = validatorHeaders(etag, clock.httpDate(snapshot.dataAsOf));
        for (let i = 0; i < validators.length; i += 2) response.headers.set(validators[i], validators[i + 1]);
        response.headers.set('Cache-Control', clock.cacheControl(deps.now()));
      }
    },
  };
}

/** Cost as GitHub and Shopify report it: what the query asks for and the limit it is subject to. */
export interface QueryCost {
  requested: number;
  limit: number;
}

/** A /v1 route's or MCP tool's own operation (GraphQLContext.route). */
function isFixedOperation(context: unknown): boolean {
  return typeof context === 'object' && context !== null && 'route' in context && typeof context.route === 'string';
}

/**
 * One cost limit for both surfaces. A composed query: its cost in extensions.cost, `onCost` told it,
 * and the depth, breadth and cost of QUERY_LIMITS. A fixed operation: `routeLimit` only
 * (ROUTE_COST_LIMIT by default; its result is cached by the route's rule, not by its cost).
 */
export function useQueryCost(onCost?: (cost: number) => void, routeLimit = ROUTE_COST_LIMIT): Plugin<{ cost?: number }> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const fixed = isFixedOperation(args.contextValue);
      const { complexity, depth, breadth } = complexityFromQuery(args.document, {
        schema: args.schema,
        ctx: args.contextValue as object,
        variables: (args.variableValues ?? undefined) as Record<string, unknown> | undefined,
      });
      const limit = fixed ? routeLimit : QUERY_LIMITS.complexity;
      const cost: QueryCost = { requested: complexity, limit };
      const reject = (message: string) =>
        setResultAndStopExecution({
          errors: [new GraphQLError(message, { extensions: { code: 'query_too_complex', cost } })],
          extensions: { cost },
        });
      if (fixed) return complexity > limit ? reject(`Query cost ${complexity} is over the limit of ${limit}.`) : undefined;
      onCost?.(complexity);
      // What the result cache decides by (src/graphql/result-cache.ts, KEEP_COST_MAX).
      args.contextValue.cost = complexity;
      if (depth > QUERY_LIMITS.depth) return reject(`Query depth ${depth} is over the limit of ${QUERY_LIMITS.depth}.`);
      if (breadth > QUERY_LIMITS.breadth) return reject(`Query breadth ${breadth} is over the limit of ${QUERY_LIMITS.breadth}.`);
      if (complexity > limit) return reject(`Query cost ${complexity} is over the limit of ${limit}.`);
      return {
        onExecuteDone({ result, setResult }) {
          if (isAsyncIterable(result)) return;
          const done = result as ExecutionResult;
          setResult({ ...done, extensions: { ...done.extensions, cost } });
        },
      };
    },
  };
}

/** Tokens a query may have: far above any real query, far below what could exhaust the parser's stack. */
export const MAX_TOKENS = 2000;

export function useMaxTokens(): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => parse(source, { ...options, maxTokens: MAX_TOKENS }));
    },
  };
}

/**
 * Executions run a few at a time, in arrival order. All of an execution's work is on this one thread
 * (SQLite reads are synchronous), so running more at once adds no throughput: it interleaves their
 * steps, so every answer waits for all the others (the tail under load grows), and holds more results
 * in memory at once.
 * Each execution starts from the event loop's check phase (setImmediate), not straight from the
 * request that read it: an execution runs to its end in one go, and without that yield a busy loop ran
 * every request it had read before polling again, taking one new connection per round; under many
 * connections some waited seconds to be accepted while the others were served.
 */
export function useExecutionQueue(concurrency = 2): Plugin {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else running--;
  };
  const acquire = (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (running < concurrency) {
        running++;
        setImmediate(resolve);
      } else waiting.push(resolve);
    });
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(async (args) => {
        await acquire();
        try {
          await aTurnWithTime();
          const result = await executeFn(args);
          // What follows (errors counted, the answer written as JSON) in a turn of its own, not at the end of the last slice.
          await aTurnWithTime();
          return result;
        } finally {
          release();
        }
      });
    },
  };
}

/**
 * Each execution runs within `budgetMs` (src/graphql/time-budget.ts), counted from when it asks for
 * its turn in the execution queue (listed after useExecutionQueue, it wraps the queue's wait): a
 * query still waiting or working past it is answered with a `timeout` error, and one stopped while
 * queued does nothing when its turn comes (its resolvers throw at once).
 */
export function useTimeBudget(budgetMs: number, log: (line: string) => void): Plugin<{ budget?: ExecutionBudget; requestId: string }> {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      setExecuteFn((executeArgs) =>
        withinBudget(
          budgetMs,
          async (budget) => {
            args.contextValue.budget = budget;
            return executeFn(executeArgs);
          },
          () => log(`${args.contextValue.requestId} graphql: stopped at its time budget of ${budgetMs} ms`),
        ),
      );
    },
  };
}
