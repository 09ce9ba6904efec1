import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('plans on GraphQL', () => {
  it('a field above the plan is a plan_required error while the rest resolves', async () => {
    const q = `{ seriesById(id: "es.nights.total.m") { alias observations(from: "2019-08", to: "2019-08") { value } } }`;
    const free = await s.graphql(q, {}, 'free');
    expect(free.status).toBe(200);
    expect(free.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'developer' });
    const dev = await s.graphql(q, {}, 'developer');
    expect(dev.body.errors).toBeUndefined();
    expect(dev.body.data.seriesById.observations[0].value).toBe(72418691);
  });

  it('a missing or bad key is HTTP 401 with the REST error body', async () => {
    const none = await s.graphql('{ regions { slug } }', {}, null);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('missing_api_key');
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'nope' },
      body: JSON.stringify({ query: '{ regions { slug } }' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_api_key');
  });

  it('serves GraphiQL to a browser without a key, and introspection to a key', async () => {
    const page = await fetch(`${s.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('GraphiQL');
    const intro = await s.graphql('{ __schema { queryType { name } } }', {}, 'free');
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
  });

  it('never answers hostile input with a 5XX', async () => {
    const bodies = [
      '{'.repeat(5000),
      `{ country(iso: "${'A'.repeat(10000)}") { iso } }`,
      `{ country(iso: "ES' OR 1=1 --") { iso } }`,
      `{ seriesById(id: "../../etc/passwd") { id } }`,
      'not graphql at all',
      `{ countries(first: -5) { nodes { iso } } }`,
      `{ countries(first: 99999999999) { nodes { iso } } }`,
      `{ seriesById(id: "es.nights.total.m") { observations(from: "2019-13") { value } } }`,
    ];
    for (const query of bodies) {
      const r = await s.graphql(query, {}, 'intel');
      expect(r.status, query.slice(0, 40)).toBeLessThan(500);
    }
    const raw = await fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'X-API-Key': 'test-key-intel', 'Content-Type': 'application/json' }, body: '{"query": ' });
    expect(raw.status).toBeLessThan(500);
  });
});
