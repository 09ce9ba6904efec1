/**
 * The pages' headers on the real server: /docs, a guide and GraphiQL send a Content-Security-Policy
 * that fits what they load (GraphiQL's inline scripts by hash), `frame-ancestors 'none'` and
 * `nosniff`; an explorer asset asked with `gzip;q=0` comes as it is. Whether the pages still work
 * under their policies is checked in a browser by docs-page.test.ts and graphiql.test.ts.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** The directives of a policy, by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

describe('/docs and its guides', () => {
  it.each(['/docs', '/docs/guides/csv', '/docs/init.js', '/docs/assets/swagger-ui-bundle.js', '/openapi.json'])('%s: a policy of this origin only, no framing, no sniffing', async (path) => {
    const res = await s.get(path, { plan: null });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('GraphiQL', () => {
  it('allows exactly its inline scripts, by hash; no framing, no sniffing', async () => {
    const res = await s.get('/graphql', { plan: null, headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = directives(res.headers.get('content-security-policy'));
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
    expect(inline.length).toBeGreaterThanOrEqual(2);
    expect(csp.get('script-src')).toEqual(inline);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // A query answer is JSON, not a page: no page policy needed there.
    const answer = await s.get('/graphql?query=%7B__typename%7D', { plan: 'free', headers: { Accept: 'application/json' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { __typename: 'Query' } });
  });
});

describe('explorer assets', () => {
  it('honour q=0: gzip;q=0, identity gets the bytes as they are; gzip gets gzip', async () => {
    const plain = await s.get('/explore/assets/explorer.js', { plan: null, headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainLength = Number(plain.headers.get('content-length'));
    await plain.arrayBuffer();
    const gzip = await s.get('/explore/assets/explorer.js', { plan: null, headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzip.headers.get('content-length'))).toBeLessThan(plainLength);
    await gzip.arrayBuffer();
    const refused = await s.get('/explore/assets/explorer.css', { plan: null, headers: { 'Accept-Encoding': 'br, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    await refused.arrayBuffer();
  });
});
