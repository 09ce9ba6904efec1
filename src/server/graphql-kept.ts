/**
 * Kept GraphQL answers: the cache the Yoga plugin fills (graphql-plugins.ts, useAnswerCache), and a
 * path that answers a repeated GET from it on node:http directly, before a fetch Request, Yoga and
 * its plugins are made for it: what a kept answer needs is the key check, the rate and the bytes.
 * A refused caller gets the error Yoga would send; a request it cannot answer (not kept, POST)
 * goes on to Yoga with its admission, so the rate is taken once.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Admission, Admit } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { ApiError, graphqlRefusalBody } from '../errors';
import { AnswerClock } from '../../rest/handler';
import { AnswerCache } from '../../rest/answer-cache';
import { ANSWER_VARY, codedEtag, encode, etagMatches, negotiate, type Coding, type Compression } from '../../rest/compression';
import { isGraphiQLVisit } from './graphiql';
import type { RequestTag } from '../../rest/request-tag';

export interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  /** Its validator (before a coding's suffix), worked out when it is kept. */
  etag: string;
  contentType: string;
  bytes: number;
  /** Compressed forms, made the first time each coding is asked for; null: sent plain (too small to gain). */
  coded: Partial<Record<Compression, Uint8Array<ArrayBuffer> | null>>;
  /** The bytes sent for each coding, as wireText, made the first time that coding is sent from here. */
  wire: Partial<Record<Coding, string>>;
}

/**
 * Bytes as a latin1 string (one character per byte). node:http joins a latin1 string to the status
 * line and headers and sends them as one piece, where a Buffer body goes as a second one; a kept
 * answer's text is made once, so repeated answers pay no copy for it.
 */
function wireText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Keys up to this length are kept as text (no hash for the queries people write); longer ones as a digest. */
const KEY_TEXT_MAX = 2048;

export class KeptAnswers {
  private readonly cache: AnswerCache<KeptAnswer>;

  constructor(budgetBytes: number) {
    this.cache = new AnswerCache<KeptAnswer>(budgetBytes);
  }

  /**
   * The key of a request's answer: the day, plan, method, content type, Accept, query string and
   * body, as text, or past KEY_TEXT_MAX characters as their SHA-256 (the cache counts a key's length
   * in its budget: a query padded with 900 kB of comments was kept at 1.8 MB, so nine pushed every
   * other caller's answers out).
   */
  static key(day: string, plan: string, method: string, contentType: string, accept: string, search: string, body: string): string {
    const text = `${day}|${plan}|${method}|${contentType}|${accept}|${search}|${body}`;
    return text.length <= KEY_TEXT_MAX ? text : `sha256:${createHash('sha256').update(text).digest('base64url')}`;
  }

  /** The validator of an answer: one per data version and request (before its coding's suffix). */
  static etag(dataVersion: string, key: string): string {
    return `"${createHash('sha1').update(`${dataVersion}|${key}`).digest('base64url')}"`;
  }

  get(version: string, key: string): KeptAnswer | undefined {
    return this.cache.get(version, key);
  }

  keep(version: string, key: string, body: Uint8Array<ArrayBuffer>, contentType: string): KeptAnswer {
    const kept: KeptAnswer = { body, etag: KeptAnswers.etag(version, key), contentType, bytes: body.byteLength + 2 * key.length + contentType.length + 32, coded: {}, wire: {} };
    this.cache.set(version, key, kept);
    return kept;
  }

  /** The kept answer in `coding`, compressed the first time and kept (re-counted in the budget); null: sent plain. */
  coded(version: string, key: string, kept: KeptAnswer, coding: Coding): Uint8Array<ArrayBuffer> | null {
    if (coding === 'identity') return null;
    let coded = kept.coded[coding];
    if (coded === undefined) {
      const encoded = encode(coding, Buffer.from(kept.body.buffer, kept.body.byteOffset, kept.body.length), null);
      coded = encoded && new Uint8Array(encoded.pieces(null)[0]);
      kept.coded[coding] = coded;
      if (coded) this.cache.grew(version, key, kept, coded.length);
    }
    return coded;
  }

  /** What is sent for `coding`: its bytes as wireText, made once and kept (re-counted in the budget). */
  wire(version: string, key: string, kept: KeptAnswer, coding: Coding): string {
    let text = kept.wire[coding];
    if (text === undefined) {
      const coded = coding === 'identity' ? null : this.coded(version, key, kept, coding);
      // Sent plain in this coding: the plain text, made once for all of them.
      if (!coded && coding !== 'identity') return this.wire(version, key, kept, 'identity');
      text = wireText(coded ?? kept.body);
      kept.wire[coding] = text;
      this.cache.grew(version, key, kept, text.length);
    }
    return text;
  }
}

/** Characters a URL's query keeps as they are: a query made only of them is its own `search`. */
const KEPT_AS_IS = /^[^\x00-\x20"#<>'\x7f-\uffff]*$/;

/** The query string as Yoga's URL gives it (`?…`, or '' when empty); null for a target URL refuses. */
function searchOf(target: string, q: number): string | null {
  const query = target.slice(q + 1);
  if (KEPT_AS_IS.test(query)) return query === '' ? '' : `?${query}`;
  try {
    return new URL(`http://localhost${target}`).search;
  } catch {
    return null;
  }
}

/**
 * Answers a GET /graphql from the kept answers, or with the error of a refused caller, when it can.
 * Otherwise calls `next` with the caller's admission (undefined: Yoga admits the caller itself).
 */
export function keptGraphQLGet(deps: { store: DataStore; admit: Admit; kept: KeptAnswers; now: () => Date; publicBaseUrl: string }) {
  const clock = new AnswerClock();
  /** A refused caller gets the error body useApiAccess would send, without being admitted a second time. */
  const refuse = (res: ServerResponse, tag: RequestTag, err: unknown, next: () => void) => {
    if (!(err instanceof ApiError)) return next();
    res.writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', ...err.headers, 'X-Request-Id': tag.id });
    res.end(graphqlRefusalBody(err, 'free', deps.publicBaseUrl, tag.id));
  };
  return function answer(req: IncomingMessage, res: ServerResponse, tag: RequestTag, next: (admission?: Admission) => void): void {
    const snapshot = deps.store.current;
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    if (!snapshot || req.method !== 'GET' || q < 0 || isGraphiQLVisit(req.method, req.headers.accept)) return next();
    const search = searchOf(target, q);
    if (search === null) return next();
    let admitted: Admission | Promise<Admission>;
    try {
      admitted = deps.admit(req.headers['x-api-key'], undefined, tag);
    } catch (err) {
      return refuse(res, tag, err, next);
    }
    const go = (admission: Admission) => {
      const now = deps.now();
      const key = KeptAnswers.key(
        clock.at(now).day,
        admission.caller.plan,
        'GET',
        req.headers['content-type'] ?? '',
        req.headers.accept ?? '',
        search,
        '',
      );
      const kept = deps.kept.get(snapshot.dataVersion, key);
      if (!kept) return next(admission);
      tag.cache = 'hit';
      const coding = negotiate(req.headers['accept-encoding']);
      const coded = deps.kept.coded(snapshot.dataVersion, key, kept, coding);
      const etag = codedEtag(kept.etag, coded ? coding : 'identity');
      const headers = [
        'content-type', kept.contentType,
        'etag', etag,
        'last-modified', clock.httpDate(snapshot.dataAsOf),
        'cache-control', clock.at(now).cacheControl,
        'vary', ANSWER_VARY,
        'x-request-id', tag.id,
        'ratelimit-limit', String(admission.rate.limit),
        'ratelimit-remaining', String(admission.rate.remaining),
        'ratelimit-reset', String(admission.rate.resetSeconds),
      ];
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      // The bytes' text is made only for an answer that sends them.
      const body = deps.kept.wire(snapshot.dataVersion, key, kept, coding);
      if (coded) headers.push('content-encoding', coding);
      headers.push('content-length', String(body.length));
      res.writeHead(200, headers);
      res.end(body, 'latin1');
    };
    if (admitted instanceof Promise) admitted.then(go, (err) => refuse(res, tag, err, next));
    else go(admitted);
  };
}
