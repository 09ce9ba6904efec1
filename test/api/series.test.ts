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
