/**
 * A body over the limit is refused with a 413 the client can read (not a reset connection while it
 * is still sending), on every path that may be sent a body.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const MB = 1024 * 1024;

/** A GraphQL request padded to `bytes` with a long variable. */
function bigQuery(bytes: number): string {
  return JSON.stringify({ query: '{ status { ok } }', variables: { pad: 'x'.repeat(bytes) } });
}

/** POSTs with node:http, with a Content-Length or chunked, and resolves with the answer or the socket error. */
function post(path: string, body: string, chunked: boolean): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(path, s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-API-Key': KEYS.intel,
        ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': Buffer.byteLength(body) }),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // Written in 64 KB pieces, as a client streaming a large upload would.
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; at += 64 * 1024) req.write(bytes.subarray(at, at + 64 * 1024));
    req.end();
  });
}

describe('a request body over the limit', () => {
  it('POST /graphql of 8 MB gets a 413 JSON error, with a length or chunked', async () => {
    for (const chunked of [false, true]) {
      const res = await post('/graphql', bigQuery(8 * MB), chunked);
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers.connection).toBe('close');
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'payload_too_large', plan: 'free', docs: 'http://api.test/docs#error-payload_too_large' });
      expect(error.message).toMatch(/over 1 MB/);
      expect(error.request_id).toMatch(/^req_/);
    }
  });

  it('fetch sees the 413 too, not a reset', async () => {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.intel },
      body: bigQuery(6 * MB),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('a body just under the limit is still answered', async () => {
    const res = await post('/graphql', bigQuery(900_000), false);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.status.ok).toBe(true);
  });

  it('a large body sent to a path that takes none gets its refusal, readable', async () => {
    const v1 = await post('/v1/countries', 'x'.repeat(8 * MB), false);
    expect(v1.status).toBe(405);
    expect(JSON.parse(v1.body).error.code).toBe('method_not_allowed');
    const other = await post('/healthz', 'x'.repeat(8 * MB), true);
    expect(other.status).toBe(405);
    expect(JSON.parse(other.body).error.code).toBe('method_not_allowed');
    // The connection served on: the next request is answered.
    expect((await s.get('/v1/status')).status).toBe(200);
  });
});
