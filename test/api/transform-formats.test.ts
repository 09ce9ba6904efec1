/**
 * Transformations (units, freq/to_freq, aggregation) on the observations answers, worked by hand
 * from the same answers untransformed; and JSON-stat 2.0 and SDMX-CSV 2.0 read back by real readers
 * (jsonstat-toolkit, pandas).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
// @ts-expect-error jsonstat-toolkit ships no type declarations
import JSONstat from 'jsonstat-toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousPeriod } from '../../src/domain/transform';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';
import { systemPython } from '../helpers/system';

const run = promisify(execFile);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

type Obs = { period: string; value: number | null; status?: string | null; flags?: string | null };
const SERIES = '/v1/series/es.nights.total.m/observations';
const WITHHELD = '/v1/series/bg.nights.residence-domestic.m/observations';

describe('transformations', () => {
  it('aggregates a monthly series to years and quarters, only where every month is held', async () => {
    const months: Obs[] = (await s.json(`${SERIES}?from=2022`, 'developer')).data;
    const years = await s.json(`${SERIES}?from=2022&freq=A`, 'developer');
    expect(years.meta).toMatchObject({ freq: 'A', units: 'lin', aggregation: 'sum' });
    expect(years.meta.transform_rule).toMatch(/sum of its sub-periods/);
    for (const y of years.data as Obs[]) {
      const its = months.filter((m) => m.period.startsWith(`${y.period}-`));
      expect(its).toHaveLength(12);
      expect(y.value).toBe(its.reduce((t, m) => t + m.value!, 0));
    }
    // The newest year is in the answer only if its twelve months are.
    const lastYear = months.at(-1)!.period.slice(0, 4);
    expect((years.data as Obs[]).some((y) => y.period === lastYear)).toBe(months.at(-1)!.period.endsWith('-12'));
    const eop = await s.json(`${SERIES}?from=2022&to=2023&freq=Q&aggregation=eop`, 'developer');
    expect(eop.data[0]).toEqual({ ...months.find((m) => m.period === '2022-03'), period: '2022-Q1' });
  });

  it("computes FRED's units over the whole series, the window's first period against the one before it", async () => {
    const months: Obs[] = (await s.json(`${SERIES}?from=2022-12&to=2024-03`, 'developer')).data;
    const at = (p: string) => months.find((m) => m.period === p)!.value!;
    const pc1 = await s.json(`${SERIES}?from=2024-01&to=2024-03&units=pc1`, 'developer');
    expect(pc1.meta).toMatchObject({ unit: 'percent change from a year ago', units: 'pc1', aggregation: null });
    for (const o of pc1.data as Obs[]) expect(o.value).toBeCloseTo((at(o.period) / at(`${Number(o.period.slice(0, 4)) - 1}${o.period.slice(4)}`) - 1) * 100, 4);
    const chg = await s.json(`${SERIES}?from=2024-01&to=2024-03&units=chg`, 'developer');
    for (const o of chg.data as Obs[]) expect(o.value).toBe(at(o.period) - at(previousPeriod(o.period)));
    const pca = await s.json(`${SERIES}?from=2024-01&to=2024-01&units=pca`, 'developer');
    expect(pca.data[0].value).toBeCloseTo(((at('2024-01') / at('2023-12')) ** 12 - 1) * 100, 4);
    const log = await s.json(`${SERIES}?from=2024-01&to=2024-01&units=log`, 'developer');
    expect(log.data[0].value).toBeCloseTo(Math.log(at('2024-01')), 6);
  });

  it('carries flags over: a change or a quarter with a withheld month is null and withheld', async () => {
    const chg = await s.json(`${WITHHELD}?from=2019-10&to=2019-12&units=chg`, 'developer');
    expect(chg.data).toEqual(['2019-10', '2019-11', '2019-12'].map((period) => ({ period, value: null, status: 'withheld', flags: '@C' })));
    const q = await s.json(`${WITHHELD}?from=2019-Q4&to=2019-Q4&freq=Q`, 'developer');
    expect(q.data).toEqual([{ period: '2019-Q4', value: null, status: 'withheld', flags: '@C' }]);
    // FR's arrivals are estimated (flag e): their yearly change is estimated too.
    const fr = await s.json('/v1/arrivals?country=FR&freq=M&to_freq=A&units=pch&from=2023&to=2023&status=true', 'developer');
    expect(fr.data[0].observations[0]).toMatchObject({ period: '2023', status: 'estimated', flags: 'e' });
  });

  it('combines with as_of: the vintage as it stood, then aggregated', async () => {
    const asOf = '2026-01-01';
    const months: Obs[] = (await s.json(`${SERIES}?from=2023&to=2023&as_of=${asOf}`, 'developer')).data;
    const year = await s.json(`${SERIES}?from=2023&to=2023&as_of=${asOf}&freq=A`, 'developer');
    expect(year.meta.as_of).toBe(asOf);
    expect(year.data[0].value).toBe(months.reduce((t, m) => t + m.value!, 0));
  });

  it('works the same on the measure lists (to_freq, as freq chooses the series), in CSV and in GraphQL', async () => {
    const q = '/v1/arrivals?country=ES&freq=M&to_freq=A&units=pch&from=2022&to=2024';
    const body = await s.json(q, 'developer');
    expect(body.data[0]).toMatchObject({ freq: 'A', unit: 'percent change' });
    const years: Obs[] = (await s.json('/v1/series/es.arrivals.total.m/observations?freq=A&from=2021&to=2024', 'developer')).data;
    const sum = (p: string) => years.find((y) => y.period === p)!.value!;
    for (const o of body.data[0].observations as Obs[]) expect(o.value).toBeCloseTo((sum(o.period) / sum(String(Number(o.period) - 1)) - 1) * 100, 4);
    const csv = parse(await (await s.get(`${q}&format=csv`, { plan: 'developer' })).text(), { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.period, Number(r.value), r.unit, r.freq])).toEqual(body.data[0].observations.map((o: Obs) => [o.period, o.value, 'percent change', 'A']));
    const gql = await s.graphql('{ seriesById(id: "es.arrivals.total.m") { observations(from: "2022", to: "2024", units: pch, freq: A) { period value status } } }');
    expect(gql.body.data.seriesById.observations.map((o: Obs) => o.value)).toEqual(body.data[0].observations.map((o: Obs) => o.value));
    // A series already coarser than to_freq stays at its own frequency, and its block says so.
    const annual = await s.json('/v1/arrivals?country=ES&freq=A&to_freq=Q&from=2022&to=2023', 'developer');
    expect(annual.data[0].freq).toBe('A');
    expect(annual.data[0].note).toMatch(/annual: it is not made quarterly/);
    // Capacity averages by default.
    expect((await s.json('/v1/capacity?country=ES&to_freq=A&from=2023&to=2023', 'developer')).meta.aggregation).toBe('avg');
  });

  it('combines with currency: changes of the converted figures', async () => {
    const converted = await s.json('/v1/spend?country=ES&currency=EUR&from=2021&to=2023', 'developer');
    const changes = await s.json('/v1/spend?country=ES&currency=EUR&from=2022&to=2023&units=pch', 'developer');
    const v = (p: string) => converted.data[0].observations.find((o: Obs) => o.period === p).value;
    for (const o of changes.data[0].observations) expect(o.value).toBeCloseTo((v(o.period) / v(String(Number(o.period) - 1)) - 1) * 100, 4);
    expect(changes.data[0].observations[0].rate).toBe(converted.data[0].observations[1].rate);
  });

  it('refuses values it does not know', async () => {
    for (const q of [`${SERIES}?units=cch`, `${SERIES}?freq=W`, `${SERIES}?aggregation=max`, '/v1/arrivals?to_freq=X']) {
      const res = await s.get(q, { plan: 'developer' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_parameter');
    }
  });
});

describe('formats', () => {
  it('format=jsonstat is a JSON-stat 2.0 dataset that jsonstat-toolkit reads, with flags as status', async () => {
    const json = await s.json('/v1/arrivals?country=ES,FR&freq=M&from=2024-01&to=2024-03&status=true', 'developer');
    const res = await s.get('/v1/arrivals?country=ES,FR&freq=M&from=2024-01&to=2024-03&format=jsonstat', { plan: 'developer' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const raw = await res.json();
    expect(raw).toMatchObject({ version: '2.0', class: 'dataset', id: ['country', 'unit', 'time'], size: [2, 1, 3] });
    const ds = JSONstat(raw);
    expect(ds.class).toBe('dataset');
    expect(ds.Dimension('country').id).toEqual(['ES', 'FR']);
    expect(ds.Dimension('time').id).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(ds.Dimension('country').role).toBe('geo');
    expect(ds.Dimension('time').role).toBe('time');
    for (const b of json.data) {
      for (const o of b.observations) {
        const cell = ds.Data({ country: b.country, unit: b.unit, time: o.period });
        expect(cell.value).toBe(o.value);
        expect(cell.status).toBe(o.status === 'published' ? null : o.status);
      }
    }
    // A table as pandas or R would take it.
    expect(ds.toTable({ type: 'arrobj' })).toHaveLength(6);
  });

  it('format=jsonstat of one series, transformed', async () => {
    const json = await s.json(`${WITHHELD}?from=2019-Q3&to=2020-Q1&freq=Q`, 'developer');
    const ds = JSONstat(await (await s.get(`${WITHHELD}?from=2019-Q3&to=2020-Q1&freq=Q&format=jsonstat`, { plan: 'developer' })).json());
    expect(ds.Dimension('time').id).toEqual(json.data.map((o: Obs) => o.period));
    expect(ds.Data({ time: '2019-Q4' })).toMatchObject({ value: null, status: 'withheld' });
    expect(ds.Data({ time: '2019-Q3' }).value).toBe(json.data[0].value);
  });

  it('format=sdmx-csv and Accept: application/vnd.sdmx.data+csv give SDMX-CSV 2.0; pandas reads it and CSV with transformations', async () => {
    const q = '/v1/arrivals?country=ES,FR&freq=M&from=2023-11&to=2024-02&units=pc1';
    const byFormat = await s.get(`${q}&format=sdmx-csv`, { plan: 'developer' });
    expect(byFormat.headers.get('content-type')).toBe('application/vnd.sdmx.data+csv; version=2.0.0');
    const byAccept = await s.get(q, { plan: 'developer', headers: { Accept: 'application/vnd.sdmx.data+csv; version=2.0.0' } });
    expect(byAccept.headers.get('content-type')).toBe('application/vnd.sdmx.data+csv; version=2.0.0');
    const text = await byFormat.text();
    expect(await byAccept.text()).toBe(text);
    expect(text.split('\r\n')[0]).toBe('STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,SERIES,TIME_PERIOD,OBS_VALUE,UNIT_MEASURE,OBS_STATUS,OBS_FLAGS,TITLE');
    // The JSON of the same request stays JSON.
    expect((await s.get(q, { plan: 'developer' })).headers.get('content-type')).toMatch(/^application\/json/);
    const json = await s.json(`${q}&status=true`, 'developer');
    const python = await systemPython(['pandas']);
    const script = [
      'import io, json, sys, urllib.request',
      'import pandas as pd',
      'def get(path, accept=None):',
      '    req = urllib.request.Request(sys.argv[1] + path, headers={"X-API-Key": sys.argv[2], **({"Accept": accept} if accept else {})})',
      '    return urllib.request.urlopen(req).read().decode()',
      'sdmx = pd.read_csv(io.StringIO(get(sys.argv[3], "application/vnd.sdmx.data+csv")), dtype={"TIME_PERIOD": str, "OBS_FLAGS": str}, keep_default_na=False, na_values=[""])',
      'csv = pd.read_csv(io.StringIO(get(sys.argv[3] + "&format=csv")), dtype={"period": str})',
      'print(json.dumps({"sdmx": json.loads(sdmx.to_json(orient="records")), "csv": json.loads(csv.to_json(orient="records"))}))',
    ].join('\n');
    const { stdout } = await run(python, ['-c', script, s.url, KEYS.developer, q], { timeout: 60_000 });
    const read = JSON.parse(stdout) as { sdmx: Record<string, unknown>[]; csv: Record<string, unknown>[] };
    const expected = json.data.flatMap((b: any) => b.observations.map((o: Obs) => ({ ...o, country: b.country, series: b.series, unit: b.unit })));
    expect(read.sdmx.map((r) => [r.STRUCTURE, r.STRUCTURE_ID, r.ACTION, r.REF_AREA, r.SERIES, r.TIME_PERIOD, r.OBS_VALUE, r.UNIT_MEASURE])).toEqual(
      expected.map((o: any) => ['dataflow', 'TOURISM_API:ARRIVALS(1.0)', 'I', o.country, o.series, o.period, o.value, 'percent change from a year ago']),
    );
    expect(read.sdmx.map((r) => r.OBS_STATUS)).toEqual(expected.map((o: any) => ({ published: 'A', estimated: 'E', provisional: 'P' })[o.status as string]));
    expect(read.csv.map((r) => [r.country, r.period, r.value])).toEqual(expected.map((o: any) => [o.country, o.period, o.value]));
  });

  it('are offered only where observations are listed: elsewhere a 400', async () => {
    for (const q of ['/v1/countries?format=jsonstat', '/v1/status?format=sdmx-csv', `${SERIES}?format=xml`]) {
      const res = await s.get(q, { plan: 'developer' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_parameter');
    }
    // Accept for SDMX where it is not offered gives JSON, as Accept: text/csv does where CSV is not.
    const res = await s.get('/v1/countries?limit=1', { plan: 'developer', headers: { Accept: 'application/vnd.sdmx.data+csv' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
