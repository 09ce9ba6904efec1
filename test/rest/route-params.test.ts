/**
 * A route's parameters are its operation's variables: names, kinds from the variables' GraphQL
 * types, required-ness from non-null without a default; REST adds cursor and format. A variable
 * of a type no kind reads, a parameter nobody described, or a path name that is no variable is
 * refused where the route is defined.
 */
import { parse } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parseParam } from '../../rest/params';
import { defineRoute, type RouteParams } from '../../rest/route';
import { ROUTES } from '../../rest/routes';
import type { ArrivalSeriesQueryVariables } from '../../src/generated/operations';
import type { Freq } from '../../src/domain/types';

const route = (operation: string, extra: Record<string, unknown> = {}) => () =>
  defineRoute({ path: '/v1/fixture/{iso}', summary: 'fixture', csv: 'rows', operation: parse(operation), shape: () => ({ data: [] }), ...extra });

describe('route parameters', () => {
  it('are the variables of the operation, in its order, with REST’s cursor and format after them', () => {
    const r = route('query F($iso: CountryCode!, $from: Period, $limit: Int = 10, $after: String) { country(iso: $iso) { iso } }', {
      paging: { hasNextPage: () => false, cursorOf: () => '' },
    })();
    expect(r.pathParams).toEqual([{ name: 'iso', kind: 'CountryCode', required: true, description: 'ISO 3166 two-letter country code.' }]);
    expect(r.query.map((p) => [p.name, p.kind, p.required])).toEqual([
      ['from', 'Period', false],
      ['limit', 'Int', false],
      ['cursor', 'cursor', false],
      ['format', 'format', false],
    ]);
  });

  it('refuse a variable no kind reads, an undescribed one, a path name that is no variable, and $after off a paged route', () => {
    expect(route('query F($iso: CountryCode!, $x: Float) { country(iso: $iso) { iso } }', { params: { x: 'a float' } })).toThrow(/\$x is of type Float/);
    expect(route('query F($iso: CountryCode!, $region: String) { country(iso: $iso) { iso } region(slug: $region) { slug } }')).toThrow(/region has no description/);
    expect(route('query F($id: SeriesRef!) { seriesById(id: $id) { id } }')).toThrow(/\{iso\} is no variable/);
    expect(route('query F($iso: CountryCode!, $after: String) { country(iso: $iso) { iso } }')).toThrow(/no paging/);
  });

  it('read every route of the table, and each route names only parameters its operation has', () => {
    const arrivals = ROUTES.find((r) => r.path === '/v1/arrivals')!;
    expect(arrivals.query.map((p) => `${p.name}:${p.kind}`)).toEqual(['country:[CountryCode]', 'freq:Frequency', 'from:Period', 'to:Period', 'units:Units', 'to_freq:Frequency', 'aggregation:Aggregation', 'status:Boolean', 'provenance:Boolean', 'format:format']);
    const spend = ROUTES.find((r) => r.path === '/v1/spend')!;
    // $convert is worked out from currency, not asked for.
    expect(spend.query.map((p) => p.name)).not.toContain('convert');
    expect(ROUTES.every((r) => [...r.pathParams, ...r.query].every((p) => p.description.length > 0))).toBe(true);
  });

  it('are typed by the operation’s variables', () => {
    expectTypeOf<RouteParams<ArrivalSeriesQueryVariables>['freq']>().toEqualTypeOf<Freq | undefined>();
    expectTypeOf<RouteParams<ArrivalSeriesQueryVariables>['country']>().toEqualTypeOf<string[] | undefined>();
    expect(parseParam({ name: 'freq', kind: 'Frequency', description: '' }, 'M')).toBe('M');
  });
});
