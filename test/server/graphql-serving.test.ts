/**
 * /graphql served as REST is: the same key, plan and rate checks and error bodies, GET answers with
 * ETag/304 and Cache-Control to the next load, repeated queries from the answer cache; and every answer
 * carries its cost, with a rateLimit field, as GitHub's and Shopify's GraphQL APIs do.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { secondsToNextLoad } from '../../rest/answer-bytes';
import { QUERY_LIMITS } from '../../src/graphql/builder';
import { documentText, KEEP_COST_MAX } from '../../src/graphql/result-cache';
import { ROUTES } from '../../rest/routes';
import { KEYS, startTestServer, TEST_NOW, type TestServer } from '../helpers/server';

let s: TestServer;
const statements: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ rates: 'free:3,developer:100000,analyst:100000,intel:100000', onQuery: (q) => statements.push(q) });
});
afterAll(async () => s.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'X-API-Key': KEYS.intel, Accept: 'application/json', ...headers } });

it('reports the cost of every query and its limit in extensions.cost', async () => {
  const r = await s.graphql('{ country(iso: "ES") { name series(headline: true) { alias } } }');
  expect(r.body.errors).toBeUndefined();
  expect(r.body.extensions.cost).toEqual({ requested: expect.any(Number), limit: QUERY_LIMITS.complexity });
  expect(r.body.extensions.cost.requested).toBeGreaterThan(1);
});

it('refuses a query over the cost limit with an error naming its cost and the limit', async () => {
  const r = await s.graphql('{ country(iso: "ES") { peers { peers { peers { peers { iso name iso3 m49 } } } } } }');
  expect(r.status).toBe(200);
  expect(r.body.data).toBeUndefined();
  const [error] = r.body.errors;
  expect(error.extensions.code).toBe('query_too_complex');
  const { requested, limit } = error.extensions.cost;
  expect(requested).toBeGreaterThan(limit);
  expect(error.message).toBe(`Query cost ${requested} is over the limit of ${limit}.`);
});

it('tells the caller where it stands in rateLimit, and never keeps such an answer', async () => {
  const q = '{ rateLimit { limit remaining resetAt } }';
  const first = await s.graphql(q, {}, 'developer');
  const second = await s.graphql(q, {}, 'developer');
  expect(first.body.data.rateLimit.limit).toBe(100000);
  expect(second.body.data.rateLimit.remaining).toBe(first.body.data.rateLimit.remaining - 1);
  expect(Date.parse(second.body.data.rateLimit.resetAt)).toBeGreaterThan(Date.now() - 1000);
});

it('admits callers with the REST checks and error bodies, rate limit included', async () => {
  const codes = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.free },
      body: JSON.stringify({ query: `{ regions { slug } }` }),
    });
    codes.push(res.status);
    if (res.status === 429) {
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      const body = await res.json();
      expect(body.error).toMatchObject({ code: 'rate_limited', message: "Over the free plan's 3 requests per minute.", plan: 'free' });
    } else {
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    }
  }
  expect(codes).toEqual([200, 200, 200, 429]);
});

it('answers GET with an ETag and Cache-Control to the next load, a 304 to a matching validator, and repeats from the cache', async () => {
  const query = '{ country(iso: "PT") { name series(headline: true) { alias } } }';
  const first = await get(query);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers.get('cache-control')).toBe(`private, max-age=${secondsToNextLoad(new Date(TEST_NOW))}`);
  expect(first.headers.get('last-modified')).toBeTruthy();
  const body = await first.text();
  // A composed query is cached from its second ask (src/graphql/result-cache.ts, admits).
  await (await get(query)).arrayBuffer();
  statements.length = 0;
  const again = await get(query);
  expect(await again.text()).toBe(body);
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  expect(statements).toHaveLength(0);
  const notModified = await get(query, { 'If-None-Match': etag! });
  expect(notModified.status).toBe(304);
  expect(await notModified.text()).toBe('');
  // Another plan gets its own validator: answers differ by plan.
  const dev = await fetch(`${s.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'X-API-Key': KEYS.developer, Accept: 'application/json' } });
  expect(dev.headers.get('etag')).not.toBe(etag);
});

it('answers a repeated POST from its cached bytes, as Yoga sent them: the same body and headers, no validator, no statement', async () => {
  const ask = () =>
    fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.intel, 'Accept-Encoding': 'br' },
      body: JSON.stringify({ query: 'query Lux($iso: CountryCode!) { country(iso: $iso) { name latest } }', variables: { iso: 'LU' }, operationName: 'Lux' }),
    });
  await (await ask()).arrayBuffer();
  const cached = await ask(); // cached from its second ask, by Yoga
  const cachedBody = await cached.text();
  statements.length = 0;
  const again = await ask(); // answered in front of Yoga (src/server/graphql-cached.ts)
  expect(await again.text()).toBe(cachedBody);
  expect(statements).toHaveLength(0);
  const names = (r: Response) => [...r.headers.keys()].filter((k) => !['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset'].includes(k)).sort();
  expect(names(again)).toEqual(names(cached));
  expect(again.headers.get('etag')).toBeNull();
  expect(again.headers.get('x-request-id')).not.toBe(cached.headers.get('x-request-id'));
});

it('does not keep answers with errors', async () => {
  const q = '{ spain: country(iso: "ES") { name } bad: country(iso: "ZZ") { name } }';
  await s.graphql(q);
  statements.length = 0;
  const again = await s.graphql(q);
  expect(again.body.errors[0].extensions.code).toBe('unknown_country');
  expect(statements.length).toBeGreaterThan(0);
});

it('refuses a query over the token limit before parsing it all, as a client error', async () => {
  const many = `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
  const r = await s.graphql(many);
  expect(r.status).toBeLessThan(500);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors[0].message).toMatch(/Syntax Error: Document contains more th\w+ \d+ tokens/);
  const deep = `{ ${'countries { '.repeat(2000)}iso${' }'.repeat(2000)} }`;
  const d = await s.graphql(deep);
  expect(d.status).toBeLessThan(500);
});

it('answers a malformed request with the error body of DECISIONS.md, never a 5XX or an empty body', async () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${s.url}/graphql`, { method: 'POST', body, headers: { 'X-API-Key': KEYS.intel, ...headers } });
  const cases: [string, Promise<Response>, number, string][] = [
    ['body not JSON', post('{bad', { 'Content-Type': 'application/json' }), 400, 'invalid_parameter'],
    // Yoga's reader threw on these and the request ended in a 500.
    ['GET variables not JSON', fetch(`${s.url}/graphql?query=${encodeURIComponent('{ __typename }')}&variables=%7Bbad`, { headers: { 'X-API-Key': KEYS.intel } }), 400, 'invalid_parameter'],
    ['PUT', fetch(`${s.url}/graphql`, { method: 'PUT', headers: { 'X-API-Key': KEYS.intel } }), 405, 'method_not_allowed'],
    ['a mutation over GET', get('mutation { x }'), 405, 'method_not_allowed'],
    ['no Content-Type', post('{"query":"{ __typename }"}', {}), 415, 'unsupported_media_type'],
    ['Accept: text/csv', get('{ __typename }', { Accept: 'text/csv' }), 406, 'not_acceptable'],
  ];
  for (const [what, answer, status, code] of cases) {
    const res = await answer;
    const body = await res.json();
    expect({ what, status: res.status, code: body.error?.code }).toEqual({ what, status, code });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(body.error).toEqual({ code, message: expect.any(String), plan: 'free', docs: expect.stringMatching(new RegExp(`/docs#error-${code}$`)), request_id: res.headers.get('x-request-id') });
    // What the JSON reader said of the body stays on our side.
    expect(JSON.stringify(body)).not.toContain('originalError');
  }
  const put = await fetch(`${s.url}/graphql`, { method: 'PUT', headers: { 'X-API-Key': KEYS.intel } });
  expect(put.headers.get('allow')).toBe('GET, POST');
  // A GraphQL client that asked for application/graphql-response+json still reads its errors, with their locations.
  const invalid = await post('{"query":"{ nope }"}', { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json' });
  expect(invalid.status).toBe(400);
  expect(invalid.headers.get('content-type')).toContain('application/graphql-response+json');
  const body = await invalid.json();
  expect(body.error.code).toBe('invalid_parameter');
  expect(body.errors[0]).toMatchObject({ message: 'Cannot query field "nope" on type "Query".', locations: [{ line: 1, column: 3 }] });
});

/** Lookups of cached answers the metrics counted so far, for one surface and result. */
async function lookups(cache: 'rest' | 'graphql', result: 'hit' | 'miss'): Promise<number> {
  const text = await s.app.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`answer_cache_lookups_total{cache="${cache}",result="${result}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

it('keeps one result for a /v1 route and the same operation asked of /graphql', async () => {
  const route = ROUTES.find((r) => r.path === '/v1/countries/{iso}')!;
  expect((await s.get('/v1/countries/BE', { plan: 'intel' })).status).toBe(200);
  statements.length = 0;
  const r = await fetch(`${s.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.intel },
    body: JSON.stringify({ query: documentText(route.operation), variables: { iso: 'BE' } }),
  });
  expect(r.status).toBe(200);
  expect((await r.json()).data.country.iso).toBe('BE');
  // The route's execution cached the result: the query is answered with it, without reading the release.
  expect(statements).toHaveLength(0);
});

it(`keeps the results of queries costing up to ${KEEP_COST_MAX}, not of costlier ones`, async () => {
  const cheap = '{ countries(first: 1000) { nodes { iso name } } }';
  const costly = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: countries(first: 1000) { nodes { iso name } }`).join(' ')} }`;
  for (const [query, cached] of [[cheap, true], [costly, false]] as const) {
    const first = await s.graphql(query, {}, 'intel');
    expect(first.body.extensions.cost.requested > KEEP_COST_MAX).toBe(!cached);
    await s.graphql(query, {}, 'intel'); // cached from its second ask, if at all
    const hits = await lookups('graphql', 'hit');
    await s.graphql(query, {}, 'intel');
    expect(await lookups('graphql', 'hit'), query.slice(0, 40)).toBe(hits + (cached ? 1 : 0));
  }
});
