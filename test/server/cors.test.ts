/**
 * Browser notebooks call the API from other origins: a page served by a second loopback server
 * fetches /v1 and /graphql with its key in headless Chromium and reads ETag and RateLimit-*;
 * preflights are answered before any key check; CORS_ORIGINS limits who may call.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

const PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>notebook</title></head><body>a notebook on another origin</body></html>';

let s: TestServer;
let notebook: http.Server;
let notebookUrl: string;
let browser: Browser;
beforeAll(async () => {
  s = await startTestServer();
  notebook = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => notebook.listen(0, '127.0.0.1', resolve));
  notebookUrl = `http://127.0.0.1:${(notebook.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => notebook?.close(resolve));
  await s?.close();
});

it('a page on another origin fetches /v1 and /graphql with its key, and reads ETag and RateLimit-*', async () => {
  const page = await browser.newPage();
  await page.goto(notebookUrl);
  expect(new URL(page.url()).origin).not.toBe(new URL(s.url).origin);
  const result = await page.evaluate(
    async ({ api, key }) => {
      const first = await fetch(`${api}/v1/countries/ES`, { headers: { 'X-API-Key': key } });
      const body = await first.json();
      const etag = first.headers.get('ETag');
      const again = await fetch(`${api}/v1/countries/ES`, { headers: { 'X-API-Key': key, 'If-None-Match': etag ?? '' }, cache: 'no-store' });
      const gql = await fetch(`${api}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ query: '{ country(iso: "ES") { name } }' }),
      });
      return {
        status: first.status,
        iso: body.data.iso,
        etag,
        limit: first.headers.get('RateLimit-Limit'),
        remaining: first.headers.get('RateLimit-Remaining'),
        requestId: first.headers.get('X-Request-Id'),
        revalidated: again.status,
        graphql: (await gql.json()).data?.country?.name,
        graphqlRemaining: gql.headers.get('RateLimit-Remaining'),
      };
    },
    { api: s.url, key: KEYS.developer },
  );
  expect(result).toMatchObject({ status: 200, iso: 'ES', revalidated: 304, graphql: 'Spain' });
  expect(result.etag).toMatch(/^"[\w-]+"$/);
  expect(Number(result.limit)).toBeGreaterThan(0);
  expect(Number(result.remaining)).toBeGreaterThan(0);
  expect(result.requestId).toMatch(/^req_/);
  expect(Number(result.graphqlRemaining)).toBeGreaterThan(0);
  await page.close();
});

describe('preflight', () => {
  const preflight = (url: string, origin: string, method = 'GET') =>
    fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'x-api-key, if-none-match' } });

  it('is answered before the key check on /v1 and /graphql', async () => {
    for (const [p, method] of [['/v1/countries/ES', 'GET'], ['/graphql', 'POST'], ['/v1/nowhere', 'GET']]) {
      const res = await preflight(`${s.url}${p}`, 'https://observablehq.com', method);
      expect(res.status, p).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
      expect(res.headers.get('access-control-allow-methods')).toContain(method);
    }
    // An OPTIONS that is not a preflight is still refused as the contract says.
    const plain = await s.get('/v1/countries', { method: 'OPTIONS' });
    expect(plain.status).toBe(405);
    expect((await plain.json()).error.code).toBe('method_not_allowed');
  });

  it('answers without CORS headers when no Origin is sent, and exposes the headers when one is', async () => {
    expect((await s.get('/v1/countries/ES')).headers.get('access-control-allow-origin')).toBeNull();
    const res = await s.get('/v1/countries/ES', { headers: { Origin: 'https://jupyter.org' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag.*RateLimit-Limit.*RateLimit-Remaining.*RateLimit-Reset.*Retry-After/);
    const refused = await s.get('/v1/countries/ES', { plan: null, headers: { Origin: 'https://jupyter.org' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('CORS_ORIGINS lets only the listed origins in', async () => {
    const limited = await startTestServer({ corsOrigins: 'https://observablehq.com, https://notebooks.example.org/' });
    try {
      const ok = await preflight(`${limited.url}/v1/countries`, 'https://notebooks.example.org');
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://notebooks.example.org');
      expect(ok.headers.get('vary')).toBe('Origin');
      const other = await preflight(`${limited.url}/v1/countries`, 'https://elsewhere.example');
      expect(other.status).toBe(204);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const answer = await limited.get('/v1/countries/ES', { headers: { Origin: 'https://elsewhere.example' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await limited.close();
    }
  });
});
