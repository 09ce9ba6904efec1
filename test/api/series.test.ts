import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/series/search', () => {
  it('matches prefixes without accents or case, in any language held', async () => {
    const body = await s.json('/v1/series/search?q=CATALU%20nights', 'developer');
    expect(body.meta.q).toBe('CATALU nights');
    expect(body.data.map((r: any) => r.alias)).toContain('es.nights.region-es51.a');
    const german = await s.json('/v1/series/search?q=%C3%BCbernachtungen&country=AT', 'developer');
    expect(german.data.length).toBeGreaterThan(0);
    expect(german.data.every((r: any) => r.country === 'AT')).toBe(true);
  });
  it('returns the series record and pages with a cursor', async () => {
    const page1 = await s.json('/v1/series/search?q=nights%20spain&limit=2', 'developer');
    expect(Object.keys(page1.data[0])).toEqual(['id', 'alias', 'country', 'name', 'measure', 'breakdown', 'freq', 'unit', 'first', 'last', 'points', 'headline']);
    expect(page1.meta.next).toMatch(/cursor=/);
    const page2 = await s.json(page1.meta.next, 'developer');
    expect(page2.data[0].id).not.toBe(page1.data[0].id);
    expect(page2.data[0].id).not.toBe(page1.data[1].id);
  });
  it('needs q and survives FTS syntax in it', async () => {
    expect((await s.get('/v1/series/search')).status).toBe(400);
    for (const q of ['"', 'NEAR(a b)', '* OR 1', 'a AND', '%22%29%29%3B--']) {
      expect((await s.get(`/v1/series/search?q=${q}`)).status).toBe(200);
    }
  });
});

describe('/v1/series/search ranking, languages and filters', () => {
  const aliases = async (query: string) => (await s.json(`/v1/series/search?${query}`, 'developer')).data.map((r: any) => r.alias);

  it("puts the country's headline and total series first", async () => {
    expect((await aliases('q=spain%20arrivals')).slice(0, 2)).toEqual(['es.arrivals.total.m', 'es.arrivals.total.a']);
    expect((await aliases('q=nights%20germany'))[0]).toBe('de.nights.total.m');
    expect((await aliases('q=arrivals%20france&limit=1000')).indexOf('fr.arrivals.total.m')).toBe(0);
  });

  it("matches country names in the languages held (the country list's Spanish, the NUTS national names)", async () => {
    const japan = await aliases('q=Jap%C3%B3n&limit=1000');
    expect(japan.length).toBeGreaterThan(0);
    expect(japan.every((a: string) => a.startsWith('jp.'))).toBe(true);
    expect(await aliases('q=japon&limit=1000')).toEqual(japan);
    expect((await aliases('q=deutschland%20nights'))[0]).toBe('de.nights.total.m');
  });

  it('filters by measure, freq and headline, and refuses an unknown measure', async () => {
    const body = await s.json('/v1/series/search?q=spain&measure=nights&freq=M&headline=true', 'developer');
    expect(body.data.map((r: any) => r.alias)).toEqual(['es.nights.total.m']);
    const bad = await s.get('/v1/series/search?q=spain&measure=sunshine', { plan: 'developer' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'invalid_parameter', plan: 'developer' });
    expect((await s.get('/v1/series/search?q=spain&freq=W', { plan: 'developer' })).status).toBe(400);
    expect((await s.get('/v1/series/search?q=spain&headline=yes', { plan: 'developer' })).status).toBe(400);
  });

  it("finds occupancy: UN Tourism's hotels' occupancy rates, first", async () => {
    for (const q of ['occupancy', 'hotel%20occupancy']) {
      const body = await s.json(`/v1/series/search?q=${q}`, 'developer');
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data[0].alias).toMatch(/\.occupancy\./);
      expect(body.meta.note).toBeUndefined();
    }
    expect((await s.json('/v1/series/search?q=spain', 'developer')).meta.note).toBeUndefined();
  });

  it('gives the same order on GraphQL, with the filters and the note', async () => {
    const rest = await aliases('q=spain%20arrivals&limit=20');
    const { body } = await s.graphql('{ seriesSearch(q: "spain arrivals", first: 20) { totalCount note nodes { alias } } }');
    expect(body.data.seriesSearch.nodes.map((n: any) => n.alias)).toEqual(rest);
    const filtered = await s.graphql('{ seriesSearch(q: "spain", measure: nights, freq: M, headline: true) { nodes { alias } } }');
    expect(filtered.body.data.seriesSearch.nodes).toEqual([{ alias: 'es.nights.total.m' }]);
    const occupancy = await s.graphql('{ seriesSearch(q: "occupancy", measure: occupancy) { totalCount note nodes { alias } } }');
    expect(occupancy.body.data.seriesSearch.totalCount).toBeGreaterThan(0);
    expect(occupancy.body.data.seriesSearch.note).toBeNull();
  });
});

describe('/v1/series/search reads the per-release index', () => {
  it('answers a 1000-row page without an SQL statement', async () => {
    const statements: string[] = [];
    const counted = await startTestServer({ onQuery: (sql) => statements.push(sql) });
    try {
      await counted.json('/v1/series/search?q=spain', 'developer');
      statements.length = 0;
      const body = await counted.json('/v1/series/search?q=arrivals&limit=1000', 'developer');
      expect(body.data).toHaveLength(1000);
      expect(statements).toEqual([]);
      // Fields beyond the index's columns are read for the page in one statement.
      statements.length = 0;
      const { body: g } = await counted.graphql('{ seriesSearch(q: "arrivals", first: 1000) { nodes { alias country { name } } } }');
      expect(g.data.seriesSearch.nodes).toHaveLength(1000);
      expect(statements.length).toBeLessThanOrEqual(2);
    } finally {
      await counted.close();
    }
  });
});

describe('/v1/series/{id}/metadata and /latest', () => {
  it('gives the metadata record by alias or id', async () => {
    const byAlias = await s.json('/v1/series/es.nights.total.m/metadata', 'developer');
    const d = byAlias.data;
    expect(d).toMatchObject({ alias: 'es.nights.total.m', country: 'ES', measure: 'nights', freq: 'M', table: 'tour_occ_nim', derived: false, headline: true, revisions: 0, last_revised: null, currency: null, scale: null });
    expect(d.id).toMatch(/^sr_/);
    const byId = await s.json(`/v1/series/${d.id}/metadata`, 'developer');
    expect(byId.data.alias).toBe('es.nights.total.m');
  });
  it('gives the latest figure with the year before and the change', async () => {
    const body = await s.json('/v1/series/es.nights.total.m/latest', 'analyst');
    const d = body.data;
    expect(d.period).toMatch(/^2026-0[12]$/);
    expect(d.yoy_pct).toBeCloseTo(((d.value - d.year_before) / d.year_before) * 100, 1);
  });
  it('404s unknown series and 400s malformed ids', async () => {
    expect((await s.get('/v1/series/sr_00000000/latest')).status).toBe(404);
    expect((await s.get('/v1/series/xx.nights.total.m/metadata')).status).toBe(404);
    expect((await s.get('/v1/series/..%2F..%2Fetc/metadata')).status).toBe(400);
  });
});

describe('/v1/tables', () => {
  it("lists the tables behind a country's series", async () => {
    const body = await s.json('/v1/tables?country=ES', 'developer');
    const nim = body.data.find((t: any) => t.table === 'tour_occ_nim');
    expect(nim).toMatchObject({ measures: ['nights'], first: '1990-01' });
    expect(nim.series).toBeGreaterThan(3);
    expect((await s.get('/v1/tables?country=QQ')).status).toBe(404);
    const paged = await s.json('/v1/tables?limit=1', 'developer');
    expect(paged.meta.next).toMatch(/cursor=/);
  });
});
