import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/freshness', () => {
  it("measures months behind from a country's newest period, worst first", async () => {
    const body = await s.json('/v1/freshness', 'free');
    const es = body.data.find((r: any) => r.iso === 'ES');
    // Spain's newest month is 2026-02; today is pinned to 2026-04-20: April is one month after March.
    expect(es).toEqual({ iso: 'ES', name: 'Spain', latest: '2026-02', months_behind: 1 });
    const behind = body.data.map((r: any) => r.months_behind);
    expect(behind).toEqual([...behind].sort((a, b) => b - a));
    const annual = await s.json('/v1/freshness?freq=A', 'free');
    expect(annual.data.find((r: any) => r.iso === 'FR').latest).toMatch(/^20\d\d$/);
  });
});

describe('/v1/gaps', () => {
  it("counts Spain's months from its first figure to last month", async () => {
    const body = await s.json('/v1/gaps?country=ES', 'free');
    const nights = body.data.find((r: any) => r.measure === 'nights');
    expect(nights).toMatchObject({ country: 'ES', first: '1990-01' });
    const total = nights.months_held + nights.months_missing + nights.months_not_published + nights.months_withheld + nights.months_pending;
    // 1990-01 .. 2026-03 (last month before the pinned today) = 36 × 12 + 3 months.
    expect(total).toBe(36 * 12 + 3);
    expect(body.meta.next).toBeNull();
  });
  it('lists withheld runs where the source marks values confidential', async () => {
    const body = await s.json('/v1/gaps', 'free');
    expect(body.data.some((r: any) => r.withheld.length > 0)).toBe(true);
  });
});

describe('/v1/calendar and /v1/releases/latest', () => {
  it('derives the next release from the release log', async () => {
    const body = await s.json('/v1/calendar?country=ES', 'developer');
    const row = body.data[0];
    // Release of 2026-03-15 brought Spain up to 2026-02: a delay of one month.
    expect(row).toMatchObject({ country: 'ES', latest: '2026-02', next_period: '2026-03', usual_delay_months: 1, expected_in: '2026-04', overdue: false });
    expect(body.meta.note).toMatch(/release log/);
  });
  it('lists when figures last arrived', async () => {
    const body = await s.json('/v1/releases/latest', 'developer');
    expect(body.meta.since).toBe('2026-03-15');
    const es = body.data.find((r: any) => r.country === 'ES');
    expect(es).toMatchObject({ date: '2026-03-15', latest_period: '2026-02' });
    expect(es.measures).toEqual(expect.arrayContaining(['arrivals', 'nights']));
  });
});

describe('/v1/countries/{iso}/coverage', () => {
  it('grids each measure by year and month', async () => {
    const body = await s.json('/v1/countries/ES/coverage', 'developer');
    expect(body.meta).toMatchObject({ country: 'ES', name: 'Spain' });
    const y2019 = body.data.find((r: any) => r.measure === 'nights' && r.freq === 'M' && r.year === 2019);
    expect(y2019).toMatchObject({ held: 12 });
    expect(y2019.cells).toHaveLength(12);
    expect((await s.get('/v1/countries/ES/coverage', { plan: 'free' })).status).toBe(403);
    const csv = await (await s.get('/v1/countries/ES/coverage?format=csv')).text();
    expect(csv.split('\r\n')[0]).toBe('measure,freq,series,year,held,cells');
  });
});
