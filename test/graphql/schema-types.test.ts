/** Enums, the Period scalar, cursor connections and units, as a GraphQL caller sees them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALES } from '../../src/domain/scale';
import { FREQS, MEASURES, OBS_STATUSES, PLANS } from '../../src/domain/types';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

async function data(query: string, variables: Record<string, unknown> = {}) {
  const { status, body } = await s.graphql(query, variables);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('enums', () => {
  it('lists the values of the code’s own lists', async () => {
    const d = await data(`{
      m: __type(name: "Measure") { enumValues { name } }
      f: __type(name: "Frequency") { enumValues { name } }
      o: __type(name: "ObservationStatus") { enumValues { name } }
      s: __type(name: "Scale") { enumValues { name } }
      p: __type(name: "Plan") { enumValues { name } }
      r: __type(name: "UnTourismRegion") { enumValues { name } }
    }`);
    const names = (t: { enumValues: { name: string }[] }) => t.enumValues.map((v) => v.name);
    expect(names(d.m)).toEqual([...MEASURES].sort());
    expect(names(d.f)).toEqual([...FREQS].sort());
    expect(names(d.o)).toEqual([...OBS_STATUSES].sort());
    expect(names(d.s)).toEqual([...SCALES].sort());
    expect(names(d.p)).toEqual([...PLANS].sort());
    expect(names(d.r)).toEqual(['africa', 'americas', 'asia_pacific', 'europe', 'middle_east']);
  });

  it('refuses a value outside the enum, naming the type', async () => {
    const r = await s.graphql('{ series(filter: { measure: visitors }) { totalCount } }');
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors[0].message).toMatch(/"visitors".*"Measure"|Measure.*visitors/);
  });

  it('filters countries by UN Tourism region', async () => {
    const d = await data('{ countries(region: asia_pacific, first: 1000) { nodes { iso region { code } } } }');
    expect(d.countries.nodes.map((c: any) => c.iso)).toContain('JP');
    expect(new Set(d.countries.nodes.map((c: any) => c.region.code))).toEqual(new Set(['asia_pacific']));
  });
});

describe('Period scalar', () => {
  it('takes YYYY, YYYY-Qn and YYYY-MM', async () => {
    const d = await data(
      `{ seriesById(id: "es.nights.total.m") { a: observations(from: "2019", to: "2019") { period } q: observations(from: "2019-Q3", to: "2019-Q3") { period } m: observations(from: "2019-08", to: "2019-08") { period } } }`,
    );
    expect(d.seriesById.a).toHaveLength(12);
    expect(d.seriesById.q.map((o: any) => o.period)).toEqual(['2019-07', '2019-08', '2019-09']);
    expect(d.seriesById.m).toEqual([{ period: '2019-08' }]);
  });

  it('rejects anything else with a clear error, inline or as a variable', async () => {
    const inline = await s.graphql('{ seriesById(id: "es.nights.total.m") { observations(from: "2019-13") { value } } }');
    expect(inline.status).toBeLessThan(500);
    expect(inline.body.errors[0].message).toContain('Period must be YYYY, YYYY-MM or YYYY-Qn');
    const variable = await s.graphql('query ($from: Period) { seriesById(id: "es.nights.total.m") { observations(from: $from) { value } } }', { from: '19-08' });
    expect(variable.status).toBeLessThan(500);
    expect(variable.body.errors[0].message).toContain('Period must be YYYY, YYYY-MM or YYYY-Qn');
  });

  it('reads codes, series references and years by scalars of their own, refused in the words of their REST parameters', async () => {
    const ok = await s.graphql('query ($iso: CountryCode!, $id: SeriesRef!) { country(iso: $iso) { iso } seriesById(id: $id) { alias } tourismIntensity(year: 2019) { year } }', { iso: 'es', id: 'ES.Nights.Total.M' });
    expect(ok.body.data).toMatchObject({ country: { iso: 'ES' }, seriesById: { alias: 'es.nights.total.m' }, tourismIntensity: { year: 2019 } });
    for (const [query, variables, words] of [
      ['{ country(iso: 12) { iso } }', {}, 'CountryCode must be an ISO 3166 two-letter code, got 12.'],
      ['query ($iso: CountryCode!) { country(iso: $iso) { iso } }', { iso: 'ESP' }, 'CountryCode must be an ISO 3166 two-letter code, got "ESP".'],
      ['{ holidays(iso: "ES", year: 3000) { date } }', {}, 'Year must be a year such as 2019, got 3000.'],
      ['{ seriesById(id: "es nights") { id } }', {}, 'SeriesRef must be a series id (sr_…) or alias'],
      ['{ fxLatest(currencies: ["EURO"]) { base } }', {}, 'CurrencyCode must be an ISO 4217 code such as USD, got "EURO".'],
    ] as const) {
      const refused = await s.graphql(query, variables);
      expect(refused.status, query).toBeLessThan(500);
      expect(refused.body.errors[0].message, query).toContain(words);
      expect(refused.body.errors[0].extensions.code, query).toBe('invalid_parameter');
    }
  });
});

describe('connections', () => {
  it('series(filter) lists series by country, measure, breakdown and frequency, with totalCount and pageInfo', async () => {
    const filter = { country: ['ES', 'FR', 'IT'], measure: 'arrivals', breakdown: 'total' };
    const q = `query ($filter: SeriesFilter, $after: String) {
      series(filter: $filter, first: 2, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { alias } } nodes { alias } }
    }`;
    const first = await data(q, { filter });
    expect(first.series.totalCount).toBe(6);
    expect(first.series.nodes.map((n: any) => n.alias)).toEqual(['es.arrivals.total.a', 'es.arrivals.total.m']);
    expect(first.series.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.series.edges[1].cursor).toBe(first.series.pageInfo.endCursor);
    const seen = [...first.series.nodes];
    let page = first.series;
    while (page.pageInfo.hasNextPage) {
      page = (await data(q, { filter, after: page.pageInfo.endCursor })).series;
      seen.push(...page.nodes);
    }
    expect(seen.map((n: any) => n.alias)).toEqual([
      'es.arrivals.total.a', 'es.arrivals.total.m', 'fr.arrivals.total.a', 'fr.arrivals.total.m', 'it.arrivals.total.a', 'it.arrivals.total.m',
    ]);
    const headline = await data('{ series(filter: { country: "ES", headline: true, freq: M }) { nodes { alias measure freq } } }');
    expect(headline.series.nodes.every((n: any) => n.freq === 'M' && n.alias.startsWith('es.'))).toBe(true);
  });

  it('countries page by cursor and count them all', async () => {
    const a = await data('{ countries(first: 3) { totalCount pageInfo { hasNextPage endCursor } nodes { iso } } }');
    expect(a.countries.totalCount).toBeGreaterThan(200);
    const b = await data('query ($after: String) { countries(first: 3, after: $after) { nodes { iso } } }', { after: a.countries.pageInfo.endCursor });
    const all = await data('{ countries(first: 6) { nodes { iso } } }');
    expect([...a.countries.nodes, ...b.countries.nodes]).toEqual(all.countries.nodes);
  });

  it('tables page both ways; a foreign cursor is an invalid_parameter error', async () => {
    const all = await data('{ tables(first: 1000) { totalCount nodes { table } } }');
    const codes = all.tables.nodes.map((t: any) => t.table);
    expect(all.tables.totalCount).toBe(codes.length);
    const head = await data('{ tables(first: 3) { pageInfo { endCursor } nodes { table } } }');
    expect(head.tables.nodes.map((t: any) => t.table)).toEqual(codes.slice(0, 3));
    const next = await data('query ($a: String) { tables(first: 2, after: $a) { nodes { table } } }', { a: head.tables.pageInfo.endCursor });
    expect(next.tables.nodes.map((t: any) => t.table)).toEqual(codes.slice(3, 5));
    const back = await data('query ($b: String) { tables(last: 2, before: $b) { pageInfo { hasPreviousPage } nodes { table } } }', { b: head.tables.pageInfo.endCursor });
    expect(back.tables.nodes.map((t: any) => t.table)).toEqual(codes.slice(0, 2));
    const bad = await s.graphql('{ tables(after: "bm9wZQ") { totalCount } }');
    expect(bad.body.errors[0].extensions.code).toBe('invalid_parameter');
  });

  it('series search and the intensity ranking are connections too', async () => {
    const search = await data('{ seriesSearch(q: "nights", first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { alias } } }');
    expect(search.seriesSearch.totalCount).toBeGreaterThan(2);
    expect(search.seriesSearch.pageInfo.hasNextPage).toBe(true);
    const more = await data('query ($a: String) { seriesSearch(q: "nights", first: 2, after: $a) { nodes { alias } } }', { a: search.seriesSearch.pageInfo.endCursor });
    const both = await data('{ seriesSearch(q: "nights", first: 4) { nodes { alias } } }');
    expect([...search.seriesSearch.nodes, ...more.seriesSearch.nodes]).toEqual(both.seriesSearch.nodes);
    const ranking = await data('{ tourismIntensity(year: 2019) { ranked rows(first: 3) { totalCount pageInfo { hasNextPage } nodes { rank country } } } }');
    expect(ranking.tourismIntensity.rows.totalCount).toBe(ranking.tourismIntensity.ranked);
    expect(ranking.tourismIntensity.rows.nodes.map((r: any) => r.rank)).toEqual([1, 2, 3]);
    const revisions = await data('{ seriesById(id: "es.nights.total.m") { revisionCount revisions(first: 5) { totalCount pageInfo { hasNextPage } nodes { period } } } }');
    expect(revisions.seriesById.revisions.totalCount).toBe(revisions.seriesById.revisionCount);
  });
});

describe('units', () => {
  it('gives scale as an enum and a multiplier; scaled observations are in plain units', async () => {
    const d = await data(`{ seriesById(id: "es.arrivals.total.a") {
      scale multiplier unit
      published: observations(from: "2019", to: "2019") { value }
      plain: observations(from: "2019", to: "2019", scaled: true) { value }
    } }`);
    const s1 = d.seriesById;
    expect(s1).toMatchObject({ scale: 'thousands', multiplier: 1000, unit: 'arrivals' });
    expect(s1.plain[0].value).toBe(Math.round(s1.published[0].value * 1000));
    const units = await data('{ seriesById(id: "es.nights.total.m") { scale multiplier plain: observations(from: "2019-08", to: "2019-08", scaled: true) { value } } }');
    expect(units.seriesById).toEqual({ scale: null, multiplier: 1, plain: [{ value: 72418691 }] });
  });
});
