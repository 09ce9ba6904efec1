import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

/** Month → price from a `Date,Price` CSV (FRED's or datahub's), read straight from the source file. */
function monthlyCsv(file: string): Map<string, number> {
  const lines = fs.readFileSync(path.join(SOURCES_DIR, file), 'utf8').trim().split(/\r?\n/).slice(1);
  return new Map(lines.map((l) => l.replace(/"/g, '').split(',')).map(([d, v]) => [d.slice(0, 7), Number(v)]));
}
const fred = monthlyCsv('eia_jetfuel/MJFUELUSGULF.csv');
const brent = monthlyCsv('eia_oil/brent-monthly.csv');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const months2019 = Array.from({ length: 12 }, (_, i) => `2019-${String(i + 1).padStart(2, '0')}`);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/fuel', () => {
  it('starts in 2015 without from and ends at the last finished month', async () => {
    const body = await s.json('/v1/fuel', 'analyst');
    expect(body.data[0].month).toBe('2015-01');
    // "today" is 2026-04-20: March 2026 is the last finished month (Brent is held beyond it).
    expect(body.data.at(-1).month).toBe('2026-03');
    expect(body.meta.count).toBe(body.data.length);
    expect(Object.keys(body.data[0])).toEqual([
      'month', 'jet_fuel_usd_gallon', 'jet_fuel_usd_litre', 'jet_fuel_index', 'jet_fuel_yoy_pct', 'crude_usd_barrel', 'crude_index', 'crude_yoy_pct',
    ]);
    // Jet fuel ends with the last whole month of weekly prices; crude runs on, jet fuel figures are null.
    expect(body.data.at(-1)).toMatchObject({ jet_fuel_usd_gallon: null, jet_fuel_index: null, crude_usd_barrel: brent.get('2026-03') });
  });

  it('describes units, the index base and which months are averaged by us', async () => {
    const { meta } = await s.json('/v1/fuel?from=2024', 'analyst');
    expect(Object.keys(meta.units)).toEqual(['jet_fuel', 'crude']);
    expect(meta.units.jet_fuel).toContain('3.785411784');
    expect(meta.units.crude).toContain('barrel');
    expect(meta.index_base).toMatch(/^2019 = 100/);
    // FRED's monthly series ends in 2023-11; later months are ours, from the weekly EIA file.
    const lastFred = [...fred.keys()].sort().at(-1);
    expect(lastFred).toBe('2023-11');
    expect(meta.note).toContain(`to ${lastFred}`);
    expect(meta.note).toMatch(/2023-12 to 2025-\d\d are averaged by us from EIA's weekly prices/);
  });

  it('serves published jet fuel and Brent months as in the source files, per litre and year on year', async () => {
    const { data } = await s.json('/v1/fuel?from=2008-07&to=2008-07', 'analyst');
    const gallon = fred.get('2008-07')!;
    expect(data).toHaveLength(1);
    expect(data[0].jet_fuel_usd_gallon).toBe(gallon);
    expect(data[0].jet_fuel_usd_litre).toBeCloseTo(gallon / 3.785411784, 4);
    expect(data[0].jet_fuel_yoy_pct).toBeCloseTo((gallon / fred.get('2007-07')! - 1) * 100, 1);
    expect(data[0].crude_usd_barrel).toBe(brent.get('2008-07'));
    expect(data[0].crude_yoy_pct).toBeCloseTo((brent.get('2008-07')! / brent.get('2007-07')! - 1) * 100, 1);
  });

  it('indexes each price to its 2019 average = 100', async () => {
    const { data } = await s.json('/v1/fuel?from=2019&to=2019', 'analyst');
    expect(data.map((r: any) => r.month)).toEqual(months2019);
    expect(mean(data.map((r: any) => r.jet_fuel_index))).toBeCloseTo(100, 1);
    expect(mean(data.map((r: any) => r.crude_index))).toBeCloseTo(100, 1);
    const jetBase = mean(months2019.map((m) => fred.get(m)!));
    expect(data[0].jet_fuel_index).toBeCloseTo((fred.get('2019-01')! / jetBase) * 100, 1);
  });

  it('reaches back to 1990 at most, with nulls before jet fuel starts', async () => {
    const { data } = await s.json('/v1/fuel?from=1985&to=1990-05', 'analyst');
    expect(data[0].month).toBe('1990-01');
    expect(data[0]).toMatchObject({ jet_fuel_usd_gallon: null, crude_usd_barrel: brent.get('1990-01') });
    expect(data.find((r: any) => r.month === '1990-04').jet_fuel_usd_gallon).toBe(fred.get('1990-04'));
  });

  it('refuses the developer plan and bad periods', async () => {
    const dev = await s.get('/v1/fuel', { plan: 'developer' });
    expect(dev.status).toBe(403);
    expect((await dev.json()).error).toMatchObject({ code: 'plan_required', plan: 'analyst' });
    for (const q of ['from=2019-13', 'from=2020&to=2019', 'to=x', 'year=2019']) {
      const res = await s.get(`/v1/fuel?${q}`, { plan: 'analyst' });
      expect(res.status, q).toBe(400);
    }
  });

  it('serves CSV', async () => {
    const res = await s.get('/v1/fuel?from=2019-01&to=2019-02&format=csv', { plan: 'analyst' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('month,jet_fuel_usd_gallon,jet_fuel_usd_litre,jet_fuel_index,jet_fuel_yoy_pct,crude_usd_barrel,crude_index,crude_yoy_pct');
    expect(lines[1].startsWith(`2019-01,${fred.get('2019-01')},`)).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('is Query.fuel on GraphQL, for analyst and above', async () => {
    const q = '{ fuel(from: "2019-06", to: "2019-06") { months { month jetFuelUsdGallon jetFuelDerived } } }';
    const dev = await s.graphql(q, {}, 'developer');
    expect(dev.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'analyst' });
    const analyst = await s.graphql(q, {}, 'analyst');
    expect(analyst.body.data.fuel.months).toEqual([{ month: '2019-06', jetFuelUsdGallon: fred.get('2019-06'), jetFuelDerived: false }]);
  });
});
