/** The HTTP contract of DECISIONS.md on the real server: statuses, error bodies, caching, HEAD, limits. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, TEST_RELEASE_DATE, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

async function expectError(res: Response, status: number, code: string, plan = 'free') {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = await res.json();
  expect(body.error).toMatchObject({ code, plan });
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.docs).toBe(`http://api.test/docs#error-${code}`);
  expect(body.error.request_id).toMatch(/^req_/);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  return body;
}

describe('status codes and error bodies', () => {
  it('400 invalid_parameter for bad values', async () => {
    for (const q of ['freq=X', 'limit=0', 'limit=1001', 'limit=abc', 'format=xml']) {
      await expectError(await s.get(`/v1/countries?${q}`), 400, 'invalid_parameter');
    }
    await expectError(await s.get('/v1/countries/ES?format=csv'), 400, 'invalid_parameter');
    await expectError(await s.get('/v1/holidays/ES?year=20x9'), 400, 'invalid_parameter');
    await expectError(await s.get('/v1/fx/latest?currency=US'), 400, 'invalid_parameter');
  });
  it('400 unknown_parameter for a parameter the endpoint does not take', async () => {
    await expectError(await s.get('/v1/countries?colour=blue'), 400, 'unknown_parameter');
  });
  it('401 without a key and with a bad key', async () => {
    await expectError(await s.get('/v1/countries', { plan: null }), 401, 'missing_api_key');
    await expectError(await s.get('/v1/countries', { plan: null, headers: { 'X-API-Key': 'wrong' } }), 401, 'invalid_api_key');
  });
  it('404 for unknown routes and countries', async () => {
    await expectError(await s.get('/v1/nowhere'), 404, 'not_found');
    await expectError(await s.get('/nowhere'), 404, 'not_found');
    await expectError(await s.get('/v1/countries/XX'), 404, 'unknown_country');
  });
  it('405 with Allow for other methods', async () => {
    const res = await s.get('/v1/countries', { method: 'POST' });
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    await expectError(res, 405, 'method_not_allowed');
  });
  it('checks run in order: route, key, plan, parameters, resources', async () => {
    await expectError(await s.get('/v1/nowhere?bad=1', { plan: null }), 404, 'not_found');
    await expectError(await s.get('/v1/countries/XX?bad=1', { plan: null }), 401, 'missing_api_key');
    await expectError(await s.get('/v1/countries/XX?bad=1'), 400, 'unknown_parameter');
  });
});

describe('envelope, caching headers and HEAD', () => {
  it('carries ETag, Last-Modified, Cache-Control, Vary and RateLimit headers; If-None-Match gives 304', async () => {
    const res = await s.get('/v1/countries/ES', { plan: 'free' });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('last-modified')).toBe(new Date(TEST_RELEASE_DATE).toUTCString());
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(res.headers.get('cache-control')!.split('=')[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(86400);
    expect(res.headers.get('vary')).toBe('X-API-Key, Accept, Accept-Encoding');
    expect(res.headers.get('ratelimit-limit')).toBe('100000');
    const again = await s.get('/v1/countries/ES', { plan: 'free', headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
  it('gives each answer its own request_id, even from the cache', async () => {
    const a = await s.json('/v1/regions', 'free');
    const b = await s.json('/v1/regions', 'free');
    expect(a.meta.request_id).not.toBe(b.meta.request_id);
    expect(a.data).toEqual(b.data);
  });
  it('HEAD gives the headers without a body', async () => {
    const res = await s.get('/v1/regions', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });
  it('serves the OpenAPI document and docs without a key', async () => {
    const doc = await (await s.get('/openapi.json', { plan: null })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths)).toContain('/v1/countries/{iso}');
    const docs = await s.get('/docs', { plan: null });
    expect(await docs.text()).toContain('id="error-plan_required"');
  });
});

describe('hostile input never gets a 5XX', () => {
  const targets = [
    `/v1/countries/${'A'.repeat(5000)}`,
    '/v1/countries/%E0%A4%A',
    '/v1/countries/ES%27%20OR%201%3D1--',
    "/v1/countries?freq=M' OR '1'='1",
    '/v1/countries/..%2F..%2Fetc%2Fpasswd',
    '/v1/../../etc/passwd',
    '/v1/countries?limit=1e3',
    `/v1/countries?cursor=${'%00'.repeat(50)}`,
    '/v1/holidays/ES?year=-1',
    '/v1/fx/latest?currency=%3Cscript%3E',
    `/v1/countries?${'a=1&'.repeat(500)}`,
  ];
  it.each(targets)('%s', async (target) => {
    const res = await s.get(target);
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
  it('a raw malformed request target', async () => {
    const status = await new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: new URL(s.url).port, path: '//%%%', headers: { 'X-API-Key': KEYS.intel } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.end();
    });
    expect(status).toBeLessThan(500);
  });
});

describe('limits and data availability', () => {
  it('429 with Retry-After over the plan rate', async () => {
    const limited = await startTestServer({ rates: 'free:3,developer:300,analyst:1200,intel:6000' });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.get('/v1/regions', { plan: 'free' })).status).toBe(200);
      const res = await limited.get('/v1/regions', { plan: 'free' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      await expectError(res, 429, 'rate_limited');
    } finally {
      await limited.close();
    }
  });
  it('503 data_unavailable before any release is built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-empty-'));
    const bare = await startTestServer({ dataDir: empty });
    try {
      await expectError(await bare.get('/v1/regions', { plan: 'free' }), 503, 'data_unavailable');
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
