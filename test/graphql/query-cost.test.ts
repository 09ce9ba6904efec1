/**
 * The cost model (src/graphql/cost.ts) on the queries it must admit and the ones it must refuse:
 * DECISIONS.md's nested query of every country's headline series with ten years of months fits the
 * limit; a page's size, the months asked for and the work of computed fields count.
 */
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { parse, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/domain/types';
import { QUERY_LIMITS } from '../../src/graphql/builder';
import { schema } from '../../src/graphql/schema';
import { withTestSnapshot } from '../helpers/snapshot';

const release = withTestSnapshot();

/** The cost /graphql counts for a query on the test release. */
function costOf(document: DocumentNode, variables: Record<string, unknown> = {}): number {
  return complexityFromQuery(document, { schema, ctx: { snapshot: release.snapshot }, variables }).complexity;
}
const cost = (query: string) => costOf(parse(query));

const EVERY_COUNTRY_TEN_YEARS =
  '{ countries(first: 250) { nodes { iso name series(headline: true) { alias unit observations(from: "2015-01", to: "2024-12") { period value } } } } }';

describe('the limit', () => {
  it("admits every country's headline series with ten years of monthly observations", () => {
    const c = cost(EVERY_COUNTRY_TEN_YEARS);
    console.log(`every country's headline series, 10 years of months: cost ${c} of ${QUERY_LIMITS.complexity}`);
    expect(c).toBeLessThanOrEqual(QUERY_LIMITS.complexity);
  });
});

describe('what counts', () => {
  it("a page's size: series(first: 1000) costs a thousand times series(first: 1)", () => {
    const one = cost('{ series(first: 1) { nodes { alias observations { period value } } } }');
    const thousand = cost('{ series(first: 1000) { nodes { alias observations { period value } } } }');
    expect(thousand).toBeGreaterThan(900 * one);
  });

  it("the release bounds a list: countries(first: 1000) counts the countries held", () => {
    const all = cost('{ countries(first: 1000) { nodes { iso } } }');
    // The connection, then per country its nodes entry and iso.
    expect(all).toBe(1 + release.snapshot.sizes.countries * 2);
    expect(cost('{ countries(first: 1000, isos: ["ES", "FR"]) { nodes { iso } } }')).toBe(1 + 2 * 2);
  });

  it('the months asked for: ten years of observations cost ten times one year', () => {
    const year = cost('{ seriesById(id: "x") { observations(from: "2019", to: "2019") { period value } } }');
    const decade = cost('{ seriesById(id: "x") { observations(from: "2010", to: "2019") { period value } } }');
    expect(year).toBe(1 + 1 + 12 * 2);
    expect(decade).toBe(1 + 1 + 120 * 2);
  });

  it('fields that compute: 30 country-years of holidays are over the limit', () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `y${i}: holidays(iso: "MY", year: ${2070 + i}) { date }`).join(' ');
    expect(cost(`{ ${aliases} }`)).toBeGreaterThan(QUERY_LIMITS.complexity);
  });

  it('what a hostile review sent is over the limit', () => {
    const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
    expect(cost(aliases(18, 'series(first: 1000) { nodes { observations { period value } timeline { period } names { name } } }'))).toBeGreaterThan(QUERY_LIMITS.complexity);
    expect(cost(aliases(4, 'countries(first: 1000) { nodes { economy { years { year } } } }'))).toBeGreaterThan(QUERY_LIMITS.complexity);
    expect(PLANS).toContain('analyst');
  });
});
