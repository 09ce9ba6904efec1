/**
 * /v1 answers as bytes: made once per cached result and request target (a body of the result, in the
 * one result cache), compressed once per coding, and written with the request's own id and rate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateDecision } from '../src/auth/rate-limit';
import { rateHeaderList } from '../src/auth/access';
import { BodyCache, type CacheEntry, type ResultStore } from '../src/graphql/result-cache';
import { ANSWER_VARY, codedEtag, encode, etagMatches, etagOf, negotiate, piecesLength, writePieces, type Coding, type Compression, type Encoded } from './compression';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** An answer in one coding: its validator and the headers that belong to it. */
interface AnswerVariant {
  etag: string;
  /** The headers that belong to the answer (type, validators, Vary, coding) as a flat [name, value, …] list. */
  headerList: string[];
}

interface CodedAnswer extends AnswerVariant {
  encoded: Encoded;
}

export interface RestAnswer extends AnswerVariant {
  body: Buffer;
  /** For JSON: the body around the request_id placeholder, so each answer is written without copying it. */
  split: [Buffer, Buffer] | null;
  /** Compressed bodies, made the first time each coding is asked for; null: sent plain (too small to gain). */
  coded: Partial<Record<Compression, CodedAnswer | null>>;
  /** Bytes used, for the cache's budget (body and compressed bodies). */
  bytes: number;
  /** The cached result it is a body of (null when not cached). */
  entry: CacheEntry | null;
}

/** The request_id a cached JSON answer holds, swapped for each request's own on the way out. */
export const REQUEST_ID_PLACEHOLDER = '\u0000';
const PLACEHOLDER = Buffer.from('"\\u0000"');

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
 * What answers' headers need of the clock, computed once per release (Last-Modified) and once per
 * second (Cache-Control) rather than per request.
 */
export class AnswerClock {
  private modified = { iso: '', http: '' };
  private current = { second: -1, cacheControl: '' };

  /** The HTTP date of data_as_of. */
  httpDate(iso: string): string {
    if (this.modified.iso !== iso) this.modified = { iso, http: new Date(iso).toUTCString() };
    return this.modified.http;
  }

  /** Cache-Control: private, cacheable until the next expected data load. */
  cacheControl(now: Date): string {
    const second = Math.floor(now.getTime() / 1000);
    if (this.current.second !== second) this.current = { second, cacheControl: `private, max-age=${secondsToNextLoad(now)}` };
    return this.current.cacheControl;
  }
}

/**
 * The validators of a cacheable answer of either surface (a /v1 answer, a GET /graphql one): ETag,
 * Last-Modified (the data's date) and what it varies by, as a flat [name, value, …] list.
 */
export function validatorHeaders(etag: string, lastModified: string): string[] {
  return ['ETag', etag, 'Last-Modified', lastModified, 'Vary', ANSWER_VARY];
}

/** What an answer's head says before it is made: its type, file name, validators. */
export interface AnswerHead {
  contentType: string;
  /** For CSV: the name a browser saves it under. */
  filename: string | null;
  /** Data version, day, plan and request target: one validator per answer. */
  validatorText: string;
  dataAsOf: string;
}

/** The /v1 bodies of cached results, and how an answer is written. */
export class RestAnswers {
  readonly clock = new AnswerClock();
  private readonly bodies: BodyCache<RestAnswer>;

  constructor(results: ResultStore) {
    this.bodies = new BodyCache<RestAnswer>(results);
  }

  cached(entry: CacheEntry | null | undefined, name: string): RestAnswer | undefined {
    return entry ? this.bodies.get(entry, name) : undefined;
  }

  /** Its validator and head as a flat header list. */
  head(head: AnswerHead): { etag: string; headerList: string[] } {
    const etag = etagOf(head.validatorText);
    const headerList = ['Content-Type', head.contentType];
    if (head.filename) headerList.push('Content-Disposition', `attachment; filename="${head.filename}"`);
    headerList.push(...validatorHeaders(etag, this.clock.httpDate(head.dataAsOf)));
    return { etag, headerList };
  }

  /** An answer's bytes, cached with its result when the result is cached. */
  make(body: string, head: { etag: string; headerList: string[] }, json: boolean, entry: CacheEntry | null, name: string): RestAnswer {
    const bytes = Buffer.from(body);
    const answer: RestAnswer = { body: bytes, split: json ? splitAtPlaceholder(bytes) : null, ...head, coded: {}, bytes: bytes.length + name.length + 200, entry };
    if (entry) this.bodies.set(entry, name, answer);
    return answer;
  }

  /** The answer in the coding the caller accepts: compressed once per coding, then cached with the answer. */
  private coded(answer: RestAnswer, coding: Compression): CodedAnswer | null {
    let codedAnswer = answer.coded[coding];
    if (codedAnswer === undefined) {
      const encoded = encode(coding, answer.body, answer.split);
      codedAnswer = encoded && { encoded, etag: codedEtag(answer.etag, coding), headerList: codedHeaders(answer.headerList, answer.etag, coding) };
      answer.coded[coding] = codedAnswer;
      if (encoded && answer.entry) this.bodies.grew(answer.entry, answer, encoded.bytes);
    }
    return codedAnswer;
  }

  send(req: IncomingMessage, res: ServerResponse, answer: RestAnswer, requestId: string, now: Date, rate: RateDecision): void {
    const coding = negotiate(req.headers['accept-encoding']);
    const coded = coding === 'identity' ? null : this.coded(answer, coding);
    const variant: AnswerVariant = coded ?? answer;
    const notModified = etagMatches(req.headers['if-none-match'], variant.etag);
    const id = answer.split ? Buffer.from(`"${requestId}"`) : null;
    let pieces: Buffer[] | null = null;
    let length = 0;
    if (!notModified) {
      if (coded) pieces = coded.encoded.pieces(id);
      else if (id && answer.split) pieces = [answer.split[0], id, answer.split[1]];
      else pieces = [answer.body];
      length = piecesLength(pieces);
    }
    // A flat [name, value, …] list: node:http writes it without walking an object's keys.
    const headers = variant.headerList.concat(
      'X-Request-Id', requestId,
      'Cache-Control', this.clock.cacheControl(now),
      ...rateHeaderList(rate),
      'Content-Length', String(length),
    );
    res.writeHead(notModified ? 304 : 200, headers);
    if (!pieces || req.method === 'HEAD') {
      res.end();
      return;
    }
    writePieces(res, pieces, length);
  }
}

/** The headers of a compressed body: the coding's ETag and Content-Encoding. */
function codedHeaders(headerList: string[], etag: string, coding: Compression): string[] {
  const list = headerList.map((v, i) => (i % 2 === 1 && headerList[i - 1] === 'ETag' ? codedEtag(etag, coding) : v));
  list.push('Content-Encoding', coding);
  return list;
}

/** A 304 for a validator the caller already holds: no body, nothing cached. */
export function notModifiedAnswer(head: { etag: string; headerList: string[] }, coding: Coding): RestAnswer {
  const empty = Buffer.alloc(0);
  const answer: RestAnswer = { body: empty, split: null, ...head, coded: {}, bytes: 0, entry: null };
  if (coding !== 'identity') {
    const encoded: Encoded = { pieces: () => [empty], bytes: 0 };
    answer.coded[coding] = { encoded, etag: codedEtag(head.etag, coding), headerList: codedHeaders(head.headerList, head.etag, coding) };
  }
  return answer;
}

/** The body before and after its request_id placeholder. */
function splitAtPlaceholder(body: Buffer): [Buffer, Buffer] | null {
  const at = body.indexOf(PLACEHOLDER);
  return at < 0 ? null : [body.subarray(0, at), body.subarray(at + PLACEHOLDER.length)];
}
