/**
 * GraphQL's bodies of cached results: the bytes a /graphql answer was sent as, per Accept, cached with
 * its result in the one result cache (src/graphql/result-cache.ts), with their compressed copies.
 * The Yoga plugin (graphql-plugins.ts, useCachedBodies) makes them; the path here answers a repeated
 * GET, or POST of a JSON body, from them on node:http directly, before a fetch Request, Yoga and its
 * plugins are made for it: what a cached answer needs is the key check, the rate and the bytes (a
 * cached answer through Yoga costs many times what it costs here). A rejected
 * caller gets the error Yoga would send; a request it cannot answer (not cached, another body type,
 * a batch) goes on to Yoga with its admission, so the rate is taken once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rateHeaderList, type Admission, type Admit } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { ApiError, graphqlErrorBody } from '../errors';
import { BodyCache, resultKey, sessionKey, type CacheEntry, type ResultStore } from '../graphql/result-cache';
import { AnswerClock, validatorHeaders } from '../../rest/answer-bytes';
import { codedEtag, encode, etagMatches, etagOf, negotiate, type Coding, type Compression } from '../../rest/compression';
import { isGraphiQLVisit } from './graphiql';
import { paramsProblem } from './graphql-params';
import type { RequestTag } from '../../rest/request-tag';

export interface GraphQLBody {
  body: Uint8Array<ArrayBuffer>;
  /** Its validator (before a coding's suffix), made when it is cached. */
  etag: string;
  contentType: string;
  bytes: number;
  /** Compressed bodies, made the first time each coding is asked for; null: sent plain (too small to gain). */
  coded: Partial<Record<Compression, Uint8Array<ArrayBuffer> | null>>;
  /** The bytes sent for each coding, as wireText, made the first time that coding is sent from here. */
  wire: Partial<Record<Coding, string>>;
}

/**
 * Bytes as a latin1 string (one character per byte). node:http joins a latin1 string to the status
 * line and headers and sends them as one piece, where a Buffer body goes as a second one; a cached
 * answer's text is made once, so repeated answers pay no copy for it.
 */
function wireText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/**
 * The validator of a GET /graphql answer: one per cached result's key (data version, day, plan,
 * document, variables) and Accept, before its coding's suffix.
 */
export function graphqlEtag(resultKey: string, accept: string): string {
  return etagOf(`${resultKey}|${accept}`);
}

/** The operation a request asks for, as Yoga reads it. */
export interface AskedOperation {
  query: string;
  operationName: string | null | undefined;
  variables: unknown;
}

/** A GET's operation as Yoga reads it (query, operationName, variables as JSON); null when it has none or its variables are not JSON. */
export function operationOf(queryString: string): AskedOperation | null {
  const params = new URLSearchParams(queryString);
  const query = params.get('query');
  if (!query) return null;
  const variables = params.get('variables');
  let asked: AskedOperation;
  try {
    asked = { query, operationName: params.get('operationName') || undefined, variables: variables ? JSON.parse(variables) : undefined };
  } catch {
    return null;
  }
  // Parameters of the wrong shape go on to Yoga, which rejects them (useParamsCheck).
  return paramsProblem(asked) ? null : asked;
}

/** Bodies past this are left to Yoga: reading a large body twice on a miss costs more than the cached path saves. */
const POSTED_MAX = 64 * 1024;

/** A POST's operation as Yoga reads a JSON body; null for another body type, a batch (an array) or a body past POSTED_MAX. */
export function postedOperation(contentType: string | undefined, body: Buffer): AskedOperation | null {
  if (body.length > POSTED_MAX || !contentType?.toLowerCase().startsWith('application/json')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  // Parameters of the wrong shape go on to Yoga, which rejects them (useParamsCheck).
  if (paramsProblem(parsed)) return null;
  const { query, operationName, variables } = parsed as { query: string; operationName?: string | null; variables?: unknown };
  return { query, operationName, variables };
}

/** The operation of a GET /graphql (none for GraphiQL's page) or of a POST's body already read. */
export function askedOperation(req: IncomingMessage, body?: Buffer): AskedOperation | null {
  if (req.method === 'POST') return body ? postedOperation(req.headers['content-type'], body) : null;
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  if (req.method !== 'GET' || q < 0 || isGraphiQLVisit(req.method, req.headers.accept)) return null;
  return operationOf(target.slice(q + 1));
}

/** The bodies per Accept header: the body's type and bytes follow what the caller accepts. */
export class GraphQLBodies {
  private readonly cache: BodyCache<GraphQLBody>;

  constructor(readonly results: ResultStore) {
    this.cache = new BodyCache<GraphQLBody>(results);
  }

  get(entry: CacheEntry, accept: string): GraphQLBody | undefined {
    return this.cache.get(entry, accept);
  }

  set(entry: CacheEntry, accept: string, body: Uint8Array<ArrayBuffer>, contentType: string): GraphQLBody {
    const cachedBody: GraphQLBody = { body, etag: graphqlEtag(entry.key, accept), contentType, bytes: body.byteLength + accept.length + contentType.length + 32, coded: {}, wire: {} };
    this.cache.set(entry, accept, cachedBody);
    return cachedBody;
  }

  /** The body in `coding`, compressed the first time and cached (counted in the budget); null: sent plain. */
  coded(entry: CacheEntry, cachedBody: GraphQLBody, coding: Coding): Uint8Array<ArrayBuffer> | null {
    if (coding === 'identity') return null;
    let coded = cachedBody.coded[coding];
    if (coded === undefined) {
      const encoded = encode(coding, Buffer.from(cachedBody.body.buffer, cachedBody.body.byteOffset, cachedBody.body.length), null);
      coded = encoded && new Uint8Array(encoded.pieces(null)[0]);
      cachedBody.coded[coding] = coded;
      if (coded) this.cache.grew(entry, cachedBody, coded.length);
    }
    return coded;
  }

  /** What is sent for `coding`: its bytes as wireText, made once and cached (counted in the budget). */
  wire(entry: CacheEntry, cachedBody: GraphQLBody, coding: Coding): string {
    let text = cachedBody.wire[coding];
    if (text === undefined) {
      const coded = coding === 'identity' ? null : this.coded(entry, cachedBody, coding);
      // Sent plain in this coding: the plain text, made once for all of them.
      if (!coded && coding !== 'identity') return this.wire(entry, cachedBody, 'identity');
      text = wireText(coded ?? cachedBody.body);
      cachedBody.wire[coding] = text;
      this.cache.grew(entry, cachedBody, text.length);
    }
    return text;
  }
}

/**
 * Answers a /graphql request asking `asked` from the cached answers, or with the error of a rejected
 * caller, when it can. Otherwise calls `next` with the caller's admission (undefined: Yoga admits
 * the caller itself) and the key it looked up, when it computed one.
 */
export function cachedGraphQL(deps: { store: DataStore; admit: Admit; bodies: GraphQLBodies; now: () => Date; publicBaseUrl: string }) {
  const clock = new AnswerClock();
  /** A rejected caller gets the error body useApiAccess would send, without being admitted a second time. */
  const sendError = (res: ServerResponse, tag: RequestTag, err: unknown, next: () => void) => {
    if (!(err instanceof ApiError)) return next();
    res.writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', ...err.headers, 'X-Request-Id': tag.id });
    res.end(graphqlErrorBody(err, 'free', deps.publicBaseUrl, tag.id));
  };
  return function answer(
    req: IncomingMessage,
    res: ServerResponse,
    tag: RequestTag,
    asked: AskedOperation | null,
    next: (admission?: Admission, resultKey?: string) => void,
  ): void {
    const snapshot = deps.store.current;
    if (!snapshot || !asked) return next();
    let admitted: Admission | Promise<Admission>;
    try {
      admitted = deps.admit(req.headers['x-api-key'], undefined, tag);
    } catch (err) {
      return sendError(res, tag, err, next);
    }
    const go = (admission: Admission) => {
      const now = deps.now();
      const accept = req.headers.accept ?? '';
      // The key the result was cached under, from the parameters as Yoga reads them.
      const key = resultKey(sessionKey(snapshot.dataVersion, now, admission.caller.plan), asked.query, asked.operationName, asked.variables);
      const entry = deps.bodies.results.entry(key);
      const cachedBody = entry && deps.bodies.get(entry, accept);
      if (!entry || !cachedBody) return next(admission, key);
      tag.cache = 'hit';
      const coding = negotiate(req.headers['accept-encoding']);
      const coded = deps.bodies.coded(entry, cachedBody, coding);
      // A GET's answer is HTTP-cacheable, with its validator; a POST's is not, as Yoga answers it.
      const etag = req.method === 'GET' ? codedEtag(cachedBody.etag, coded ? coding : 'identity') : null;
      // The validators and rate headers a /v1 answer carries, from the same modules (answer-bytes.ts, access.ts).
      const headers = [
        'content-type', cachedBody.contentType,
        ...(etag ? [...validatorHeaders(etag, clock.httpDate(snapshot.dataAsOf)), 'Cache-Control', clock.cacheControl(now)] : []),
        'x-request-id', tag.id,
        ...rateHeaderList(admission.rate),
      ];
      if (etag && etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      // The bytes' text is made only for an answer that sends them.
      const body = deps.bodies.wire(entry, cachedBody, coding);
      if (coded) headers.push('content-encoding', coding);
      headers.push('content-length', String(body.length));
      res.writeHead(200, headers);
      res.end(body, 'latin1');
    };
    if (admitted instanceof Promise) admitted.then(go, (err) => sendError(res, tag, err, next));
    else go(admitted);
  };
}
