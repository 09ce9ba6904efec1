/** gzip and brotli on the real server: the same body in every coding, Vary, one ETag per coding, 304s. */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAcceptEncoding } from '../../rest/compression';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One answer as sent on the wire (fetch would decode it). */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${s.url}${path}`, { headers: { 'X-API-Key': KEYS.intel, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(r: Raw): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(r.body);
  if (coding === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

const GRAPHQL = `/graphql?query=${encodeURIComponent('{ country(iso: "ES") { name series(headline: true) { alias observations(from: "2015") { period value } } } }')}`;
const TARGETS = ['/v1/countries', '/v1/arrivals?country=ES&from=2015', '/v1/arrivals?country=ES&from=2015&format=csv', GRAPHQL];

describe('Accept-Encoding', () => {
  it('picks brotli, then gzip, by q, and honours q=0', () => {
    expect(parseAcceptEncoding('gzip, deflate, br')).toBe('br');
    expect(parseAcceptEncoding('gzip')).toBe('gzip');
    expect(parseAcceptEncoding('br;q=0, gzip')).toBe('gzip');
    expect(parseAcceptEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(parseAcceptEncoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(parseAcceptEncoding('*')).toBe('br');
    expect(parseAcceptEncoding('*;q=0, gzip')).toBe('gzip');
    expect(parseAcceptEncoding('identity')).toBe('identity');
    expect(parseAcceptEncoding(undefined)).toBe('identity');
  });

  for (const target of TARGETS) {
    it(`decodes to the identical body in every coding: ${target.slice(0, 50)}`, async () => {
      // The same caller request id, so REST bodies (which carry it) are the same bytes too; twice each: worked out, then kept.
      const id = { 'X-Request-Id': 'same-id-1' };
      const plain = await raw(target, { ...id, 'Accept-Encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const coding of ['br', 'gzip'] as const) {
        for (let round = 0; round < 2; round++) {
          const r = await raw(target, { ...id, 'Accept-Encoding': coding });
          expect(r.status).toBe(200);
          expect(r.headers['content-encoding']).toBe(coding);
          expect(r.headers.vary).toContain('Accept-Encoding');
          expect(Number(r.headers['content-length'])).toBe(r.body.length);
          expect(r.body.length).toBeLessThan(plain.body.length);
          expect(decoded(r).equals(plain.body)).toBe(true);
        }
      }
      expect(plain.headers.vary).toContain('Accept-Encoding');
    });
  }

  it('carries each request its own id inside the compressed REST body', async () => {
    for (const coding of ['br', 'gzip']) {
      const a = JSON.parse(decoded(await raw('/v1/countries', { 'Accept-Encoding': coding, 'X-Request-Id': `a-${coding}` })).toString());
      const b = JSON.parse(decoded(await raw('/v1/countries', { 'Accept-Encoding': coding })).toString());
      expect(a.meta.request_id).toBe(`a-${coding}`);
      expect(b.meta.request_id).toMatch(/^req_/);
      expect(a.data).toEqual(b.data);
    }
  });

  it('sends tiny bodies as they are', async () => {
    const r = await raw('/v1/series/es.nights.total.m/latest', { 'Accept-Encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toContain('Accept-Encoding');
  });
});

describe('validators per coding', () => {
  for (const target of ['/v1/arrivals?country=FR&from=2018', GRAPHQL]) {
    it(`gives each coding its own ETag and answers 304 to it: ${target.slice(0, 40)}`, async () => {
      const etags: Record<string, string> = {};
      for (const coding of ['identity', 'br', 'gzip']) {
        const r = await raw(target, { 'Accept-Encoding': coding });
        etags[coding] = String(r.headers.etag);
        const again = await raw(target, { 'Accept-Encoding': coding, 'If-None-Match': etags[coding] });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etags[coding]);
      }
      expect(new Set(Object.values(etags)).size).toBe(3);
      expect(etags.br).toBe(`${etags.identity.slice(0, -1)}-br"`);
      // Another coding's validator does not match: the answer comes in full, in the coding asked for.
      const other = await raw(target, { 'Accept-Encoding': 'gzip', 'If-None-Match': etags.br });
      expect(other.status).toBe(200);
      expect(other.headers['content-encoding']).toBe('gzip');
    });
  }
});

describe('GET /graphql answered before Yoga', () => {
  it('refuses a caller without a valid key with the REST error body, and still serves GraphiQL without one', async () => {
    const missing = await fetch(`${s.url}${GRAPHQL}`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({ code: 'missing_api_key', request_id: missing.headers.get('x-request-id') });
    const bad = await fetch(`${s.url}${GRAPHQL}`, { headers: { 'X-API-Key': 'nope' } });
    expect((await bad.json()).error.code).toBe('invalid_api_key');
    const page = await fetch(`${s.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
  });

  it('sends a kept answer with the rate headers and the caller’s request id', async () => {
    await raw(GRAPHQL);
    const r = await raw(GRAPHQL, { 'X-Request-Id': 'kept-gql-1' });
    expect(r.status).toBe(200);
    expect(r.headers['x-request-id']).toBe('kept-gql-1');
    expect(Number(r.headers['ratelimit-limit'])).toBeGreaterThan(0);
    expect(r.headers['last-modified']).toBeTruthy();
    expect(r.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });
});
