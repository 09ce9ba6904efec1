/**
 * One rule says which countries are monthly (src/domain/monthly.ts), and every answer that speaks
 * of monthly countries follows it: /v1/countries?freq=M and each record's `monthly`, /v1/gaps,
 * /v1/freshness?freq=M, /v1/status and the statistics a country record links to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const isos = (rows: { iso?: string; country?: string }[]) => [...new Set(rows.map((r) => r.iso ?? r.country))].sort();

describe('monthly countries', () => {
  it('are the same countries on /v1/countries?freq=M, /v1/gaps, /v1/freshness?freq=M and /v1/status', async () => {
    const monthly = isos((await s.json('/v1/countries?freq=M', 'free')).data);
    expect(monthly).toEqual(expect.arrayContaining(['ES', 'GB', 'JP']));
    expect(isos((await s.json('/v1/gaps', 'free')).data)).toEqual(monthly);
    const fresh = (await s.json('/v1/freshness?freq=M', 'free')).data;
    expect(isos(fresh)).toEqual(monthly);
    const status = (await s.json('/v1/status', 'free')).data;
    expect(status.monthly_countries).toBe(monthly.length);
    expect(status.monthly_within_2_months).toBe(fresh.filter((r: { months_behind: number }) => r.months_behind <= 2).length);
    const all = (await s.json('/v1/countries', 'free')).data;
    expect(isos(all.filter((c: { monthly: boolean }) => c.monthly))).toEqual(monthly);
  });

  it('are not listed as annual; the three frequencies split the countries held', async () => {
    const byFreq = await Promise.all(['M', 'Q', 'A'].map(async (f) => isos((await s.json(`/v1/countries?freq=${f}`, 'free')).data)));
    expect(byFreq[2]).not.toContain('GB');
    expect(byFreq[2]).not.toContain('JP');
    // The United States is monthly since NTTO's I-94 arrivals are read; China stays annual (UN Tourism only).
    expect(byFreq[0]).toContain('US');
    expect(byFreq[2]).toContain('CN');
    const split = byFreq.flat();
    expect(new Set(split).size).toBe(split.length);
    const withSeries = (await s.json('/v1/countries', 'free')).data.filter((c: { latest: string | null }) => c.latest !== null);
    expect(split.sort()).toEqual(isos(withSeries));
  });

  it("count Japan by JNTO's monthly arrivals: its total to 2017-03, then the sum of its nationalities", async () => {
    const [jp] = (await s.json('/v1/gaps?country=JP', 'free')).data;
    expect(jp).toMatchObject({ country: 'JP', measure: 'arrivals', first: '1996-01', latest: '2025-02' });
    expect(jp.series).toBe((await s.json('/v1/series/jp.arrivals.total.m/metadata', 'developer')).data.id);
    expect(jp).toMatchObject({ missing: [] });
    const fresh = (await s.json('/v1/freshness?freq=M', 'free')).data.find((r: { iso: string }) => r.iso === 'JP');
    // The pinned today is 2026-04: 2025-02 is followed by 2025-03, 1 year and 1 month before.
    expect(fresh).toEqual({ iso: 'JP', name: 'Japan', latest: '2025-02', months_behind: 13 });
  });

  it("count the United Kingdom's monthly arrivals and nights, its newest month being 2020-07", async () => {
    const gb = (await s.json('/v1/gaps?country=GB', 'free')).data;
    expect(gb.map((r: { measure: string; latest: string }) => [r.measure, r.latest])).toEqual([
      ['arrivals', '2020-06'],
      ['nights', '2020-07'],
    ]);
    const fresh = (await s.json('/v1/freshness?freq=M', 'free')).data.find((r: { iso: string }) => r.iso === 'GB');
    expect(fresh.latest).toBe('2020-07');
    const record = (await s.json('/v1/countries/GB', 'free')).data;
    // latest: its annual headline series, which UN Tourism's release of 23/12/2025 takes to 2024
    expect(record).toMatchObject({ monthly: true, latest: '2024' });
    expect(record.statistics.map((x: { name: string }) => x.name)).toContain('gaps');
    // The brief describes the main series, which is annual: no brief is offered.
    expect(record.statistics.map((x: { name: string }) => x.name)).not.toContain('brief');
  });

  it('leave out a country without monthly figures (China) alike', async () => {
    expect((await s.json('/v1/gaps?country=CN', 'free')).data).toEqual([]);
    expect((await s.json('/v1/countries/CN', 'free')).data.monthly).toBe(false);
  });
});
