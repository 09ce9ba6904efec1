/**
 * The /v1 adapter. Checks run in the order DECISIONS.md gives: route, key, plan, parameters,
 * resources. Each route runs its one fixed GraphQL operation and reshapes the result into the
 * {meta, data} envelope or CSV. The operations' results are kept by the one result cache
 * (src/graphql/result-cache.ts); each answer's bytes are kept with its result, per path and query.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql';
import type { KeyStore } from '../src/auth/keys-store';
import type { DataStore, Snapshot } from '../src/db/data-store';
import { planRank, type Plan } from '../src/domain/types';
import { periodBounds } from '../src/graphql/args';
import { createContext, type GraphQLContext } from '../src/graphql/context';
import { TIMEOUT_CODE } from '../src/graphql/time-budget';
import { newRequestId, type RequestTag } from './request-tag';
import { documentText, FormSlot, ResultStore, resultKey, sessionKey, type KeptEntry } from '../src/graphql/result-cache';
import { ANSWER_VARY, codedEtag, encode, etagMatches, negotiate, piecesLength, writePieces, type Coding, type Compression, type Encoded } from './compression';
import { rowsToCsv, seriesBlocksToCsv, type SeriesBlock } from './csv';
import { ApiError, errorBody } from '../src/errors';
import { decodeCursor, encodeCursor, nextPageUrl } from './paging';
import { formatParam } from './common-params';
import { parseParam, type ParamSpec } from './params';
import { rateHeaders } from '../src/auth/access';
import type { Limiter, RateDecision } from '../src/auth/rate-limit';
import { compileRoute, type CompiledRoute, type EnvelopeMeta, type Params, type AnyRoute, type ShapeContext } from './route';

/**
 * Runs a route's operation through the same enveloped execute as /graphql (Yoga's plugins: the cost
 * limit, the execution queue, the time budget, error logging and masking), as useSofa does.
 */
export type RestExecute = (args: { document: DocumentNode; variableValues: Record<string, unknown>; contextValue: GraphQLContext }) => Promise<ExecutionResult>;

export interface RestDeps {
  execute: RestExecute;
  store: DataStore;
  keys: KeyStore;
  limiter: Limiter;
  routes: AnyRoute[];
  now: () => Date;
  publicBaseUrl: string;
  log: (line: string) => void;
  /** Live endpoints status reports: the /v1 routes and the service's other endpoints (default: the routes). */
  endpointsLive?: number;
  /** The result cache the operations' results are kept in; each route's answers are kept as forms of them. */
  results: ResultStore;
}

/** An answer in one coding: its validator and the headers that belong to it. */
interface AnswerForm {
  etag: string;
  /** The headers that belong to the answer (type, validators, Vary, coding) as a flat [name, value, …] list. */
  headerList: string[];
}

interface CodedAnswer extends AnswerForm {
  encoded: Encoded;
}

interface CachedAnswer extends AnswerForm {
  body: Buffer;
  /** For JSON: the body around the request_id placeholder, so each answer is written without copying it. */
  split: [Buffer, Buffer] | null;
  /** Compressed forms, made the first time each coding is asked for; null: sent plain (too small to gain). */
  coded: Partial<Record<Compression, CodedAnswer | null>>;
  /** Bytes held, for the cache's budget (body and compressed forms). */
  bytes: number;
  /** The kept result it is a form of (null when not kept). */
  entry: KeptEntry | null;
}
const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * The name a browser saves a CSV answer under: the path after /v1 and the values asked for, e.g.
 * `arrivals-ES-2019-08.csv` for /v1/arrivals?country=ES&from=2019-08&format=csv; only letters,
 * digits and dashes before the extension, at most 120 characters.
 */
export function csvFilename(path: string, query: URLSearchParams): string {
  const parts = [...path.replace(/^\/v1\/?/, '').split('/'), ...[...query].filter(([name]) => name !== 'format' && name !== 'cursor').map(([, value]) => value)];
  const name = parts.join('-').replace(/[^A-Za-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 120);
  return `${name || 'answer'}.csv`;
}

/** Seconds until the next expected data load: releases are checked at 00:00 UTC each day. */
export function secondsToNextLoad(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.min(86400, Math.round((next - now.getTime()) / 1000)));
}

/**
 * What answers' headers need of the clock, worked out once per release (Last-Modified) and once per
 * second (today's date, Cache-Control) rather than per request.
 */
export class AnswerClock {
  private modified = { iso: '', http: '' };
  private current = { second: -1, day: '', cacheControl: '' };

  /** The HTTP date of data_as_of. */
  httpDate(iso: string): string {
    if (this.modified.iso !== iso) this.modified = { iso, http: new Date(iso).toUTCString() };
    return this.modified.http;
  }

  at(now: Date): { day: string; cacheControl: string } {
    const second = Math.floor(now.getTime() / 1000);
    if (this.current.second !== second) {
      this.current = { second, day: now.toISOString().slice(0, 10), cacheControl: `private, max-age=${secondsToNextLoad(now)}` };
    }
    return this.current;
  }
}

function wantsCsv(url: URL, req: IncomingMessage): boolean {
  const format = url.searchParams.get('format');
  if (format !== null) return format === 'csv';
  return (req.headers.accept ?? '').split(',').some((a) => a.trim().startsWith('text/csv'));
}

export function createRestHandler(deps: RestDeps) {
  const compiled: CompiledRoute[] = deps.routes.map(compileRoute);
  const forms = new FormSlot<CachedAnswer>(deps.results);

  // Paths without parameters are found by a map lookup; only the others are tried as patterns.
  const fixed = new Map(compiled.filter((c) => c.names.length === 0).map((c) => [c.route.path, c]));
  const patterned = compiled.filter((c) => c.names.length > 0);

  function match(path: string): { c: CompiledRoute; values: string[] } | null {
    const exact = fixed.get(path);
    if (exact) return { c: exact, values: [] };
    for (const c of patterned) {
      const m = c.regex.exec(path);
      if (m) return { c, values: m.slice(1) };
    }
    return null;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer | string,
  ): void {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    headers['Content-Length'] = buf.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : buf);
  }

  function sendError(
    req: IncomingMessage,
    res: ServerResponse,
    err: ApiError,
    plan: Plan,
    requestId: string,
    extra: Record<string, string | number> = {},
  ): void {
    send(
      req,
      res,
      err.status,
      { 'Content-Type': JSON_TYPE, 'X-Request-Id': requestId, 'Cache-Control': 'no-store', ...extra, ...err.headers },
      errorBody(err, plan, deps.publicBaseUrl, requestId),
    );
  }

  function parseParams(c: CompiledRoute, values: string[], url: URL): Params {
    const { route } = c;
    const params: Params = {};
    for (const key of url.searchParams.keys()) {
      // format is understood everywhere: where CSV is not offered, format=csv is a bad value, not an unknown name.
      if (key !== 'format' && !route.query.some((q) => q.name === key)) {
        throw new ApiError('unknown_parameter', `${route.path} does not take the parameter "${key.slice(0, 40)}".`);
      }
    }
    c.names.forEach((name, i) => {
      const spec = route.pathParams.find((p) => p.name === name)!;
      let raw: string;
      try {
        raw = decodeURIComponent(values[i]);
      } catch {
        throw new ApiError('invalid_parameter', `${name} is not valid percent-encoding.`);
      }
      params[name] = parseParam(spec, raw);
    });
    const specs: readonly ParamSpec[] = route.query.some((q) => q.name === 'format') ? route.query : [...route.query, formatParam];
    for (const spec of specs) {
      const all = url.searchParams.getAll(spec.name);
      if (all.length > 1) throw new ApiError('invalid_parameter', `${spec.name} is given more than once.`);
      if (all.length === 0) {
        if (spec.required) throw new ApiError('invalid_parameter', `${spec.name} is required.`);
        continue;
      }
      params[spec.name] = parseParam(spec, all[0]);
    }
    if (params.format === 'csv' && !route.csv) {
      throw new ApiError('invalid_parameter', `${route.path} is served as ${route.document ? 'Atom or JSON' : 'JSON'} only.`);
    }
    if (typeof params.from === 'string' && typeof params.to === 'string') {
      try {
        periodBounds(params.from, params.to);
      } catch (e) {
        throw new ApiError('invalid_parameter', (e as Error).message);
      }
    }
    if (typeof params.cursor === 'string') {
      const after = decodeCursor(params.cursor);
      if (after === null) throw new ApiError('invalid_parameter', 'cursor is not one this service issued.');
      params.after = after;
    }
    return params;
  }

  /** Runs a route's operation; a refusal in its errors is thrown as the ApiError REST answers with. */
  async function execute(route: AnyRoute, vars: Record<string, unknown>, plan: Plan, snapshot: Snapshot, requestId: string, now: Date): Promise<ExecutionResult> {
    const context = createContext({ plan, requestId, snapshot, now, publicBaseUrl: deps.publicBaseUrl, log: deps.log });
    const result = await deps.execute({ document: route.operation as DocumentNode, variableValues: vars, contextValue: { ...context, route: route.path } });
    if (result.errors?.length) throw apiErrorOf(result.errors, route, requestId, deps.log);
    return result;
  }

  /** The operation's data as the envelope's data and meta, a page of it on paged routes with the next page's URL. */
  function shape(route: AnyRoute, result: ExecutionResult, params: Params, now: Date): { data: unknown; meta: Record<string, unknown>; shapeContext: ShapeContext } {
    const paging = route.paging;
    const limit = limitOf(route, params);
    const shapeContext: ShapeContext = { now, publicBaseUrl: deps.publicBaseUrl, endpointsLive: deps.endpointsLive ?? deps.routes.length };
    const shaped = route.shape(result.data, params, shapeContext);
    const meta: Record<string, unknown> = { ...shaped.meta };
    let data = shaped.data;
    if (paging && Array.isArray(data)) {
      meta.next = null;
      if (limit !== undefined && data.length > limit) {
        data = data.slice(0, limit);
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) {
          if (k !== 'cursor' && k !== 'after' && v !== undefined && route.query.some((q) => q.name === k)) {
            query.set(k, Array.isArray(v) ? v.join(',') : String(v));
          }
        }
        query.set('limit', String(limit));
        meta.next = nextPageUrl(route.path, query, encodeCursor(paging.cursorOf((data as unknown[])[limit - 1], limit - 1, params)));
      }
    }
    return { data, meta, shapeContext };
  }

  const clock = new AnswerClock();
  function answerHeaders(etag: string, dataAsOf: string): Record<string, string> {
    return { ETag: etag, 'Last-Modified': clock.httpDate(dataAsOf), Vary: ANSWER_VARY };
  }

  function fail(req: IncomingMessage, res: ServerResponse, err: unknown, plan: Plan, requestId: string, rate: RateDecision | null): void {
    if (err instanceof ApiError) {
      sendError(req, res, err, plan, requestId, rate ? rateHeaders(rate) : {});
      return;
    }
    deps.log(`${requestId} internal error: ${(err as Error)?.stack ?? String(err)}`);
    sendError(req, res, new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`), plan, requestId);
  }

  /** The answer in the coding the caller accepts: compressed once per coding, then kept with the answer. */
  function formOf(answer: CachedAnswer, coding: Compression): CodedAnswer | null {
    let form = answer.coded[coding];
    if (form === undefined) {
      const encoded = encode(coding, answer.body, answer.split);
      form = encoded && {
        encoded,
        etag: codedEtag(answer.etag, coding),
        headerList: codedHeaders(answer.headerList, answer.etag, coding),
      };
      answer.coded[coding] = form;
      if (encoded && answer.entry) forms.grew(answer.entry, answer, encoded.bytes);
    }
    return form;
  }

  function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, requestId: string, now: Date, rate: RateDecision): void {
    const coding = negotiate(req.headers['accept-encoding']);
    const coded = coding === 'identity' ? null : formOf(answer, coding);
    const form: AnswerForm = coded ?? answer;
    const notModified = etagMatches(req.headers['if-none-match'], form.etag);
    const id = answer.split ? Buffer.from(`"${requestId}"`) : null;
    let pieces: Buffer[] | null = null;
    let length = 0;
    if (!notModified) {
      if (coded) pieces = coded.encoded.pieces(id);
      else if (id) pieces = [answer.split![0], id, answer.split![1]];
      else pieces = [answer.body];
      length = piecesLength(pieces);
    }
    // A flat [name, value, …] list: node:http writes it without walking an object's keys.
    const headers = form.headerList.concat(
      'X-Request-Id', requestId,
      'Cache-Control', clock.at(now).cacheControl,
      'RateLimit-Limit', String(rate.limit),
      'RateLimit-Remaining', String(rate.remaining),
      'RateLimit-Reset', String(rate.resetSeconds),
      'Content-Length', String(length),
    );
    res.writeHead(notModified ? 304 : 200, headers);
    if (!pieces || req.method === 'HEAD') {
      res.end();
      return;
    }
    writePieces(res, pieces);
  }

  /**
   * Works out an answer: parameters, resources, the operation (its result kept, or run), and the
   * body, which is kept with a kept result as one of its forms, so a repeated request is written
   * from bytes.
   */
  async function answerRequest(
    req: IncomingMessage,
    found: { c: CompiledRoute; values: string[] },
    path: string,
    query: string,
    caller: { plan: Plan },
    requestId: string,
    tag: RequestTag | undefined,
  ): Promise<CachedAnswer> {
    const { route } = found.c;
    const now = deps.now();
    let url: URL;
    try {
      url = new URL(`http://localhost${path}?${query}`);
    } catch {
      throw new ApiError('invalid_parameter', 'The request target is malformed.');
    }
    const params = parseParams(found.c, found.values, url);
    const snapshot = deps.store.current;
    if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet; try again shortly.');
    // A route with a document form (the Atom feed) answers in it unless format=json asks for the envelope.
    const document = route.document && params.format !== 'json' ? route.document : null;
    const csv = !document && wantsCsv(url, req) && Boolean(route.csv);
    // What the answer's bytes depend on besides the operation's result: the kind asked for and the target (file names, next links).
    const formName = `${(req.headers.accept ?? '').includes('text/csv') ? 'csv' : ''}|${path}?${query}`;
    const etag = `"${createHash('sha1').update(`${snapshot.dataVersion}|${clock.at(now).day}|${caller.plan}|${formName}`).digest('base64url')}"`;
    const headerList = Object.entries({
      'Content-Type': document ? document.type : csv ? CSV_TYPE : JSON_TYPE,
      ...(csv ? { 'Content-Disposition': `attachment; filename="${csvFilename(path, url.searchParams)}"` } : {}),
      ...answerHeaders(etag, snapshot.dataAsOf),
    }).flat();
    const vars = variablesOf(route, params);
    // A kept result's kept answer is sent without an execution (as /graphql's are, useKeptForms).
    const held = deps.results.entry(resultKey(sessionKey(snapshot.dataVersion, now, caller.plan), documentText(route.operation), undefined, vars));
    const heldAnswer = held && forms.get(held, formName);
    if (tag) tag.cache = heldAnswer ? 'hit' : 'miss';
    // A kept answer knows which coding it goes out in, and answers a held validator itself (sendAnswer).
    if (heldAnswer) return heldAnswer;
    const result = await execute(route, vars, caller.plan, snapshot, requestId, now);
    const entry = ResultStore.entryOf(result) ?? null;
    const kept = entry && forms.get(entry, formName);
    if (kept) return kept;
    // Otherwise a matching validator needs no more work: the answer is known to be the same.
    const coding = negotiate(req.headers['accept-encoding']);
    if (etagMatches(req.headers['if-none-match'], codedEtag(etag, coding))) return notModifiedAnswer(etag, headerList, coding);
    const { data, meta, shapeContext } = shape(route, result, params, now);
    const rows = Array.isArray(data) ? data : [data];
    let body: string;
    if (document) {
      body = document.write(result.data, params, { ...shapeContext, dataAsOf: snapshot.dataAsOf });
    } else if (csv) {
      body = route.csv === 'series' ? seriesBlocksToCsv(rows as SeriesBlock[]) : rowsToCsv(rows as Record<string, unknown>[]);
    } else {
      // request_id differs per request, so the kept JSON holds a placeholder swapped on the way out.
      body = JSON.stringify(envelope('\u0000', snapshot.dataAsOf, data, meta));
    }
    const bytes = Buffer.from(body);
    const answer: CachedAnswer = {
      body: bytes,
      split: csv || document ? null : splitAtPlaceholder(bytes),
      etag,
      headerList,
      coded: {},
      bytes: bytes.length + formName.length + 200,
      entry,
    };
    if (entry) forms.set(entry, formName, answer);
    return answer;
  }

  /** Answers a request whose key and plan passed, once its rate decision is known. */
  function afterLimit(
    req: IncomingMessage,
    res: ServerResponse,
    found: { c: CompiledRoute; values: string[] },
    path: string,
    query: string,
    caller: { plan: Plan },
    allowed: RateDecision,
    requestId: string,
    tag: RequestTag | undefined,
  ): void {
    const plan = found.c.route.plan;
    if (!allowed.allowed) {
      const err = new ApiError('rate_limited', `Over the ${caller.plan} plan's ${allowed.limit} requests per minute.`, { 'Retry-After': String(allowed.resetSeconds) });
      return fail(req, res, err, plan, requestId, allowed);
    }
    answerRequest(req, found, path, query, caller, requestId, tag).then(
      (answer) => sendAnswer(req, res, answer, requestId, deps.now(), allowed),
      (err) => fail(req, res, err, plan, requestId, allowed),
    );
  }

  /**
   * The JSON answer a plan gets for a path and query, worked out afresh (the examples of
   * /openapi.json); throws the ApiError the request would get.
   */
  async function answer(path: string, query: string, plan: Plan): Promise<Envelope> {
    const found = match(path);
    if (!found) throw new ApiError('not_found', `No endpoint at ${path}.`);
    const params = parseParams(found.c, found.values, new URL(`http://localhost${path}?${query}`));
    const snapshot = deps.store.current;
    if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet.');
    const requestId = newRequestId();
    const now = deps.now();
    const result = await execute(found.c.route, variablesOf(found.c.route, params), plan, snapshot, requestId, now);
    const { data, meta } = shape(found.c.route, result, params, now);
    return envelope(requestId, snapshot.dataAsOf, data, meta);
  }

  /**
   * `path` and `query` are the request target split at '?'. `tag` carries the request id in and
   * the route, plan and cache use out, for the access log and the metrics.
   */
  function handle(req: IncomingMessage, res: ServerResponse, path: string, query: string, tag?: RequestTag): void {
    const requestId = tag ? tag.id : newRequestId();
    let plan: Plan = 'free';
    try {
      const found = match(path);
      if (!found) throw new ApiError('not_found', `No endpoint at ${path.slice(0, 100)}.`);
      const { route } = found.c;
      plan = route.plan;
      if (tag) tag.route = route.path;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new ApiError('method_not_allowed', `${req.method} is not allowed; use GET or HEAD.`, { Allow: 'GET, HEAD' });
      }
      const key = req.headers['x-api-key'];
      if (typeof key !== 'string' || key === '') throw new ApiError('missing_api_key', 'Send your API key in the X-API-Key header.');
      const caller = deps.keys.verify(key);
      if (!caller) throw new ApiError('invalid_api_key', 'The API key is unknown or revoked.');
      if (tag) tag.plan = caller.plan;
      if (planRank(caller.plan) < planRank(route.plan)) {
        throw new ApiError('plan_required', `${route.path} needs the ${route.plan} plan or above; this key is on ${caller.plan}.`);
      }
      const decision = deps.limiter.take(caller.id, caller.plan);
      // The in-process limiter answers at once; a shared one (cluster, Redis) answers later.
      if (decision instanceof Promise) {
        decision.then(
          (allowed) => afterLimit(req, res, found, path, query, caller, allowed, requestId, tag),
          (err) => fail(req, res, err, plan, requestId, null),
        );
        return;
      }
      afterLimit(req, res, found, path, query, caller, decision, requestId, tag);
    } catch (err) {
      fail(req, res, err, plan, requestId, null);
    }
  }
  return Object.assign(handle, { answer });
}

export interface Envelope {
  meta: EnvelopeMeta & Record<string, unknown>;
  data: unknown;
}

/** Rows a paged route's page holds: `limit`, or the route's default. */
function limitOf(route: AnyRoute, params: Params): number | undefined {
  return typeof params.limit === 'number' ? params.limit : route.paging?.defaultLimit;
}

/** A route's operation's variables: a paged route asks for one row more than its page, to know whether another follows. */
function variablesOf(route: AnyRoute, params: Params): Record<string, unknown> {
  const limit = limitOf(route, params);
  const vars: unknown = route.variables(route.paging && limit !== undefined ? { ...params, limit: limit + 1 } : params);
  return typeof vars === 'object' && vars !== null ? { ...vars } : {};
}

/** The JSON body of an answer: the envelope's own meta, then the route's. */
function envelope(requestId: string, dataAsOf: string, data: unknown, meta: Record<string, unknown>): Envelope {
  const own: EnvelopeMeta = { request_id: requestId, data_as_of: dataAsOf, count: Array.isArray(data) ? data.length : 1 };
  return { meta: { ...own, ...meta }, data };
}

const PLACEHOLDER = Buffer.from('"\\u0000"');

/** The headers of a compressed form: the coding's ETag and Content-Encoding. */
function codedHeaders(headerList: string[], etag: string, coding: Compression): string[] {
  const list = headerList.map((v, i) => (i % 2 === 1 && headerList[i - 1] === 'ETag' ? codedEtag(etag, coding) : v));
  list.push('Content-Encoding', coding);
  return list;
}

/** A 304 for a validator the caller already holds: no body, nothing kept. */
function notModifiedAnswer(etag: string, headerList: string[], coding: Coding): CachedAnswer {
  const empty = Buffer.alloc(0);
  const answer: CachedAnswer = { body: empty, split: null, etag, headerList, coded: {}, bytes: 0, entry: null };
  if (coding !== 'identity') {
    const encoded: Encoded = { pieces: () => [empty], bytes: 0 };
    answer.coded[coding] = { encoded, etag: codedEtag(etag, coding), headerList: codedHeaders(headerList, etag, coding) };
  }
  return answer;
}

/** The body before and after its request_id placeholder. */
function splitAtPlaceholder(body: Buffer): [Buffer, Buffer] | null {
  const at = body.indexOf(PLACEHOLDER);
  return at < 0 ? null : [body.subarray(0, at), body.subarray(at + PLACEHOLDER.length)];
}

function apiErrorOf(errors: readonly GraphQLError[], route: AnyRoute, requestId: string, log: (l: string) => void): ApiError {
  const timedOut = errors.find((e) => e.extensions?.code === TIMEOUT_CODE);
  if (timedOut) return new ApiError('timeout', timedOut.message);
  // The cost limit holds for routes as for /graphql: a route asked for more than it allows.
  const tooComplex = errors.find((e) => e.extensions?.code === 'query_too_complex');
  if (tooComplex) return new ApiError('invalid_parameter', `${tooComplex.message} Ask for fewer rows (limit) or a shorter period.`);
  const known = errors.find((e) => ['invalid_parameter', 'plan_required', 'data_unavailable'].includes(String(e.extensions?.code)));
  if (known) {
    const code = known.extensions.code as 'invalid_parameter' | 'plan_required' | 'data_unavailable';
    return new ApiError(code, known.message);
  }
  for (const e of errors) log(`${requestId} ${route.path} operation error: ${e.message}\n${e.originalError?.stack ?? ''}`);
  return new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`);
}
