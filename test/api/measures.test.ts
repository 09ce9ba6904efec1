import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** The ECB file read independently of the connector: the year's average of daily USD rates. */
function ecbAverage(currency: string, prefix: string): number {
  const lines = fs.readFileSync(path.join(SOURCES_DIR, 'ecb/eurofxref-hist.csv'), 'utf8').trim().split('\n');
  const col = lines[0].split(',').indexOf(currency);
  const rates = lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => c[0].startsWith(prefix) && c[col] !== 'N/A')
    .map((c) => Number(c[col]));
  return rates.reduce((a, b) => a + b, 0) / rates.length;
}

describe('/v1/arrivals', () => {
  it("serves Spain's Eurostat arrivals and, with freq=M, Japan's JNTO arrivals", async () => {
    const body = await s.json('/v1/arrivals?country=ES,JP&freq=M&from=2016-08&to=2016-08', 'developer');
    expect(body.meta.measure).toBe('arrivals');
    const [es, jp] = body.data;
    expect(es).toMatchObject({ country: 'ES', freq: 'M', unit: 'arrivals', observations: [{ period: '2016-08', value: expect.any(Number) }] });
    expect(es.series).toMatch(/^sr_[0-9a-z]{8}$/);
    expect(jp.country).toBe('JP');
    expect(jp.observations).toHaveLength(1);
  });
  it('Spain 2019-08 = 17,738,068 (Eurostat tour_occ_arm)', async () => {
    const body = await s.json('/v1/arrivals?country=ES&from=2019-08&to=2019-08', 'developer');
    expect(body.data[0].observations).toEqual([{ period: '2019-08', value: 17738068 }]);
  });
  it('with freq=A serves the UN Tourism annual total, in thousands', async () => {
    const body = await s.json('/v1/arrivals?country=FR&freq=A&from=2019&to=2019', 'developer');
    expect(body.data[0]).toMatchObject({ freq: 'A', unit: 'arrivals (thousands)', observations: [{ period: '2019', value: 217877 }] });
  });
  it('a country without such a series has series null, no observations and a note', async () => {
    const body = await s.json('/v1/arrivals?country=ES&freq=Q', 'developer');
    expect(body.data[0]).toMatchObject({ country: 'ES', series: null, observations: [] });
    expect(body.data[0].note).toMatch(/No arrivals series/);
  });
  it('404s a code not held, 400s a bad period, 403s the free plan', async () => {
    expect((await s.get('/v1/arrivals?country=ES,QQ')).status).toBe(404);
    expect((await s.get('/v1/arrivals?from=2019-13')).status).toBe(400);
    expect((await s.get('/v1/arrivals?from=2020&to=2019')).status).toBe(400);
    expect((await s.get('/v1/arrivals', { plan: 'free' })).status).toBe(403);
  });
  it('flattens to one CSV row per observation, and one row with the note for a country without a series', async () => {
    const res = await s.get('/v1/arrivals?country=ES&freq=Q&format=csv');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('country,series,name,unit,freq,period,value,note');
    const rows = await (await s.get('/v1/arrivals?country=ES&from=2019-07&to=2019-08&format=csv')).text();
    expect(rows.trim().split('\r\n')).toHaveLength(3);
    expect(rows).toContain(',2019-08,17738068');
  });
});

describe('/v1/spend', () => {
  it('serves UN Tourism spend in USD millions as published', async () => {
    const body = await s.json('/v1/spend?country=FR&from=2019&to=2019', 'developer');
    expect(body.meta).toMatchObject({ measure: 'spend', currency: null });
    expect(body.data[0]).toMatchObject({ unit: 'USD (millions)', freq: 'A' });
    expect(body.data[0].observations[0].rate).toBeUndefined();
  });
  it("converts at the year's average ECB rate, with the rate on each observation", async () => {
    const usd = await s.json('/v1/spend?country=FR&from=2019&to=2019', 'developer');
    const eur = await s.json('/v1/spend?country=FR&from=2019&to=2019&currency=EUR', 'developer');
    const avg = ecbAverage('USD', '2019');
    const published = usd.data[0].observations[0].value;
    const converted = eur.data[0].observations[0];
    expect(converted.rate).toBeCloseTo(1 / avg, 5);
    expect(converted.value).toBeCloseTo(published * converted.rate, 4);
    expect(converted.value).toBeCloseTo(published / avg, 1);
    expect(eur.data[0].unit).toBe('EUR (millions)');
    expect(eur.meta.converted_at).toMatch(/annual average/);
  });
  it('cross-converts USD to GBP through EUR', async () => {
    const gbp = await s.json('/v1/spend?country=FR&from=2019&to=2019&currency=GBP', 'developer');
    expect(gbp.data[0].observations[0].rate).toBeCloseTo(ecbAverage('GBP', '2019') / ecbAverage('USD', '2019'), 5);
  });
  it('leaves out periods before the ECB series with a note', async () => {
    const body = await s.json('/v1/spend?country=FR&from=1995&to=2000&currency=EUR', 'developer');
    expect(body.data[0].observations.map((o: any) => o.period)).toEqual(['1999', '2000']);
    expect(body.data[0].note).toMatch(/without an ECB reference rate/);
  });
  it('rejects a currency without a reference rate', async () => {
    expect((await s.get('/v1/spend?country=FR&currency=XXX')).status).toBe(400);
  });
});

describe('/v1/capacity and /v1/nights/by-region', () => {
  it('serves bed places (Spain 2019 = 3,638,875)', async () => {
    const body = await s.json('/v1/capacity?country=ES&from=2019&to=2019', 'developer');
    expect(body.data[0]).toMatchObject({ unit: 'bed-places', observations: [{ period: '2019', value: 3638875 }] });
  });
  it('serves establishments and hotel bedrooms after bed places, as Eurostat publishes them, then UN Tourism\'s hotel counts', async () => {
    const file = fs.readFileSync(path.join(SOURCES_DIR, 'eurostat/estat_tour_cap_nat.tsv'), 'utf8').split('\n');
    const col = file[0].split('\t').findIndex((h) => h.trim() === '2019');
    const cell = (key: string) => Number(file.find((l) => l.startsWith(`${key}\t`))!.split('\t')[col].trim());
    const body = await s.json('/v1/capacity?country=ES&from=2019&to=2019', 'developer');
    expect(body.data.map((b: any) => [b.unit, b.observations[0].value])).toEqual([
      ['bed-places', cell('A,BEDPL,NR,I551-I553,ES')],
      ['establishments', cell('A,ESTBL,NR,I551-I553,ES')],
      // UN Tourism's accommodation_hotels workbook of 23/12/2025, rows 6518 and 2800 (hotels and similar only);
      // its rooms (929,510) are Eurostat's hotel bedrooms series, which Eurostat gives first
      ['bed-places', 1951230],
      ['bedrooms', cell('A,BEDRM,NR,I551,ES')], // 933,500: hotels and similar accommodation only
      ['establishments', 33583],
    ]);
    expect(body.data[2].series).toBe((await s.json('/v1/series/es.capacity.unit-hotel-bed-places.a/metadata', 'developer')).data.id);
    expect(body.data[3].name).toMatch(/bedrooms in hotels and similar accommodation$/);
    const csv = await (await s.get('/v1/capacity?country=ES&from=2019&to=2019&format=csv')).text();
    expect(csv).toContain(',bedrooms,A,2019,933500');
    // A country without capacity gets its one null block, as before.
    const jp = await s.json('/v1/capacity?country=JP', 'developer');
    expect(jp.data).toEqual([expect.objectContaining({ country: 'JP', series: null, observations: [] })]);
  });
  it("gives nights per NUTS 2 region for the latest finished year", async () => {
    const body = await s.json('/v1/nights/by-region?iso=ES', 'developer');
    expect(body.meta).toMatchObject({ country: 'ES', measure: 'nights', breakdown: 'region', period: '2024', freq: 'A' });
    const names = body.data.map((r: any) => r.name);
    expect(names).toContain('Cataluña (ES51)');
    expect(body.data.every((r: any) => r.series.startsWith('sr_') && r.value > 0)).toBe(true);
    const y2022 = await s.json('/v1/nights/by-region?iso=ES&period=2022', 'developer');
    expect(y2022.meta.period).toBe('2022');
    expect((await s.get('/v1/nights/by-region')).status).toBe(400);
    expect((await s.get('/v1/nights/by-region?iso=QQ')).status).toBe(404);
  });
});

describe('the same answers on both surfaces', () => {
  it('refuses codes not held with the same unknown_country on REST (404) and GraphQL (heldCountries)', async () => {
    const rest = await s.get('/v1/arrivals?country=ES,ZZ,YY', { plan: 'developer' });
    expect(rest.status).toBe(404);
    const restError = (await rest.json()).error;
    const { body } = await s.graphql('{ heldCountries(isos: ["es", "ZZ", "YY"]) }', {}, 'developer');
    expect(body.errors[0].extensions.code).toBe(restError.code);
    expect(body.errors[0].message).toBe(restError.message);
    expect(restError.message).toBe('No country ZZ, YY is held.');
    expect((await s.graphql('{ heldCountries(isos: ["es", "FR", "ES"]) }', {}, 'free')).body.data.heldCountries).toEqual(['ES', 'FR']);
  });

  it('gives the notes of a measure list as GraphQL fields: no series of the measure held, no figure in the window', async () => {
    const rest = await s.json('/v1/spend?country=ES,TH&from=2023', 'developer');
    const query = `{ countries(isos: ["ES", "TH"]) { nodes { iso measureNote(measure: spend) spend { windowNote(from: "2023") } } } }`;
    const nodes = (await s.graphql(query, {}, 'developer')).body.data.countries.nodes;
    for (const block of rest.data) {
      const node = nodes.find((n: { iso: string }) => n.iso === block.country);
      expect(block.note ?? null).toBe(node.measureNote ?? node.spend?.windowNote ?? null);
    }
  });
});
