/**
 * List arguments of any length: a caller may send the same codes many times over (a notebook
 * building its list in a loop). Each code is checked and bound once, so a long list is answered,
 * never turned into a database error behind "Unexpected error."
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
    `query Long($c: [String!], $cur: [String!]) {
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
