import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
const statements: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ onQuery: (sql) => statements.push(sql) });
});
afterAll(async () => s.close());

const NESTED = `query Nested {
  countries(first: 1000) {
    nodes {
      iso name monthly latest measures
      region { slug name }
      peers { iso }
      series(headline: true) {
        id alias name unit freq
        table { code publisher }
        observations(from: "2016", to: "2025") { period value status }
      }
    }
  }
}`;

it('resolves a nested query over every country in a constant number of SQL statements', async () => {
  statements.length = 0;
  const { status, body } = await s.graphql(NESTED);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  const countries = body.data.countries.nodes;
  expect(countries.length).toBeGreaterThan(200);
  const es = countries.find((c: any) => c.iso === 'ES');
  const nights = es.series.find((x: any) => x.alias === 'es.nights.total.m');
  expect(nights.observations.find((o: any) => o.period === '2019-08').value).toBe(72418691);
  expect(nights.observations[0].period).toBe('2016-01');
  // One statement per level of the query (countries, series, names, tables, observations, regions, peers),
  // however many countries there are. A level can be read in a few batches: resolvers yield the event
  // loop every 10 ms (src/db/turns.ts), and a batch holds the loads of the resolvers waiting when it began,
  // so a busy machine splits a level more often (9–10 statements alone, up to 17 beside other tests);
  // observations are read 250 series a statement (src/graphql/loaders.ts). One per country would be 225 a level.
  const count = statements.length;
  const levels = new Set(statements.map((sql) => sql.slice(0, sql.indexOf(' FROM '))));
  expect(levels.size).toBeLessThanOrEqual(10);
  expect(count).toBeLessThanOrEqual(24);
  console.log(`nested query over ${countries.length} countries: ${count} SQL statements`);
});

it('fits the cost limit, and a deeper or costlier query gets a clear error', async () => {
  const deep = `{ countries { nodes { region { countries { region { countries { region { countries { region { countries { region { countries { iso } } } } } } } } } } } } }`;
  const r = await s.graphql(deep);
  expect(r.status).toBe(200);
  expect(r.body.errors[0].message).toMatch(/depth|complexity/);
  expect(r.body.errors[0].extensions.code).toBe('query_too_complex');
});

it('answers a repeated query from the response cache without touching the database', async () => {
  const query = '{ country(iso: "FR") { name series(headline: true) { alias } } }';
  // Kept from its second ask (src/graphql/result-cache.ts, admits).
  await s.graphql(query);
  await s.graphql(query);
  statements.length = 0;
  const again = await s.graphql(query);
  expect(again.body.data.country.name).toBe('France');
  expect(statements).toHaveLength(0);
});
