/**
 * The publisher client (src/ingest/fetch/http.ts) against a real node:http server on a loopback
 * port: what each answer is made into, how many attempts it costs and how long the waits between
 * them are. Waits and limits are made short through the options.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchSource } from '../../../src/ingest/fetch/fetch-source';
import { bodyMismatch, conditionalGet, DEFAULT_HTTP, FetchFailed, mirrored, unmirrored, type HttpOptions } from '../../../src/ingest/fetch/http';
import { emptyState } from '../../../src/ingest/fetch/state';
import { SOURCES, type Source } from '../../../src/ingest/publishers';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Requests as they came: the path asked, when (ms), and the request's headers. */
const seen: { path: string; at: number; headers: http.IncomingHttpHeaders }[] = [];
const routes = new Map<string, Handler>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', at: performance.now(), headers: req.headers });
    const route = routes.get(req.url ?? '');
    if (route) return route(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  routes.clear();
});

/**
 * Short limits: a test costs milliseconds, not the minutes a publisher is given. The server is
 * reached as the mirror (publishers are https hosts on public addresses: a loopback server is
 * reached only as the operator's mirror).
 */
const options = (o: Partial<HttpOptions> = {}): HttpOptions => ({ ...DEFAULT_HTTP, mirror: base, timeoutMs: 5_000, idleMs: 1_000, attempts: 3, backoffMs: 10, maxBytes: 1_024, ...o });

/** The publisher the tests stand for, reached through the mirror as `<base>/publisher.test/…`. */
const P = 'https://publisher.test';

const BODY = Buffer.from('Date,Price\n2026-01-15,70.5\n2026-02-15,71.25\n');

/** Answers with `body`, its length declared, and the headers given. */
const serve = (body: Buffer, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(200, { 'Content-Length': body.length, ...headers });
  res.end(body);
};

/** Answers with each handler in turn, the last one from then on. */
const inTurn = (...handlers: Handler[]): Handler => {
  let n = 0;
  return (req, res) => handlers[Math.min(n++, handlers.length - 1)](req, res);
};

const status = (code: number, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(code, headers);
  res.end();
};

async function failure(promise: Promise<unknown>): Promise<FetchFailed> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FetchFailed)) throw new Error(`expected a FetchFailed, got ${String(err)}`);
  return err;
}

const md5 = (b: Buffer, encoding: 'hex' | 'base64') => createHash('md5').update(b).digest(encoding);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('base64');

describe('the mirror mapping (TOURISM_PUBLISHER_MIRROR)', () => {
  it('fetches https://host/path?query as <base>/host/path?query, and names it back by its official address', () => {
    const official = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true';
    const via = mirrored(official, 'http://mirror.test/base/');
    expect(via).toBe('http://mirror.test/base/ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true');
    expect(unmirrored(via, 'http://mirror.test/base/')).toBe(official);
    expect(mirrored(official, null)).toBe(official);
    expect(unmirrored('https://elsewhere.test/x', 'http://mirror.test/base')).toBe('https://elsewhere.test/x');
  });

  it('asks the mirror for an official address, path and query kept', async () => {
    routes.set('/publisher.test/data/file.csv?id=A1', serve(BODY));
    const answer = await conditionalGet('https://publisher.test/data/file.csv?id=A1', null, options({ mirror: base }));
    expect(answer).toMatchObject({ kind: 'body', url: `${base}/publisher.test/data/file.csv?id=A1` });
    expect(answer.kind === 'body' && answer.body.equals(BODY)).toBe(true);
  });
});

describe('the byte bound', () => {
  it('refuses a body announced over the bound at once, without another attempt', async () => {
    routes.set('/publisher.test/big', serve(Buffer.alloc(2_048, 'x')));
    const err = await failure(conditionalGet(`${P}/big`, null, options()));
    expect(err.message).toMatch(/2048 bytes announced, over the bound of 1024/);
    expect(seen).toHaveLength(1);
  });

  it('stops reading a chunked body once it passes the bound', async () => {
    routes.set('/publisher.test/stream', (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(512, 'x'));
      res.end();
    });
    const err = await failure(conditionalGet(`${P}/stream`, null, options()));
    expect(err.message).toMatch(/more than 1024 bytes sent, over the bound/);
    expect(seen).toHaveLength(1);
  });

  it('leaves a source over the bound failed, with no files to write; a gzip unpacking past it likewise', async () => {
    const source = (address: string, unpack: Source['unpack']): Source => ({ id: 'test/file', name: 'test', publisher: 'test', address, hosts: ['publisher.test'], file: () => 'test/file.csv', unpack });
    routes.set('/publisher.test/big', serve(Buffer.alloc(2_048, 'x')));
    const big = await fetchSource(source(`${P}/big`, { kind: 'as-is' }), emptyState(), options());
    expect(big).toEqual({ outcome: 'failed', reason: expect.stringMatching(/over the bound of 1024/) });
    routes.set('/publisher.test/bomb.gz', serve(gzipSync(Buffer.alloc(64 * 1024, 'x'))));
    const bomb = await fetchSource(source(`${P}/bomb.gz`, { kind: 'gzip' }), emptyState(), options());
    expect(bomb).toEqual({ outcome: 'failed', reason: expect.stringMatching(/^bomb\.gz: the gzip stream unpacks to more than 1024 bytes/) });
  });
});

describe('a body cut short', () => {
  it('refuses a body shorter than its Content-Length (the connection dropped), after its retries', async () => {
    routes.set('/publisher.test/short', (_req, res) => {
      res.writeHead(200, { 'Content-Length': BODY.length });
      res.write(BODY.subarray(0, 10));
      setTimeout(() => res.destroy(), 20);
    });
    const err = await failure(conditionalGet(`${P}/short`, null, options({ attempts: 2 })));
    expect(err.message).toMatch(/the body broke off|bytes arrived/);
    expect(err.message).toMatch(/after 2 attempts/);
    expect(seen).toHaveLength(2);
  });

  it('refuses a chunked body whose end never came', async () => {
    routes.set('/publisher.test/chunked', (_req, res) => {
      res.writeHead(200);
      res.write(BODY.subarray(0, 10));
      setTimeout(() => res.destroy(), 20);
    });
    const err = await failure(conditionalGet(`${P}/chunked`, null, options({ attempts: 1 })));
    expect(err.message).toMatch(/the body broke off/);
  });

  it('refuses a body that stops sending, after the silence limit', async () => {
    routes.set('/publisher.test/silent', (_req, res) => {
      res.writeHead(200);
      res.write('x');
    });
    const err = await failure(conditionalGet(`${P}/silent`, null, options({ attempts: 1, idleMs: 150 })));
    expect(err.message).toMatch(/no data for 150 ms/);
  });

  it('says when the bytes arrived fall short of the Content-Length given', () => {
    expect(bodyMismatch(BODY.subarray(0, 10), new Headers({ 'Content-Length': String(BODY.length) }), 'publisher.test')).toBe(`10 of ${BODY.length} bytes arrived (file truncated?)`);
    // A body coded on the wire is decoded by fetch: its length is not the header's.
    expect(bodyMismatch(BODY, new Headers({ 'Content-Length': '10', 'Content-Encoding': 'gzip' }), 'publisher.test')).toBeNull();
  });
});

describe("checks of the body against the publisher's own headers", () => {
  it('takes a body matching its Content-MD5, refuses one that does not', async () => {
    routes.set('/publisher.test/md5-good', serve(BODY, { 'Content-MD5': md5(BODY, 'base64') }));
    routes.set('/publisher.test/md5-bad', serve(BODY, { 'Content-MD5': md5(Buffer.from('other'), 'base64') }));
    expect((await conditionalGet(`${P}/md5-good`, null, options())).kind).toBe('body');
    const err = await failure(conditionalGet(`${P}/md5-bad`, null, options({ attempts: 1 })));
    expect(err.message).toMatch(/does not match its Content-MD5/);
  });

  it('takes a body matching its Repr-Digest (sha-256), refuses one that does not', async () => {
    routes.set('/publisher.test/digest-good', serve(BODY, { 'Repr-Digest': `sha-256=:${sha256(BODY)}:` }));
    routes.set('/publisher.test/digest-bad', serve(BODY, { 'Repr-Digest': `sha-256=:${sha256(Buffer.from('other'))}:` }));
    expect((await conditionalGet(`${P}/digest-good`, null, options())).kind).toBe('body');
    const err = await failure(conditionalGet(`${P}/digest-bad`, null, options({ attempts: 1 })));
    expect(err.message).toMatch(/does not match its Repr-Digest/);
  });

  it("checks an S3 ETag (the object's MD5) for an address on amazonaws.com only", async () => {
    const bucket = 'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05';
    const wrong = `"${md5(Buffer.from('other'), 'hex')}"`;
    routes.set('/webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05/good.xlsx', serve(BODY, { ETag: `"${md5(BODY, 'hex')}"` }));
    routes.set('/webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05/bad.xlsx', serve(BODY, { ETag: wrong }));
    routes.set('/publisher.test/bad.xlsx', serve(BODY, { ETag: wrong }));
    const through = options({ mirror: base, attempts: 1 });
    expect((await conditionalGet(`${bucket}/good.xlsx`, null, through)).kind).toBe('body');
    const err = await failure(conditionalGet(`${bucket}/bad.xlsx`, null, through));
    expect(err.message).toMatch(/does not match the MD5 its S3 ETag gives/);
    // Elsewhere an ETag is the publisher's own token, not a checksum.
    expect((await conditionalGet('https://publisher.test/bad.xlsx', null, through)).kind).toBe('body');
  });
});

describe('retries', () => {
  it('retries a 5XX with backoff, each wait four times the one before', async () => {
    routes.set('/publisher.test/flaky', inTurn(status(503), status(500), serve(BODY)));
    const answer = await conditionalGet(`${P}/flaky`, null, options({ backoffMs: 40 }));
    expect(answer.kind).toBe('body');
    expect(seen).toHaveLength(3);
    const [first, second, third] = seen.map((s) => s.at);
    expect(second - first).toBeGreaterThanOrEqual(35);
    expect(third - second).toBeGreaterThanOrEqual(155);
  });

  it('gives up after its attempts, naming the address, the last answer and the attempts', async () => {
    routes.set('/publisher.test/down', status(502));
    const err = await failure(conditionalGet(`${P}/down`, null, options()));
    expect(err.message).toBe(`${base}/publisher.test/down answered 502 Bad Gateway (after 3 attempts)`);
    expect(seen).toHaveLength(3);
  });

  it('does not retry what cannot pass (404)', async () => {
    const err = await failure(conditionalGet(`${P}/missing`, null, options()));
    expect(err.message).toMatch(/answered 404/);
    expect(seen).toHaveLength(1);
  });

  it("waits as long as a 429's or a 503's Retry-After says, in place of the backoff", async () => {
    routes.set('/publisher.test/busy', inTurn(status(429, { 'Retry-After': '1' }), serve(BODY)));
    await conditionalGet(`${P}/busy`, null, options({ backoffMs: 10 }));
    expect(seen).toHaveLength(2);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    // Retry-After 0 against a backoff of a minute: the test would time out if the backoff were waited.
    seen.length = 0;
    routes.set('/publisher.test/now', inTurn(status(503, { 'Retry-After': '0' }), serve(BODY)));
    await conditionalGet(`${P}/now`, null, options({ backoffMs: 60_000 }));
    expect(seen).toHaveLength(2);
    expect(seen[1].at - seen[0].at).toBeLessThan(1_000);
  });
});

describe('redirects', () => {
  it('follows a redirect to another address', async () => {
    routes.set('/publisher.test/old', status(302, { Location: '/publisher.test/new' }));
    routes.set('/publisher.test/new', serve(BODY));
    const answer = await conditionalGet(`${P}/old`, null, options());
    expect(answer).toMatchObject({ kind: 'body', url: `${base}/publisher.test/new` });
    expect(seen.map((s) => s.path)).toEqual(['/publisher.test/old', '/publisher.test/new']);
  });

  it("follows a publisher's redirect to its own hosts through the mirror", async () => {
    routes.set('/publisher.test/latest.csv', status(301, { Location: 'https://files.publisher.test/2026/file.csv' }));
    routes.set('/files.publisher.test/2026/file.csv', serve(BODY));
    const answer = await conditionalGet('https://publisher.test/latest.csv', null, options({ mirror: base }), ['*.publisher.test']);
    expect(answer).toMatchObject({ kind: 'body', url: `${base}/files.publisher.test/2026/file.csv` });
  });

  it('gives up on a redirect loop after five hops, without retrying it', async () => {
    routes.set('/publisher.test/loop', status(307, { Location: '/publisher.test/loop' }));
    const err = await failure(conditionalGet(`${P}/loop`, null, options()));
    expect(err.message).toMatch(/answered 307 without a usable Location/);
    expect(seen).toHaveLength(6);
  });
});

describe('conditional GET', () => {
  it("sends the held copy's validators and reports a 304 as not modified", async () => {
    const etag = '"v1"';
    const lastModified = 'Mon, 20 Apr 2026 06:00:00 GMT';
    routes.set('/publisher.test/file.csv', (req, res) => {
      if (req.headers['if-none-match'] === etag) return status(304, { ETag: etag })(req, res);
      serve(BODY, { ETag: etag, 'Last-Modified': lastModified })(req, res);
    });
    const first = await conditionalGet(`${P}/file.csv`, null, options());
    expect(first).toMatchObject({ kind: 'body', etag, lastModified });
    // Every attempt counts (on a loaded machine an attempt may time out and be made again).
    expect(seen.every((r) => r.headers['if-none-match'] === undefined)).toBe(true);
    seen.length = 0;
    const again = await conditionalGet(`${P}/file.csv`, { etag, lastModified }, options());
    expect(again).toEqual({ kind: 'not-modified', url: `${base}/publisher.test/file.csv` });
    expect(seen.at(-1)?.headers).toMatchObject({ 'if-none-match': etag, 'if-modified-since': lastModified });
  });

  it('leaves a source answered 304 unchanged, its validators kept', async () => {
    routes.set('/publisher.test/file.csv', status(304));
    const url = `${P}/file.csv`;
    const held = { ...emptyState(), url, etag: '"v1"', lastModified: 'Mon, 20 Apr 2026 06:00:00 GMT', checksum: 'c'.repeat(64) };
    const source: Source = { id: 'test/file', name: 'test', publisher: 'test', address: url, hosts: ['publisher.test'], file: () => 'test/file.csv', unpack: { kind: 'as-is' } };
    expect(await fetchSource(source, held, options())).toEqual({ outcome: 'unchanged', url, etag: '"v1"', lastModified: held.lastModified });
  });
});

describe("a family of dated files (the publisher's page lists them)", () => {
  it("fetches Brazil's newest year's file and keeps it under its own name, beside the years held", async () => {
    const brazil = SOURCES.find((s) => s.id === 'mtur_brazil/chegadas');
    if (!brazil) throw new Error('no Brazil source');
    const page = new URL(brazil.address);
    const files = `https://${page.host}/files`;
    routes.set(`/${page.host}${page.pathname}`, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<a href="${files}/chegadas_2023.csv">2023</a> <a href="${files}/chegadas_2024.csv">2024</a> <a href="${files}/chegadas_2022.csv">2022</a>`);
    });
    routes.set(`/${page.host}/files/chegadas_2024.csv`, serve(BODY));
    const checked = await fetchSource(brazil, emptyState(), options({ mirror: base }));
    expect(checked).toMatchObject({ outcome: 'changed', url: `${files}/chegadas_2024.csv` });
    expect(checked.outcome === 'changed' && [...checked.files.keys()]).toEqual(['mtur_brazil/chegadas_2024.csv']);
  });
});
