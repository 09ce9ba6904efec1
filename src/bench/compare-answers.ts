/**
 * bench:compare's answers: each request of the list sent with node:http (no header added beyond Host
 * and those asked, nothing decompressed), and two recordings compared by status, headers and body
 * bytes. Only what differs between two runs of the same code is left out: the headers of the
 * connection and the clock (Date, Connection, Keep-Alive) and the seconds to the rate window's end.
 */
import http from 'node:http';
import type { Ask, Caller } from './compare-requests';

export interface Answer {
  status: number;
  /** Lower-case names, in the order sent (a repeated header joined with ", "). */
  headers: [string, string][];
  body: Buffer;
}

export interface Recorded {
  ask: Ask;
  answer: Answer;
}

/**
 * The key a request is sent with: one of its own per request, plan and pass through the list, so no
 * request spends another's rate and none meets the end of a rate window its twin on the other side missed.
 */
export function keyOf(caller: Caller, index: number): string | null {
  if (caller === 'none') return null;
  if (caller === 'unknown') return 'cmp-not-a-key';
  return `cmp-${caller}-${index}`;
}

/** TOURISM_API_KEYS for `count` keys of each plan (indexes 0 to count - 1), plus `extra` keys. */
export function seedKeys(count: number, extra: string[]): string {
  const keys: string[] = [...extra];
  for (let i = 0; i < count; i++) for (const plan of ['free', 'developer', 'analyst', 'intel']) keys.push(`${plan}:cmp-${plan}-${i}`);
  return keys.join(',');
}

/**
 * A connection per request: while one side answers a slow request the other's idle connection
 * could reach its keep-alive timeout and be closed just as it is used again.
 */
const oneAtATime = new http.Agent({ keepAlive: false, maxSockets: 1 });

/** Sends one request and reads its whole answer. */
export function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string, agent = oneAtATime): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const named = new Map<string, string>();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i].toLowerCase();
          const seen = named.get(name);
          named.set(name, seen === undefined ? res.rawHeaders[i + 1] : `${seen}, ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: [...named], body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The request id every answer of request `index` carries: the same on both sides. */
export const requestId = (index: number) => `cmp-${index}`;

/** Sends a request of the list with the key and request id of `index` (its revalidation first, when it has one). */
export async function ask(base: string, a: Ask, index: number): Promise<Answer> {
  const key = keyOf(a.caller, index);
  const headers: Record<string, string> = { 'X-Request-Id': requestId(index), ...(key ? { 'X-API-Key': key } : {}), ...a.headers };
  if (a.revalidate) {
    const first = await send(base, a.method, a.path, headers, a.body);
    const etag = first.headers.find(([k]) => k === 'etag')?.[1];
    if (etag) headers['If-None-Match'] = etag;
  }
  return send(base, a.method, a.path, headers, a.body).catch((err: Error) => {
    throw new Error(`${a.label}: ${err.message}`);
  });
}

/** Left out of the comparison: set per connection or by the clock. */
const UNCOMPARED = new Set(['date', 'connection', 'keep-alive']);

/**
 * A request id the service makes itself (where it takes none from the request, or for the examples
 * of /openapi.json): a per-process prefix and a counter, so never the same in two processes.
 */
const MADE_ID = /\breq_[A-Za-z0-9_-]{6,}/g;
const MADE_ID_SEEN = /\breq_[A-Za-z0-9_-]{6,}/;

/** A header's value as compared: the seconds to the end of the rate window are the clock's; made ids are masked. */
function comparable(name: string, value: string): string {
  if (name === 'ratelimit-reset' && /^\d+$/.test(value)) return '<seconds>';
  return value.replace(MADE_ID, 'req_<made>');
}

/** A body as compared: the request ids the service made masked. */
function comparableBody(body: Buffer): Buffer {
  const text = body.toString('latin1');
  return MADE_ID_SEEN.test(text) ? Buffer.from(text.replace(MADE_ID, 'req_<made>'), 'latin1') : body;
}

export interface Difference {
  request: string;
  /** `status`, `header <name>` or `body`. */
  what: string;
  baseline: string;
  new: string;
  /** Where they part: a JSON path, or the byte offset with the text around it on each side. */
  excerpt?: string;
}

const MAX_JSON_PATHS = 5;

/** Up to MAX_JSON_PATHS paths where two parsed JSON values differ, with both values. */
function jsonPaths(a: unknown, b: unknown, at: string, out: string[]): void {
  if (out.length >= MAX_JSON_PATHS) return;
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || a === null || b === null || typeof a !== 'object') {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at || '$'}: ${clip(JSON.stringify(a))} → ${clip(JSON.stringify(b))}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at || '$'}: ${a.length} items → ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) jsonPaths(a[i], b[i], `${at}[${i}]`, out);
    return;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
  for (const k of keys) {
    if (!(k in bo)) out.push(`${at}.${k}: only in baseline`);
    else if (!(k in ao)) out.push(`${at}.${k}: only in new`);
    else jsonPaths(ao[k], bo[k], `${at}.${k}`, out);
    if (out.length >= MAX_JSON_PATHS) return;
  }
  if (out.length === 0 && keys.join() !== Object.keys(bo).join()) out.push(`${at || '$'}: the same members in another order`);
}

const clip = (text: string | undefined, n = 120) => (text === undefined ? 'undefined' : text.length > n ? `${text.slice(0, n)}…` : text);

function parseJson(body: Buffer): { value: unknown } | null {
  try {
    return { value: JSON.parse(body.toString('utf8')) };
  } catch {
    return null;
  }
}

/** Where two bodies part: JSON paths when both parse, else the first differing byte and the text around it. */
function bodyExcerpt(a: Buffer, b: Buffer): string {
  const ja = parseJson(a);
  const jb = parseJson(b);
  if (ja && jb) {
    const paths: string[] = [];
    jsonPaths(ja.value, jb.value, '', paths);
    if (paths.length) return paths.join('\n');
  }
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const around = (x: Buffer) => JSON.stringify(x.subarray(Math.max(0, at - 40), at + 80).toString('latin1'));
  return `byte ${at}: ${around(a)} → ${around(b)}`;
}

/**
 * Whether two GraphQL bodies differ only in the order of their errors list: errors of sibling fields
 * come in the order their resolvers finish, which the scheduler's turns decide, not the code.
 */
function sameButErrorOrder(a: Buffer, b: Buffer): boolean {
  const [ja, jb] = [parseJson(a), parseJson(b)];
  const sorted = (v: unknown) => {
    const o = v as { errors?: unknown };
    if (!o || typeof o !== 'object' || !Array.isArray(o.errors)) return null;
    return JSON.stringify({ ...o, errors: o.errors.map((e) => JSON.stringify(e)).sort() });
  };
  const [sa, sb] = [sorted(ja?.value), sorted(jb?.value)];
  return sa !== null && sa === sb;
}

/**
 * A Content-Length as compared: that of the body with made ids masked, since a made id's counter
 * has as many digits as it has reached (a length that is not the body's, as a HEAD's, is as sent).
 */
function comparableLength(value: string, body: Buffer, masked: Buffer): string {
  return Number(value) === body.length ? String(masked.length) : value;
}

/** Every difference between the two sides' answers to one request. */
export function compareAnswers(request: string, base: Answer, next: Answer): Difference[] {
  const out: Difference[] = [];
  if (base.status !== next.status) out.push({ request, what: 'status', baseline: String(base.status), new: String(next.status) });
  const [ba, bb] = [comparableBody(base.body), comparableBody(next.body)];
  const ha = new Map(base.headers.filter(([k]) => !UNCOMPARED.has(k)));
  const hb = new Map(next.headers.filter(([k]) => !UNCOMPARED.has(k)));
  for (const name of [...new Set([...ha.keys(), ...hb.keys()])].sort()) {
    const va = ha.get(name);
    const vb = hb.get(name);
    const same =
      va !== undefined &&
      vb !== undefined &&
      (name === 'content-length' ? comparableLength(va, base.body, ba) === comparableLength(vb, next.body, bb) : comparable(name, va) === comparable(name, vb));
    if (!same) out.push({ request, what: `header ${name}`, baseline: va ?? '(absent)', new: vb ?? '(absent)' });
  }
  if (!ba.equals(bb) && !sameButErrorOrder(ba, bb)) {
    out.push({ request, what: 'body', baseline: `${base.body.length} bytes`, new: `${next.body.length} bytes`, excerpt: bodyExcerpt(ba, bb) });
  }
  return out;
}

/** A difference the caller expects (bench:compare --expected FILE): a request label and, optionally, what. */
export interface Expected {
  request: string;
  what?: string;
  why: string;
}

/** The expected entry a difference matches, if any: the same request, and the same `what` when one is given. */
export function expectedFor(d: Difference, expected: Expected[]): Expected | undefined {
  return expected.find((e) => e.request === d.request && (e.what === undefined || e.what === d.what));
}
