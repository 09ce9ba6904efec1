/**
 * One publisher file over HTTP, as a careful client fetches it: a conditional GET (If-None-Match,
 * If-Modified-Since), a time limit per attempt and per silence, retries with backoff on what may
 * pass (network errors, timeouts, 5XX, 408, 429), a bound on the bytes read, and the body checked
 * against what the publisher says of it (Content-Length, Content-MD5, Repr-Digest, S3's MD5 ETag).
 * With a mirror set, every address is fetched through it (see `mirrored`). Every address, the
 * first and each redirect's, must be https on one of the source's official hosts (hosts.ts);
 * without a mirror, the connection goes only to public addresses (public-address.ts).
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { officialOf, officialProblem, ownHost } from './hosts';
import { AddressRejected } from './public-address';
import { get } from './request';

export interface HttpOptions {
  /** TOURISM_PUBLISHER_MIRROR: a base URL every official address is fetched through; null: the publisher itself. */
  mirror: string | null;
  /** The most one attempt may take, headers and body. */
  timeoutMs: number;
  /** The longest silence while the body arrives. */
  idleMs: number;
  attempts: number;
  /** The wait before the second attempt; each further wait is four times the one before. */
  backoffMs: number;
  /** A body longer than this is rejected (a publisher file is at most tens of megabytes). */
  maxBytes: number;
  /** Ends every attempt and retry when it fires (the source's and the round's deadlines); its reason says which. */
  signal?: AbortSignal;
}

export const DEFAULT_HTTP: HttpOptions = {
  mirror: null,
  timeoutMs: 300_000,
  idleMs: 60_000,
  attempts: 3,
  backoffMs: 5_000,
  maxBytes: 256 * 1024 * 1024,
};

/** What a previous fetch of the same address returned, sent back so an unchanged file costs a 304. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type HttpAnswer =
  | { kind: 'not-modified'; url: string }
  | { kind: 'body'; url: string; body: Buffer; etag: string | null; lastModified: string | null };

/** A fetch that failed for good (after its retries): `message` says why, naming the address. */
export class FetchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchFailed';
  }
}

/** A failure worth another attempt (network, timeout, 5XX), or not (404, a body over the bound). */
class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly waitMs?: number,
  ) {
    super(message);
  }
}

/** `https://host/path?query` → `<mirror>/host/path?query`; the address itself without a mirror. */
export function mirrored(url: string, mirror: string | null): string {
  if (!mirror) return url;
  const u = new URL(url);
  return `${mirror.replace(/\/+$/, '')}/${u.host}${u.pathname}${u.search}`;
}

/** The official address of a mirrored one (`<mirror>/host/path?query` → `https://host/path?query`); others as they are. */
export function unmirrored(url: string, mirror: string | null): string {
  return mirror ? (officialOf(url, mirror) ?? url) : url;
}

/**
 * The official address a redirect from `from` (the address fetched) leads to: a Location under the
 * mirror stands for the official address it mirrors, any other is taken as written. Rejected
 * (AttemptFailed, not retried) unless it is https on one of `hosts`.
 */
export function redirectTarget(location: string, from: string, mirror: string | null, hosts: readonly string[]): string {
  let next: string;
  try {
    next = new URL(location, from).href;
  } catch {
    throw new AttemptFailed('redirected to something that is not an address', false);
  }
  const official = mirror ? (officialOf(next, mirror) ?? next) : next;
  const problem = officialProblem(official, hosts);
  if (problem) throw new AttemptFailed(`redirect refused: ${problem}`, false);
  return official;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const USER_AGENT = 'tourism-stats-api (publisher refresh)';

/** Waits `ms`, or less when `signal` fires first. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

/** Retry-After as milliseconds (seconds or an HTTP date), capped so a publisher cannot stall a round. */
function retryAfterMs(header: string | null, capMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), capMs) : undefined;
}

/** What the publisher's own headers say the body must be; null when it matches them all. */
export function bodyMismatch(body: Buffer, headers: Headers, officialHost: string): string | null {
  const length = headers.get('content-length');
  // A coded body (gzip on the wire) is decoded by fetch, so its length is not the header's.
  if (length !== null && !headers.get('content-encoding') && Number(length) !== body.length) {
    return `${body.length} of ${length} bytes arrived (file truncated?)`;
  }
  const md5 = headers.get('content-md5');
  if (md5 && createHash('md5').update(body).digest('base64') !== md5.trim()) return 'the body does not match its Content-MD5';
  const digest = /sha-256=:([^:]+):/i.exec(headers.get('repr-digest') ?? '');
  if (digest && createHash('sha256').update(body).digest('base64') !== digest[1]) return 'the body does not match its Repr-Digest';
  // S3 names a single-part object by its MD5: a sure check of what the UN Tourism bucket sends.
  const etag = /^"([0-9a-f]{32})"$/.exec(headers.get('etag') ?? '');
  if (etag && /(^|\.)amazonaws\.com$/.test(officialHost) && createHash('md5').update(body).digest('hex') !== etag[1]) {
    return "the body does not match the MD5 its S3 ETag gives";
  }
  return null;
}

/** Reads the body within the byte bound, the attempt's deadline and the silence limit. */
async function readBody(response: Response, options: HttpOptions, controller: AbortController): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > options.maxBytes) throw new AttemptFailed(`${declared} bytes announced, over the bound of ${options.maxBytes}`, false);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let bytes = 0;
  let idle = setTimeout(() => controller.abort(new Error(`no data for ${options.idleMs} ms`)), options.idleMs);
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new Error(`no data for ${options.idleMs} ms`)), options.idleMs);
      bytes += chunk.byteLength;
      if (bytes > options.maxBytes) {
        controller.abort(new Error('over the byte bound'));
        throw new AttemptFailed(`more than ${options.maxBytes} bytes sent, over the bound`, false);
      }
      chunks.push(Buffer.from(chunk));
    }
  } finally {
    clearTimeout(idle);
  }
  return Buffer.concat(chunks);
}

/** Why an aborted or broken request failed, in words (the abort reason, or undici's cause). */
function describe(err: unknown, controller: AbortController): string {
  if (controller.signal.aborted) {
    const reason: unknown = controller.signal.reason;
    return reason instanceof Error ? reason.message : String(reason);
  }
  const e = err as Error & { cause?: Error & { code?: string } };
  const cause = e.cause ? `: ${e.cause.code ?? e.cause.message}` : '';
  return `${e.message}${cause}`;
}

async function attempt(url: string, validators: Validators | null, options: HttpOptions, hosts: readonly string[]): Promise<HttpAnswer> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error(`no complete answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const outer = options.signal;
  const passOn = () => controller.abort(outer?.reason);
  if (outer?.aborted) passOn();
  outer?.addEventListener('abort', passOn);
  try {
    const problem = officialProblem(url, hosts);
    if (problem) throw new AttemptFailed(`refused: ${problem}`, false);
    let target = mirrored(url, options.mirror);
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { 'User-Agent': USER_AGENT, Accept: '*/*' };
      if (validators?.etag) headers['If-None-Match'] = validators.etag;
      if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
      let response: Response;
      try {
        // The mirror is the operator's, wherever it runs; a publisher must be on a public address.
        response = await get(target, headers, controller.signal, options.mirror === null);
      } catch (err) {
        if (err instanceof AddressRejected) throw new AttemptFailed(`refused: ${err.message}`, false);
        throw new AttemptFailed(describe(err, controller), true);
      }
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= MAX_REDIRECTS) throw new AttemptFailed(`answered ${response.status} without a usable Location`, false);
        // A publisher's redirect to its own hosts goes through the mirror too.
        target = mirrored(redirectTarget(location, target, options.mirror, hosts), options.mirror);
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'not-modified', url: target };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        const retry = response.status >= 500 || response.status === 408 || response.status === 429;
        const wait = retryAfterMs(response.headers.get('retry-after'), options.timeoutMs);
        // The standard reason phrase, not the server's: what a server writes there is not shown.
        const phrase = STATUS_CODES[response.status];
        throw new AttemptFailed(`answered ${response.status}${phrase ? ` ${phrase}` : ''}`, retry, wait);
      }
      let body: Buffer;
      try {
        body = await readBody(response, options, controller);
      } catch (err) {
        if (err instanceof AttemptFailed) throw err;
        throw new AttemptFailed(`the body broke off: ${describe(err, controller)}`, true);
      }
      const mismatch = bodyMismatch(body, response.headers, new URL(url).hostname);
      if (mismatch) throw new AttemptFailed(mismatch, true);
      return { kind: 'body', url: target, body, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
    }
  } finally {
    clearTimeout(deadline);
    outer?.removeEventListener('abort', passOn);
  }
}

/**
 * GETs an official address (through the mirror when one is set), sending the validators of the
 * stored copy; retries what may pass. `hosts`: the publisher's official hosts (hosts.ts), the
 * address's own by default. Throws FetchFailed naming the address and the last reason.
 */
export async function conditionalGet(url: string, validators: Validators | null, options: HttpOptions = DEFAULT_HTTP, hosts: readonly string[] = ownHost(url)): Promise<HttpAnswer> {
  let wait = options.backoffMs;
  for (let n = 1; ; n++) {
    try {
      return await attempt(url, validators, options, hosts);
    } catch (err) {
      const failed = err instanceof AttemptFailed ? err : new AttemptFailed((err as Error).message, false);
      const tries = n === 1 ? '' : ` (after ${n} attempts)`;
      const over = options.signal?.aborted ?? false;
      if (!failed.retry || n >= options.attempts || over) throw new FetchFailed(`${mirrored(url, options.mirror)} ${failed.message}${tries}`);
      await sleep(failed.waitMs ?? wait, options.signal);
      wait *= 4;
    }
  }
}
