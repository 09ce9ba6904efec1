/**
 * /v1 through Yoga's front door (src/server/rest-plugin.ts): an answer computed inside Yoga and the
 * same answer cached in front of it carry the same status, headers and body; Yoga's own answers
 * for paths ending in /health or /graphql do not reach /v1; HEAD and methods a fetch Request
 * cannot carry are answered as before.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** A request as node:http sends it (fetch cannot send TRACE). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.url}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutPerRequest = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, 'ratelimit-remaining': _left, 'cache-control': _cc, ...rest } = headers;
  return rest;
};

it('answers the same bytes computed inside Yoga and cached in front of it', async () => {
  const path = '/v1/countries/FR';
  const headers = { 'X-API-Key': KEYS.intel };
  const first = await raw('GET', path, headers);
  const second = await raw('GET', path, headers);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(withoutPerRequest(second.headers)).toEqual(withoutPerRequest(first.headers));
  const id = (body: string) => JSON.parse(body).meta.request_id;
  expect(second.body.replace(id(second.body), '')).toBe(first.body.replace(id(first.body), ''));
});

it('answers HEAD of an answer not yet cached with its head and no body', async () => {
  const head = await raw('HEAD', '/v1/countries/PT', { 'X-API-Key': KEYS.intel });
  const get = await raw('GET', '/v1/countries/PT', { 'X-API-Key': KEYS.intel });
  expect(head.status).toBe(200);
  expect(head.body).toBe('');
  expect(head.headers['content-length']).toBe(get.headers['content-length']);
  expect(head.headers.etag).toBe(get.headers.etag);
});

it("leaves /v1 paths ending in /health or /graphql to /v1, not to Yoga's health check or GraphiQL", async () => {
  // Admitted and not cached, the last two reach Yoga, whose health check and GraphiQL match a URL's end.
  for (const path of ['/v1/health', '/v1/graphql', '/v1/series/search?q=/health', '/v1/series/search?q=/graphql']) {
    const res = await raw('GET', path, { 'X-API-Key': KEYS.intel, Accept: 'text/html' });
    expect(res.status, path).toBe(path.includes('?') ? 200 : 404);
    expect(res.headers['content-type'], path).toBe('application/json; charset=utf-8');
    expect(res.headers['x-yoga-id'], path).toBeUndefined();
  }
  expect((await raw('GET', '/v1/health')).status).toBe(404);
});

it('answers TRACE, which a fetch Request cannot carry, with a 405 naming GET and HEAD', async () => {
  const res = await raw('TRACE', '/v1/countries', { 'X-API-Key': KEYS.intel });
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe('GET, HEAD');
  expect(JSON.parse(res.body).error.code).toBe('method_not_allowed');
});
