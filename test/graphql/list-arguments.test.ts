/**
 * Long lists in and out. A caller may send the same codes many times over (a notebook building its
 * list in a loop): each code is checked and bound once. A full page (1000 series) has its fields
 * loaded in one batch of 1000 ids. Neither may turn into a database error behind "Unexpected error."
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
const faults: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ log: (line) => faults.push(line) });
});
afterAll(async () => s.close());

const many = <T>(value: T) => Array.from({ length: 50_000 }, () => value);

it('answers a series filter, a countries list, gaps and exchange rates given 50,000 codes', async () => {
  const once = await s.graphql('{ series(filter: { country: ["ES"] }) { totalCount } }', {}, 'intel');
  const { body } = await s.graphql(
    `query Long($c: [CountryCode!], $cur: [CurrencyCode!]) {
      series(filter: { country: $c }, first: 2) { totalCount }
      countries(isos: $c) { totalCount nodes { iso } }
      gaps(countries: $c) { country }
      fxLatest(currencies: $cur) { quotes { quote } }
    }`,
    { c: [...many('ES'), 'fr'], cur: many('usd') },
    'intel',
  );
  expect(body.errors).toBeUndefined();
  expect(body.data.series.totalCount).toBeGreaterThan(once.body.data.series.totalCount);
  expect(body.data.countries.nodes.map((n: { iso: string }) => n.iso)).toEqual(['ES', 'FR']);
  expect(new Set(body.data.gaps.map((g: { country: string }) => g.country))).toEqual(new Set(['ES', 'FR']));
  expect(body.data.fxLatest.quotes).toEqual([{ quote: 'USD' }]);
  expect(faults).toEqual([]);
});

// The search's page is of annual series, as series(first: 1000) happens to be: its ranking puts
// monthly headline series first, whose `latest` reads a few hundred observations each.
it('serves a full page of 1000 series with fields loaded in one batch (more ids than SQLite once allowed)', async () => {
  const fields = 'alias breakdown member scale multiplier currency latest { period value } latestValue lastRevised country { iso }';
  const { body } = await s.graphql(`{
    series(first: 1000) { nodes { ${fields} } }
    seriesSearch(q: "ES", freq: A, first: 1000) { nodes { ${fields} } }
  }`, {}, 'intel');
  expect(body.errors).toBeUndefined();
  expect(body.data.series.nodes).toHaveLength(1000);
  expect(body.data.seriesSearch.nodes.length).toBeGreaterThan(999);
  expect(faults).toEqual([]);
});
