/**
 * What a hostile caller with a free key found on /graphql, replayed against a real server on the
 * real release: developer figures read over GraphQL, lists whose size the cost did not count, and
 * a forbidden field over every country answered with one error per country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_ERRORS } from '../../src/server/graphql-plugins';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const aliases = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');

describe('plans hold on every path', () => {
  it("a free key reads no series figure: seriesById, series, a country's series", async () => {
    for (const query of [
      '{ seriesById(id: "es.arrivals.total.m") { last latestValue } }',
      '{ series(first: 1000) { nodes { last latestValue } } }',
      '{ country(iso: "ES") { series(headline: true) { last latestValue } arrivals { latestValue } } }',
    ]) {
      const { status, body } = await s.graphql(query, {}, 'free');
      expect(status, query).toBeLessThan(500);
      expect(JSON.stringify(body.data ?? {}), query).not.toMatch(/latestValue":\d/);
      expect(body.errors.every((e: { extensions: { code: string } }) => e.extensions.code === 'plan_required'), query).toBe(true);
    }
  });
});

describe('cost counts what a query asks for', () => {
  it('a thousand series with their observations, eighteen times over, is refused before it runs', async () => {
    const { status, body } = await s.graphql(
      `{ ${aliases(18, 'series(first: 1000) { ...S }')} } fragment S on SeriesConnection { nodes { observations { period value } names { name } } }`,
      {},
      'developer',
    );
    expect(status).toBeLessThan(500);
    expect(body.errors[0].extensions.code).toBe('query_too_complex');
    expect(body.extensions.cost.requested).toBeGreaterThan(body.extensions.cost.limit);
    // Refused before it ran: no data at all, not a cut-off answer.
    expect(body.data ?? null).toBeNull();
  });

  it('thirty years of holiday rules in one query are refused before any is worked out', async () => {
    const { body } = await s.graphql(`{ ${aliases(30, 'holidays(iso: "MY", year: 2100) { date }').replace(/2100/g, () => String(2070 + Math.floor(Math.random() * 30)))} }`, {}, 'free');
    expect(body.errors[0].extensions.code).toBe('query_too_complex');
  });
});

describe('errors are capped', () => {
  it('a forbidden field over every country, sixty times: one error per path pattern, at most the cap', async () => {
    const { status, body } = await s.graphql(
      `{ ${aliases(60, 'countries(first: 1000) { ...C }')} } fragment C on CountryConnection { nodes { iso arrivals { alias } } }`,
      {},
      'free',
    );
    expect(status).toBe(200);
    expect(body.errors.length).toBeLessThanOrEqual(MAX_ANSWER_ERRORS);
    expect(body.errors[0].extensions).toMatchObject({ code: 'plan_required', count: expect.any(Number) });
    expect(body.errors.at(-1).extensions).toMatchObject({ code: 'too_many_errors' });
    const counted = body.errors.reduce((n: number, e: { extensions: { count?: number } }) => n + (e.extensions.count ?? 1), 0);
    expect(counted).toBe(60 * body.data.a0.nodes.length);
    // 13,500 errors took 3.1 MB; the answer is now mostly its data.
    expect(JSON.stringify(body).length).toBeLessThan(600_000);
  });
});
