/**
 * The cost limit holds for /v1 as for /graphql, through the same plugin (useQueryCost): a route's
 * fixed operation is held to its own bound, ROUTE_COST_LIMIT, which every normal request is under
 * and a request past it is refused with the error body before it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_COST_LIMIT } from '../../src/graphql/builder';
import { loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The costliest request a route allows today: capacity over every year a period may name (on the
 * test release, whose months bound it, about 17 million; unbounded by a release, about 292 million).
 */
const WIDEST = '/v1/capacity?from=1900&to=2100';

describe('the default route bound', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is far over the /graphql limit and admits the widest request a route allows', async () => {
    expect(ROUTE_COST_LIMIT).toBe(300_000_000);
    expect(loadConfig({}).routeCostLimit).toBe(ROUTE_COST_LIMIT);
    const res = await s.get(WIDEST);
    expect(res.status).toBe(200);
    expect((await res.json()).meta.measure).toBe('capacity');
  });
});

describe('a lower ROUTE_COST_LIMIT', () => {
  let s: TestServer;
  const logged: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ env: { ROUTE_COST_LIMIT: '10000000' }, log: (l) => logged.push(l) });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('admits a request under it', async () => {
    // About 1.5 million on the test release: over the /graphql limit, under this one.
    expect((await s.get('/v1/arrivals')).status).toBe(200);
  });

  it('refuses a request over it with the error body, its cost and the limit named', async () => {
    const res = await s.get(WIDEST);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/./);
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toMatch(/^Query cost \d+ is over the limit of 10000000\. Ask for fewer rows \(limit\) or a shorter period\.$/);
    // The caller's request, not a fault: nothing logged.
    expect(logged.filter((l) => l.includes(body.error.request_id))).toEqual([]);
  });

  it('refuses the same request again (a refusal is not cached as an answer)', async () => {
    expect((await s.get(WIDEST)).status).toBe(400);
  });

  it('leaves /graphql to its own limit', async () => {
    const r = await s.graphql('{ country(iso: "ES") { name } }');
    expect(r.status).toBe(200);
    expect(r.body.extensions.cost.limit).toBe(1_000_000);
  });
});

it('rejects a ROUTE_COST_LIMIT that is not a whole number', () => {
  expect(() => loadConfig({ ROUTE_COST_LIMIT: 'lots' })).toThrow(/ROUTE_COST_LIMIT/);
});
