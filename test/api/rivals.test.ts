import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** A country's UN Tourism arrivals by region of origin in one year, through the series it is served from. */
async function regionMix(iso: string, year: number): Promise<Record<string, number>> {
  const q = `query ($iso: String!, $y: Period!) { country(iso: $iso) { series(measure: arrivals, freq: A) { breakdown member tableCode observations(from: $y, to: $y) { value } } } }`;
  const { body } = await s.graphql(q, { iso, y: String(year) });
  const mix: Record<string, number> = {};
  for (const series of body.data.country.series) {
    if (series.tableCode !== 'unwto_inbound_regions' || series.breakdown !== 'origin') continue;
    if (['other-not-classified', 'nationals-residing-abroad'].includes(series.member)) continue;
    const v = series.observations[0]?.value;
    if (v > 0) mix[series.member] = v;
  }
  return mix;
}

/** Σ over markets of the smaller of the two shares, × 100. */
function overlap(a: Record<string, number>, b: Record<string, number>): number {
  const total = (m: Record<string, number>) => Object.values(m).reduce((x, y) => x + y, 0);
  const [ta, tb] = [total(a), total(b)];
  return Object.keys(a).filter((k) => k in b).reduce((sum, k) => sum + Math.min(a[k] / ta, b[k] / tb), 0) * 100;
}

describe('/v1/countries/{iso}/rivals', () => {
  it('ranks up to six rivals by overlap of UN Tourism regional mixes of the same year', async () => {
    const body = await s.json('/v1/countries/FR/rivals', 'developer');
    expect(body.meta).toMatchObject({ country: 'FR', next: null });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(6);
    expect(Object.keys(body.data[0])).toEqual(['country', 'name', 'rank', 'score', 'shared_markets', 'basis']);
    expect(body.data.map((r: any) => r.rank)).toEqual(body.data.map((_: unknown, i: number) => i + 1));
    const scores = body.data.map((r: any) => r.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(scores.every((x: number) => x > 0 && x <= 100)).toBe(true);
    expect(body.data.map((r: any) => r.country)).not.toContain('FR');
    const top = body.data[0];
    expect(top.basis).toContain('UN Tourism arrivals by region of origin, 2021');
    expect(top.shared_markets[0]).toEqual({ country: 'europe', name: 'Europe' });
    // The score, recomputed from the two countries' 2021 regional series.
    const expected = overlap(await regionMix('FR', 2021), await regionMix(top.country, 2021));
    expect(top.score).toBeCloseTo(expected, 1);
  });

  it('compares by season shape where origins are unknown', async () => {
    const { data } = await s.json('/v1/countries/XK/rivals', 'developer');
    expect(data.length).toBeGreaterThan(0);
    for (const r of data) {
      expect(r.shared_markets).toEqual([]);
      expect(r.basis).toMatch(/^Season shape of monthly arrivals/);
    }
  });

  it('404s an unknown country, refuses the free plan, serves CSV', async () => {
    const unknown = await s.get('/v1/countries/QQ/rivals', { plan: 'developer' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('unknown_country');
    const free = await s.get('/v1/countries/FR/rivals', { plan: 'free' });
    expect(free.status).toBe(403);
    expect((await free.json()).error).toMatchObject({ code: 'plan_required', plan: 'developer' });
    expect((await s.get('/v1/countries/FR/rivals?limit=3', { plan: 'developer' })).status).toBe(400);
    const csv = (await (await s.get('/v1/countries/FR/rivals?format=csv', { plan: 'developer' })).text()).split('\r\n');
    expect(csv[0]).toBe('country,name,rank,score,shared_markets,basis');
    expect(csv[1]).toMatch(/,1,[\d.]+,europe Europe;americas Americas/);
  });

  it('is Country.rivals on GraphQL, for developer and above', async () => {
    const q = '{ country(iso: "ES") { rivals { country rank sharedMarkets { country name } } } }';
    const free = await s.graphql(q, {}, 'free');
    expect(free.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'developer' });
    const dev = await s.graphql(q, {}, 'developer');
    expect(dev.body.data.country.rivals[0].rank).toBe(1);
  });
});
