import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { SOURCES_WITHOUT_FIGURES, withoutPeriod } from '../helpers/status-sources';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/countries', () => {
  it('lists every country held with the SPEC record', async () => {
    const body = await s.json('/v1/countries', 'free');
    expect(body.meta.request_id).toMatch(/^req_/);
    expect(body.meta.count).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThan(200);
    const es = body.data.find((c: any) => c.iso === 'ES');
    expect(es).toMatchObject({ iso: 'ES', name: 'Spain', region: 'Europe', monthly: true, iso3: 'ESP', wikidata_id: 'Q29' });
    expect(es.measures).toEqual(expect.arrayContaining(['arrivals', 'nights', 'capacity']));
    expect(Object.keys(es)).toEqual(['iso', 'name', 'region', 'monthly', 'first', 'latest', 'months_behind', 'measures', 'iso3', 'wikidata_id']);
  });

  it('filters by frequency and pages with an opaque cursor', async () => {
    const monthly = await s.json('/v1/countries?freq=M', 'free');
    expect(monthly.data.every((c: any) => c.monthly)).toBe(true);
    const page1 = await s.json('/v1/countries?limit=2', 'free');
    expect(page1.data).toHaveLength(2);
    expect(page1.meta.next).toMatch(/^\/v1\/countries\?limit=2&cursor=/);
    const page2 = await s.json(page1.meta.next, 'free');
    expect(page2.data[0].iso > page1.data[1].iso).toBe(true);
  });

  it('serves CSV with format=csv and with Accept: text/csv', async () => {
    const a = await s.get('/v1/countries?format=csv', { plan: 'free' });
    expect(a.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await a.text();
    expect(text.split('\r\n')[0]).toBe('iso,name,region,monthly,first,latest,months_behind,measures,iso3,wikidata_id');
    expect(text).toMatch(/\r\nES,Spain,Europe,true,/);
    const b = await s.get('/v1/countries', { plan: 'free', headers: { Accept: 'text/csv' } });
    expect(await b.text()).toBe(text);
  });
});

describe('/v1/countries/{iso}', () => {
  it('returns one record with statistics', async () => {
    const body = await s.json('/v1/countries/es', 'free');
    expect(body.data.iso).toBe('ES');
    expect(body.data.statistics.map((x: any) => x.name)).toEqual(expect.arrayContaining(['seasonality', 'stay-length']));
    expect(body.meta.count).toBe(1);
  });
  it('lists origin-shift only where two comparable windows are held', async () => {
    const names = async (iso: string) => (await s.json(`/v1/countries/${iso}`, 'free')).data.statistics.map((x: any) => x.name);
    // Japan's headline is monthly: JNTO's total to 2017-03, then the sum of its nationalities to 2025-02, so a brief of its latest month is listed and served.
    expect(await names('JP')).toEqual(expect.arrayContaining(['origin-shift', 'rivals', 'seasonality', 'brief']));
    expect((await s.get('/v1/countries/JP/brief', { plan: 'analyst' })).status).toBe(200);
    for (const iso of ['JP', 'FR', 'GB', 'US', 'ES', 'XK', 'DE']) {
      const listed = (await names(iso)).includes('origin-shift');
      const served = (await s.get(`/v1/stats/origin-shift?country=${iso}`, { plan: 'intel' })).status === 200;
      expect(listed, iso).toBe(served);
    }
  });
  it('404s an unknown country, naming it', async () => {
    const res = await s.get('/v1/countries/QQ', { plan: 'free' });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'unknown_country', plan: 'free' });
    expect(body.error.message).toContain('QQ');
  });
  it('lists peers in the same region', async () => {
    const body = await s.json('/v1/countries/FR/peers', 'free');
    expect(body.meta).toMatchObject({ iso: 'FR', region: 'Europe' });
    expect(body.data.map((c: any) => c.iso)).toContain('ES');
    expect(body.data.map((c: any) => c.iso)).not.toContain('FR');
  });
});

describe('/v1/regions, holidays, fx, status', () => {
  it('lists the five UN Tourism regions', async () => {
    const body = await s.json('/v1/regions', 'free');
    expect(body.data.map((r: any) => r.region)).toEqual(['africa', 'americas', 'asia-pacific', 'europe', 'middle-east']);
    expect(body.data.find((r: any) => r.region === 'middle-east').countries).toContain('EG');
  });
  it('lists national and regional holidays with local names', async () => {
    const body = await s.json('/v1/holidays/ES?year=2019', 'free');
    const newYear = body.data.find((h: any) => h.date === '2019-01-01');
    expect(newYear).toMatchObject({ country: 'ES', name: "New Year's Day", local_name: 'Año Nuevo', national: true });
    expect(body.data.some((h: any) => !h.national)).toBe(true);
  });
  it('gives the newest ECB rates', async () => {
    const body = await s.json('/v1/fx/latest?currency=USD,GBP', 'free');
    expect(body.meta).toMatchObject({ base: 'EUR', date: '2026-04-13' });
    expect(body.data.map((r: any) => r.quote)).toEqual(['GBP', 'USD']);
  });
  it('reports status', async () => {
    const body = await s.json('/v1/status', 'free');
    expect(body.data.ok).toBe(true);
    expect(body.data.countries).toBeGreaterThan(200);
    expect(body.data.monthly_countries).toBeGreaterThan(30);
    expect(body.data.status_page).toBe('http://api.test/v1/status');
    // The 31 /v1 routes of SPEC.md, the series observations and vintages, the release feed, plus /graphql, /mcp, /openapi.json and /docs.
    expect(body.data.endpoints_live).toBe(40);
  });
  it('gives each source bringing figures the period it reaches, price and context series included', async () => {
    const { data } = await s.json('/v1/status', 'free');
    expect(withoutPeriod(data.sources)).toEqual(Object.keys(SOURCES_WITHOUT_FIGURES).sort());
    const reached = (id: string) => data.sources.find((x: { id: string }) => x.id === id).period_reached;
    // Prices (no table of their own), the World Bank's downloads (members named by the Bank) and a superseded UN Tourism vintage.
    expect(reached('eia/brent-monthly')).toMatch(/^20\d\d-\d\d$/);
    expect(reached('fred/MJFUELUSGULF')).toBe('2023-11');
    expect(reached('eia/jet-fuel-weekly')).toMatch(/^20\d\d-\d\d$/);
    expect(reached('worldbank/api/ST.INT.ARVL')).toMatch(/^20\d\d$/);
    expect(reached('unwto/all-data-032023')).toBe('2021');
    expect(reached('ecb/eurofxref-hist')).toMatch(/^20\d\d-\d\d-\d\d$/);
  });
});
