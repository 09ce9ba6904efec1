/**
 * The /v1 adapter. Checks run in the order DECISIONS.md gives: route, key, plan, parameters,
 * resources. Each route runs its one fixed GraphQL operation through the enveloped execute
 * (route-run.ts) and reshapes the result into the {meta, data} envelope or CSV. The operations'
 * results are cached by the one result cache (src/graphql/result-cache.ts); each answer's bytes are
 * cached with its result, per path and query (answer-bytes.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { DataStore, Snapshot } from '../src/db/data-store';
import type { Plan } from '../src/domain/types';
import { documentText, joinResultKey, ResultStore, resultKeyTail, sessionKey } from '../src/graphql/result-cache';
import { newRequestId, type RequestTag } from './request-tag';
import { codedEtag, etagMatches, negotiate } from './compression';
import { rowsToCsv, seriesBlocksToCsv, type SeriesBlock } from './csv';
import { ApiError, errorBody } from '../src/errors';
import { rateHeaders, type Admission, type Admit } from '../src/auth/access';
import type { RateDecision } from '../src/auth/rate-limit';
import { routeMatcher, type AnyRoute, type FileSource, type Params, type RouteMatch } from './route';
import type { Format } from './params';
import { jsonStat, JSONSTAT_TYPE, sdmxCsv, SDMX_CSV_TYPE } from './datasets';
import { sendFile } from './file-answer';
import path from 'node:path';
import { parseRequestParams } from './request-params';
import { envelope, executeRoute, shapeResult, variablesOf, type Envelope, type RestExecute, type RouteRunDeps } from './route-run';
import { csvFilename, CSV_TYPE, JSON_TYPE, notModifiedAnswer, REQUEST_ID_PLACEHOLDER, RestAnswers, type RestAnswer } from './answer-bytes';

export type { RestExecute } from './route-run';

export interface RestDeps {
  execute: RestExecute;
  store: DataStore;
  /** Key, plan and rate checks (src/auth/access.ts), as /graphql's. */
  admit: Admit;
  routes: AnyRoute[];
  now: () => Date;
  publicBaseUrl: string;
  log: (line: string) => void;
  /** Live endpoints status reports: the /v1 routes and the service's other endpoints (default: the routes). */
  endpointsLive?: number;
  /** The result cache the operations' results are cached in; each route's answers are cached as bodies of them. */
  results: ResultStore;
}

/** The CSV format an Accept header asks for: the first of its media types this service writes besides JSON ('' for none). */
function acceptedCsvFormat(accept: string | undefined): '' | 'csv' | 'sdmx-csv' {
  if (!accept || !accept.includes('csv')) return '';
  for (const a of accept.split(',')) {
    const type = a.trim();
    if (type.startsWith('text/csv')) return 'csv';
    if (type.startsWith('application/vnd.sdmx.data+csv')) return 'sdmx-csv';
  }
  return '';
}

/** The answer's format: `format` when given (checked against the route when read), else what Accept asks for that the route offers, else JSON. */
function formatOf(route: AnyRoute, params: Params, req: IncomingMessage): Format {
  if (params.format !== undefined) return params.format;
  const accepted = acceptedCsvFormat(req.headers.accept);
  if (accepted === 'csv' && route.csv) return 'csv';
  if (accepted === 'sdmx-csv' && route.dataset) return 'sdmx-csv';
  return 'json';
}

/** A request that passed route, key and plan: what the rest of its answer needs. */
interface Admitted {
  found: RouteMatch;
  path: string;
  query: string;
  plan: Plan;
  requestId: string;
  tag: RequestTag | undefined;
}

/** A request target's parameters, its operation's variables and its result key after the session. */
interface ParsedTarget {
  search: URLSearchParams;
  params: Readonly<Params>;
  vars: Readonly<Record<string, unknown>>;
  keyTail: string;
}

/**
 * Targets whose parsing is cached, and the longest cached: parsing is pure, so a repeated target is not
 * parsed again, as Yoga's parser cache does for a repeated document.
 */
const PARSED_CACHE_MAX = 4096;
const PARSED_TARGET_MAX = 512;

/** What the front path found for a request with no cached answer (RestAdapter.front), for the rest of its answer. */
export interface RestLookup {
  admitted: Admitted;
  lookup: Lookup;
  rate: RateDecision;
}

/** What a request asks for (RestAdapter.lookUp), and the answer cached for it, if any. */
interface Lookup {
  parsed: ParsedTarget;
  cached: RestAnswer | undefined;
  snapshot: Snapshot;
  now: Date;
  /** The answer's variant: the kind asked for and the target. */
  variant: string;
  session: string;
  keyOfResult: string;
}

class RestAdapter {
  private readonly match: (path: string) => RouteMatch | null;
  private readonly answers: RestAnswers;
  private readonly run: RouteRunDeps;
  private readonly parsed = new LRUCache<string, ParsedTarget>({ max: PARSED_CACHE_MAX });

  constructor(private readonly deps: RestDeps) {
    this.match = routeMatcher(deps.routes);
    this.answers = new RestAnswers(deps.results);
    this.run = { execute: deps.execute, publicBaseUrl: deps.publicBaseUrl, log: deps.log, endpointsLive: deps.endpointsLive ?? deps.routes.length };
  }

  /**
   * `path` and `query` are the request target split at '?'; `tag` carries the request id in and the
   * route, plan and cache use out; `looked`: what the front path found when it had no cached answer
   * (then the request is answered from there). A promise when the answer is written later, resolved once it is.
   */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: string, tag?: RequestTag, looked?: RestLookup): Promise<void> | void {
    if (looked) return this.answerLookedUp(req, res, looked);
    return this.front(req, res, path, query, tag, (found) => this.answerLookedUp(req, res, found));
  }

  /**
   * What needs no execution: the route, method, key, plan, rate and parameters checked (a refusal
   * answered with the error body) and a cached answer written in this turn; any other request goes
   * to `next` with what was looked up.
   */
  front(req: IncomingMessage, res: ServerResponse, path: string, query: string, tag: RequestTag | undefined, next: (looked: RestLookup) => Promise<void> | void): Promise<void> | void {
    const requestId = tag ? tag.id : newRequestId();
    let plan: Plan = 'free';
    try {
      const found = this.match(path);
      if (!found) throw new ApiError('not_found', `No endpoint at ${path.slice(0, 100)}.`);
      const { route } = found.c;
      plan = route.plan;
      if (tag) tag.route = route.path;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new ApiError('method_not_allowed', `${req.method} is not allowed; use GET or HEAD.`, { Allow: 'GET, HEAD' });
      }
      const admission = this.deps.admit(req.headers['x-api-key'], { plan: route.plan, what: route.path }, tag);
      const go = ({ caller, rate }: Admission) => this.afterAdmission(req, res, { found, path, query, plan: caller.plan, requestId, tag }, rate, next);
      // The in-process limiter answers at once; a shared one (cluster, Redis) answers later.
      if (admission instanceof Promise) return admission.then(go, (err) => this.fail(req, res, err, route.plan, requestId, null));
      return go(admission);
    } catch (err) {
      this.fail(req, res, err, plan, requestId, null);
    }
  }

  /** A request whose key, plan and rate passed: its cached answer, else `next`. */
  private afterAdmission(req: IncomingMessage, res: ServerResponse, admitted: Admitted, rate: RateDecision, next: (looked: RestLookup) => Promise<void> | void): Promise<void> | void {
    let lookup: Lookup;
    try {
      lookup = this.lookUp(req, admitted);
      // A cached answer is written in this turn: no promise, no microtask between lookup and write.
      if (lookup.cached && !admitted.found.c.route.file) return this.answers.send(req, res, lookup.cached, admitted.requestId, lookup.now, rate);
    } catch (err) {
      return this.fail(req, res, err, admitted.found.c.route.plan, admitted.requestId, rate);
    }
    return next({ admitted, lookup, rate });
  }

  /** A request admitted and looked up with no cached answer: its file streamed, or its answer computed. */
  private answerLookedUp(req: IncomingMessage, res: ServerResponse, looked: RestLookup): Promise<void> {
    const { admitted, lookup, rate } = looked;
    const { requestId } = admitted;
    const { route } = admitted.found.c;
    const failed = (err: unknown) => this.fail(req, res, err, route.plan, requestId, rate);
    if (route.file) return this.fileAnswer(req, res, admitted, lookup, route.file, rate).catch(failed);
    return this.computeAnswer(req, admitted, lookup).then((answer) => this.answers.send(req, res, answer, requestId, this.deps.now(), rate), failed);
  }

  /**
   * What a request asks for: its parameters, the operation's variables and result key, and the
   * answer cached for them, if any (a repeated request is written from bytes without an execution).
   */
  private lookUp(req: IncomingMessage, admitted: Admitted): Lookup {
    const { found, path, query, plan, tag } = admitted;
    const now = this.deps.now();
    // SDMX-CSV chosen by Accept is read as format=sdmx-csv, so the variables are the same (each figure's status asked for).
    const bySdmxAccept = found.c.route.dataset && acceptedCsvFormat(req.headers.accept) === 'sdmx-csv' && !/(^|&)format=/.test(query);
    const effectiveQuery = bySdmxAccept ? `${query}${query ? '&' : ''}format=sdmx-csv` : query;
    const target = `${path}?${effectiveQuery}`;
    const parsed = this.parse(found, target, effectiveQuery);
    const snapshot = this.deps.store.current;
    if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet; try again shortly.');
    // What the answer's bytes depend on besides the operation's result: the kind asked for and the target (file names, next links).
    const variant = `${acceptedCsvFormat(req.headers.accept)}|${target}`;
    const session = sessionKey(snapshot.dataVersion, now, plan);
    const keyOfResult = joinResultKey(session, parsed.keyTail);
    // A cached answer knows which coding it goes out in, and answers a matching validator itself (RestAnswers.send).
    const cached = this.answers.cached(this.deps.results.entry(keyOfResult), variant);
    if (tag) tag.cache = cached ? 'hit' : 'miss';
    return { parsed, cached, snapshot, now, variant, session, keyOfResult };
  }

  /** The target's parameters, checked (throws the request's ApiError), and what follows from them. */
  private parse(found: RouteMatch, target: string, query: string): ParsedTarget {
    let parsed = this.parsed.get(target);
    if (parsed) return parsed;
    const { route } = found.c;
    // Only the query is read (the router matched the path): URLSearchParams, not a whole URL parsed per request.
    const search = new URLSearchParams(query);
    const params = Object.freeze(parseRequestParams(found.c, found.values, search));
    const vars = Object.freeze(variablesOf(route, params));
    parsed = { search, params, vars, keyTail: resultKeyTail(documentText(route.operation), undefined, vars) };
    if (target.length <= PARSED_TARGET_MAX) this.parsed.set(target, parsed);
    return parsed;
  }

  /** Computes an answer not cached: the operation (its result cached, or run), then the body, cached with the result as one of its bodies. */
  private async computeAnswer(req: IncomingMessage, admitted: Admitted, lookup: Lookup): Promise<RestAnswer> {
    const { path, plan, requestId } = admitted;
    const { route } = admitted.found.c;
    const { parsed, snapshot, now, variant, session, keyOfResult } = lookup;
    const { search, params, vars } = parsed;
    // A route with a document format (the Atom feed) answers in it unless format=json asks for the envelope.
    const document = route.document && params.format !== 'json' ? route.document : null;
    const format = document ? 'json' : formatOf(route, params, req);
    const csv = format === 'csv';
    const head = this.answers.head({
      contentType: document ? document.type : csv ? CSV_TYPE : format === 'sdmx-csv' ? SDMX_CSV_TYPE : format === 'jsonstat' ? JSONSTAT_TYPE : JSON_TYPE,
      filename: csv || format === 'sdmx-csv' ? csvFilename(path, search) : null,
      validatorText: `${session}|${variant}`,
      dataAsOf: snapshot.dataAsOf,
    });
    // A matching validator needs no more work: the answer is known to be the same.
    const coding = negotiate(req.headers['accept-encoding']);
    if (etagMatches(req.headers['if-none-match'], codedEtag(head.etag, coding))) return notModifiedAnswer(head, coding);
    const result = await executeRoute(this.run, route, vars, { plan, requestId, snapshot, now }, keyOfResult);
    const entry = ResultStore.entryOf(result) ?? null;
    const cached = this.answers.cached(entry, variant);
    if (cached) return cached;
    const { data, meta, shapeContext } = shapeResult(this.run, route, result, params, now);
    let body: string;
    if (document) body = document.write(result.data, params, { ...shapeContext, dataAsOf: snapshot.dataAsOf });
    else if (csv) {
      const rows = Array.isArray(data) ? data : [data];
      body = route.csv === 'series' ? seriesBlocksToCsv(rows as SeriesBlock[]) : rowsToCsv(rows as Record<string, unknown>[]);
    } else if (route.dataset && (format === 'jsonstat' || format === 'sdmx-csv')) {
      const dataset = route.dataset({ data, meta });
      body = format === 'sdmx-csv' ? sdmxCsv(dataset) : JSON.stringify(jsonStat(dataset, snapshot.dataAsOf, meta));
    } else body = JSON.stringify(envelope(REQUEST_ID_PLACEHOLDER, snapshot.dataAsOf, data, meta));
    return this.answers.make(body, head, format === 'json' && !document, entry, variant);
  }

  /** A route answered by a file: its operation checks the plan and names the file, which is then streamed from disk. */
  private async fileAnswer(req: IncomingMessage, res: ServerResponse, admitted: Admitted, lookup: Lookup, fileRoute: FileSource<unknown, unknown>, rate: RateDecision): Promise<void> {
    const { plan, requestId } = admitted;
    const { route } = admitted.found.c;
    const result = await executeRoute(this.run, route, lookup.parsed.vars, { plan, requestId, snapshot: lookup.snapshot, now: lookup.now }, lookup.keyOfResult);
    const file = fileRoute.locate(result.data, lookup.parsed.params, path.dirname(lookup.snapshot.file));
    await sendFile(req, res, file, requestId, rate);
  }

  /**
   * The JSON answer a plan gets for a path and query, computed afresh (the examples of
   * /openapi.json); throws the ApiError the request would get.
   */
  async answer(path: string, query: string, plan: Plan): Promise<Envelope> {
    const found = this.match(path);
    if (!found) throw new ApiError('not_found', `No endpoint at ${path}.`);
    const params = parseRequestParams(found.c, found.values, new URLSearchParams(query));
    const snapshot = this.deps.store.current;
    if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet.');
    const requestId = newRequestId();
    const now = this.deps.now();
    const result = await executeRoute(this.run, found.c.route, variablesOf(found.c.route, params), { plan, requestId, snapshot, now });
    const { data, meta } = shapeResult(this.run, found.c.route, result, params, now);
    return envelope(requestId, snapshot.dataAsOf, data, meta);
  }

  /** The error body for an ApiError; anything else is logged and answered as internal_error. */
  private fail(req: IncomingMessage, res: ServerResponse, err: unknown, plan: Plan, requestId: string, rate: RateDecision | null): void {
    const expected = err instanceof ApiError;
    if (!expected) this.deps.log(`${requestId} internal error: ${err instanceof Error ? err.stack : String(err)}`);
    const apiError = expected ? err : new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`);
    const body = Buffer.from(errorBody(apiError, plan, this.deps.publicBaseUrl, requestId));
    res.writeHead(apiError.status, {
      'Content-Type': JSON_TYPE,
      'X-Request-Id': requestId,
      'Cache-Control': 'no-store',
      ...(expected && rate ? rateHeaders(rate) : {}),
      ...apiError.headers,
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

export function createRestHandler(deps: RestDeps) {
  const adapter = new RestAdapter(deps);
  return Object.assign((req: IncomingMessage, res: ServerResponse, path: string, query: string, tag?: RequestTag, looked?: RestLookup): Promise<void> | void => adapter.handle(req, res, path, query, tag, looked), {
    front: (req: IncomingMessage, res: ServerResponse, path: string, query: string, tag: RequestTag, next: (looked: RestLookup) => Promise<void> | void) => adapter.front(req, res, path, query, tag, next),
    answer: (path: string, query: string, plan: Plan) => adapter.answer(path, query, plan),
  });
}
