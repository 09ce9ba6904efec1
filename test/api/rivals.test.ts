import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** A country's annual arrivals by origin of one table in one year, through the series it is served from. */
async function originMix(iso: string, year: number, table: string): Promise<Record<string, number>> {
  const q = `query ($iso: CountryCode!, $y: Period!) { country(iso: $iso) { series(measure: arrivals, freq: A) { breakdown member tableCode observations(from: $y, to: $y) { value } } } }`;
  const { body } = await s.graphql(q, { iso, y: String(year) });
  const mix: Record<string, number> = {};
  for (const series of body.data.country.series) {
    if (series.tableCode !== table || series.breakdown !== 'origin') continue;
    if (['other-not-classified', 'nationals-residing-abroad'].includes(series.member)) continue;
    const v = series.observations[0]?.value;
    if (v > 0) mix[series.member.length === 2 ? series.member.toUpperCase() : series.member] = v;
  }
  return mix;
}

const TRIPS = 'tour_dem_ttw';

/** Each market's smaller share, over the markets both list (both home markets left out), largest first. */
function smallerShares(a: Record<string, number>, b: Record<string, number>, homes: string[]): [string, number][] {
  const markets = Object.keys(a).filter((k) => k in b && !homes.includes(k));
  const total = (m: Record<string, number>) => markets.reduce((t, k) => t + m[k], 0);
  const [ta, tb] = [total(a), total(b)];
  return markets.map((k): [string, number] => [k, Math.min(a[k] / ta, b[k] / tb) * 100]).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
}

/** Σ over markets of the smaller of the two shares, × 100 (all markets of both: the regions). */
function overlap(a: Record<string, number>, b: Record<string, number>): number {
  const total = (m: Record<string, number>) => Object.values(m).reduce((x, y) => x + y, 0);
  const [ta, tb] = [total(a), total(b)];
  return Object.keys(a).filter((k) => k in b).reduce((sum, k) => sum + Math.min(a[k] / ta, b[k] / tb), 0) * 100;
}

describe('/v1/countries/{iso}/rivals', () => {
  it('ranks up to six rivals by overlap of countries of origin (Eurostat trips matrix), recomputable from the served series', async () => {
    const body = await s.json('/v1/countries/FR/rivals', 'developer');
    expect(body.meta).toMatchObject({ country: 'FR', next: null });
    expect(body.data.length).toBe(6);
    expect(Object.keys(body.data[0])).toEqual(['country', 'name', 'rank', 'score', 'shared_markets', 'basis']);
    expect(body.data.map((r: any) => r.rank)).toEqual(body.data.map((_: unknown, i: number) => i + 1));
    const scores = body.data.map((r: any) => r.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(body.data.map((r: any) => r.country)).not.toContain('FR');
    const fr = await originMix('FR', 2023, TRIPS);
    for (const rival of body.data) {
      // A rival known by a national office's monthly arrivals by origin (since those are read) is
      // compared on those summed over 2023, which the annual series below cannot recompute.
      if (!rival.basis.includes('household surveys), 2023, for both.')) {
        expect(rival.basis).toMatch(/^Countries of origin: trips .* for FR and visitor arrivals by origin summed over the calendar year \(.+\) for [A-Z]{2}, 2023\./);
        continue;
      }
      const shares = smallerShares(fr, await originMix(rival.country, 2023, TRIPS), ['FR', rival.country]);
      // basis: the data, the year and the number of markets compared
      expect(rival.basis).toMatch(/^Countries of origin: trips of EU\/EFTA residents by country of destination \(Eurostat tour_dem_ttw, household surveys\), 2023, for both\./);
      expect(rival.basis).toContain(`over the ${shares.length} origin markets listed for both`);
      expect(shares.length).toBeGreaterThanOrEqual(10);
      expect(rival.score).toBeCloseTo(shares.reduce((t, [, v]) => t + v, 0), 1);
      expect(rival.shared_markets.map((m: any) => m.country)).toEqual(shares.filter(([, v]) => v >= 1).map(([k]) => k));
    }
    expect(body.data[0].shared_markets[0]).toEqual({ country: 'DE', name: 'Germany' });
  });

  it('discriminates: scores spread for ES, FR and DE, and the shared markets explain each rank', async () => {
    for (const iso of ['ES', 'FR', 'DE']) {
      const { data } = await s.json(`/v1/countries/${iso}/rivals`, 'developer');
      const scores: number[] = data.map((r: any) => r.score);
      // Before, on the five regions of origin, Spain's six scored 96.9–98.3 and included Monaco and Ukraine.
      expect(Math.max(...scores) - Math.min(...scores), iso).toBeGreaterThanOrEqual(5);
      expect(Math.max(...scores), iso).toBeLessThan(95);
      const home = await originMix(iso, 2023, TRIPS);
      for (const rival of data) {
        if (!rival.basis.includes('household surveys), 2023, for both.')) continue; // a national office's monthly origins (see above)
        const shares = smallerShares(home, await originMix(rival.country, 2023, TRIPS), [iso, rival.country]);
        const shared = shares.filter(([, v]) => v >= 1);
        const fromShared = shared.reduce((t, [, v]) => t + v, 0);
        // The score is the shared markets' part plus the rest, as basis says; the shared part is nearly all of it.
        expect(rival.shared_markets.map((m: any) => m.country)).toEqual(shared.map(([k]) => k));
        const total = shares.reduce((t, [, v]) => t + v, 0);
        const split = rival.basis.match(/make up ([\d.]+) points, led by (.*?)(?:; the other (\d+) markets? ([\d.]+))?\.$/);
        expect(split, rival.basis).not.toBeNull();
        expect(Number(split[1])).toBeCloseTo(fromShared, 1);
        expect(split[2]).toBe(shared.slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '));
        expect(Number(split[3] ?? 0)).toBe(shares.length - shared.length);
        expect(Number(split[4] ?? 0)).toBeCloseTo(total - fromShared, 1);
        expect(fromShared, `${iso}/${rival.country}`).toBeGreaterThanOrEqual(0.85 * rival.score);
      }
    }
    const es = await s.json('/v1/countries/ES/rivals', 'developer');
    expect(es.data.map((r: any) => r.country)).not.toContain('MC');
    expect(es.data.map((r: any) => r.country)).not.toContain('UA');
  });

  it('falls back to UN Tourism regions of origin where no country-of-origin data compares (Monaco)', async () => {
    const body = await s.json('/v1/countries/MC/rivals', 'developer');
    expect(body.data.length).toBeGreaterThan(0);
    const top = body.data[0];
    // UN Tourism's arrivals by region of 23/12/2025 take Monaco's regions of origin to 2024
    expect(top.basis).toMatch(/^UN Tourism arrivals by region of origin, 2024 /);
    expect(top.shared_markets[0]).toEqual({ country: 'europe', name: 'Europe' });
    const expected = overlap(await originMix('MC', 2024, 'unwto_inbound_regions'), await originMix(top.country, 2024, 'unwto_inbound_regions'));
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
    expect(csv[1]).toMatch(/,1,[\d.]+,DE Germany;/);
  });

  it('is Country.rivals on GraphQL, for developer and above', async () => {
    const q = '{ country(iso: "ES") { rivals { country rank sharedMarkets { country name } } } }';
    const free = await s.graphql(q, {}, 'free');
    expect(free.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'developer' });
    const dev = await s.graphql(q, {}, 'developer');
    expect(dev.body.data.country.rivals[0].rank).toBe(1);
  });
});
