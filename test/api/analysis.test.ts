/**
 * The statistics and analysis endpoints on the real test release. Expected figures are worked
 * out here from the publishers' files (or from the plain observations the API serves), not
 * from the code under test.
 */
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

/** Period → value of one row of a Eurostat bulk TSV, read straight from the file. */
function eurostatRow(file: string, key: string): Map<string, number> {
  const lines = fs.readFileSync(path.join(SOURCES_DIR, 'eurostat', file), 'utf8').split('\n');
  const periods = lines[0].split('\t').slice(1).map((p) => p.trim());
  const row = lines.find((l) => l.startsWith(`${key}\t`));
  if (!row) throw new Error(`no row ${key}`);
  const values = new Map<string, number>();
  row.split('\t').slice(1).forEach((cell, i) => {
    const n = Number(cell.trim().split(' ')[0]);
    if (cell.trim()[0] !== ':' && Number.isFinite(n)) values.set(periods[i], n);
  });
  return values;
}

/** A World Bank long-format CSV value (Country Code, Year). */
function worldBank(indicator: string, iso3: string, year: number): number {
  const line = fs
    .readFileSync(path.join(SOURCES_DIR, 'worldbank_wdi', `${indicator}.csv`), 'utf8')
    .split('\n')
    .find((l) => l.includes(`,${iso3},${year},`));
  if (!line) throw new Error(`no ${indicator} ${iso3} ${year}`);
  return Number(line.split(',').at(-1));
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const medianOf = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

async function expectError(pathAndQuery: string, status: number, code: string, plan: 'developer' | 'analyst' | 'intel' = 'intel') {
  const res = await s.get(pathAndQuery, { plan });
  expect(res.status, pathAndQuery).toBe(status);
  const body = await res.json();
  expect(body.error.code, pathAndQuery).toBe(code);
  return body.error;
}

describe('/v1/seasonality', () => {
  it('indexes each month against its year, median across complete years (Spain nights 2016–2019)', async () => {
    const nights = eurostatRow('estat_tour_occ_nim.tsv', 'M,TOTAL,NR,I551-I553,ES');
    const years = [2016, 2017, 2018, 2019];
    const yearly = years.map((y) => {
      const months = Array.from({ length: 12 }, (_, i) => nights.get(`${y}-${String(i + 1).padStart(2, '0')}`)!);
      const mean = months.reduce((a, b) => a + b, 0) / 12;
      return months.map((v) => (v / mean) * 100);
    });
    const body = await s.json('/v1/seasonality?id=es.nights.total.m&from=2016&to=2019', 'developer');
    expect(body.meta.series).toMatch(/^sr_[0-9a-z]{8}$/);
    expect(body.meta.years).toEqual(['2016', '2017', '2018', '2019']);
    expect(body.meta.index).toMatch(/percentage of its year's monthly average/);
    expect(body.data).toHaveLength(12);
    expect(Object.keys(body.data[0])).toEqual(['month', 'index', 'low', 'high']);
    for (const row of body.data) {
      const column = yearly.map((y) => y[row.month - 1]);
      expect(row.index).toBeCloseTo(round(medianOf(column), 1), 6);
      expect(row.low).toBeCloseTo(round(Math.min(...column), 1), 6);
      expect(row.high).toBeCloseTo(round(Math.max(...column), 1), 6);
    }
    const august = body.data.find((r: any) => r.month === 8);
    expect(august.index).toBeGreaterThan(150); // Spain's peak month
  });

  it('counts only complete years and accepts the sr_ id', async () => {
    const meta = await s.json('/v1/seasonality?id=es.nights.total.m&from=2019-03&to=2021', 'developer');
    expect(meta.meta.years).toEqual(['2020', '2021']);
    const byId = await s.json(`/v1/seasonality?id=${meta.meta.series}&from=2020&to=2021`, 'developer');
    expect(byId.data).toEqual(meta.data);
    const none = await s.json('/v1/seasonality?id=es.nights.total.m&from=2019-03&to=2019-12', 'developer');
    expect(none.meta.years).toEqual([]);
    expect(none.data).toEqual([]);
  });

  it('serves CSV', async () => {
    const res = await s.get('/v1/seasonality?id=es.nights.total.m&from=2016&to=2019&format=csv', { plan: 'developer' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('month,index,low,high');
    expect(lines).toHaveLength(14); // header, 12 months, trailing empty
  });

  it('refuses the free plan, unknown series, non-monthly series and bad parameters', async () => {
    const free = await s.get('/v1/seasonality?id=es.nights.total.m', { plan: 'free' });
    expect(free.status).toBe(403);
    expect((await free.json()).error).toMatchObject({ code: 'plan_required', plan: 'developer' });
    await expectError('/v1/seasonality?id=zz.nights.total.m', 404, 'unknown_series');
    await expectError('/v1/seasonality?id=sr_00000000', 404, 'unknown_series');
    const annual = await expectError('/v1/seasonality?id=fr.arrivals.total.a', 400, 'invalid_parameter');
    expect(annual.message).toMatch(/monthly series.*annual/);
    await expectError('/v1/seasonality', 400, 'invalid_parameter');
    await expectError('/v1/seasonality?id=es.nights.total.m&from=2019-13', 400, 'invalid_parameter');
    await expectError('/v1/seasonality?id=es.nights.total.m&from=2020&to=2019', 400, 'invalid_parameter');
    await expectError('/v1/seasonality?id=es.nights.total.m&year=2019', 400, 'unknown_parameter');
  });
});

describe('/v1/joins/holidays', () => {
  it("joins each month of Spain's nights with its national and regional holidays", async () => {
    const body = await s.json('/v1/joins/holidays?id=es.nights.total.m&from=2019-08&to=2019-12', 'developer');
    expect(body.meta).toMatchObject({ country: 'ES' });
    expect(body.meta.series).toMatch(/^sr_/);
    expect(body.data.map((r: any) => r.period)).toEqual(['2019-08', '2019-09', '2019-10', '2019-11', '2019-12']);
    const august = body.data[0];
    expect(Object.keys(august)).toEqual(['period', 'value', 'holidays', 'holiday_list']);
    expect(august.value).toBe(72418691);
    expect(august.holiday_list).toContainEqual({ date: '2019-08-15', name: 'Assumption', national: true });
    expect(august.holiday_list.some((h: any) => !h.national)).toBe(true);
    expect(august.holidays).toBe(august.holiday_list.length);
    // The holidays of the month are exactly those the holidays endpoint lists for August 2019.
    const year = await s.json('/v1/holidays/ES?year=2019', 'free');
    const inAugust = year.data.filter((h: any) => h.date.startsWith('2019-08'));
    expect(august.holiday_list.map((h: any) => h.date).sort()).toEqual(inAugust.map((h: any) => h.date).sort());
    const december = body.data[4];
    expect(december.holiday_list).toContainEqual({ date: '2019-12-25', name: 'Christmas Day', national: true });
  });

  it('takes the whole year for an annual series', async () => {
    const body = await s.json('/v1/joins/holidays?id=fr.arrivals.total.a&from=2019&to=2019', 'developer');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ period: '2019', value: 217877 });
    const year = await s.json('/v1/holidays/FR?year=2019', 'free');
    expect(body.data[0].holidays).toBe(year.data.length);
  });

  it('serves CSV with the holiday list joined', async () => {
    const res = await s.get('/v1/joins/holidays?id=es.nights.total.m&from=2019-08&to=2019-08&format=csv', { plan: 'developer' });
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('period,value,holidays,holiday_list');
    // Each holiday as "date name national", joined with ';'.
    expect(lines[1]).toMatch(/^2019-08,72418691,4,"?2019-08-05 .+ false;.*;2019-08-15 Assumption true"?$/);
  });

  it('joins decades of months with no warning from Node about the holidays it waits for', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const body = await s.json('/v1/joins/holidays?id=es.nights.total.m&from=2000-01&to=2025-12', 'developer');
      expect(new Set(body.data.map((r: any) => r.period.slice(0, 4))).size).toBeGreaterThan(20);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('refuses the free plan and unknown series', async () => {
    expect((await s.get('/v1/joins/holidays?id=es.nights.total.m', { plan: 'free' })).status).toBe(403);
    await expectError('/v1/joins/holidays?id=qq.nights.total.m', 404, 'unknown_series');
    await expectError('/v1/joins/holidays?id=not-an-id', 400, 'invalid_parameter');
  });
});

describe('/v1/stats/tourism-intensity', () => {
  it('ranks 2019 by arrivals per resident, France from the UN Tourism series and the World Bank population', async () => {
    const body = await s.json('/v1/stats/tourism-intensity', 'analyst');
    expect(body.meta.year).toBe(2019);
    expect(body.meta.ranked).toBe(body.data.length);
    expect(body.meta.next).toBeNull();
    expect(body.data.length).toBeGreaterThan(150);
    const population = worldBank('SP.POP.TOTL', 'FRA', 2019);
    const fr = body.data.find((r: any) => r.country === 'FR');
    expect(fr).toEqual({
      rank: fr.rank,
      country: 'FR',
      name: 'France',
      year: 2019,
      arrivals_per_resident: round(217_877_000 / population, 3),
      receipts_per_resident_usd: round(70_786_000_000 / population, 2),
      arrivals: 217_877_000,
      population,
      arrivals_source: 'un_tourism',
      receipts_source: 'un_tourism',
    });
    const ratios = body.data.map((r: any) => r.arrivals / r.population);
    expect(ratios).toEqual([...ratios].sort((a: number, b: number) => b - a));
    expect(body.data[0].rank).toBe(1);
    expect(fr.rank).toBe(body.data.findIndex((r: any) => r.country === 'FR') + 1);
  });

  it("uses the World Bank's copy where the UN Tourism series has no figure (Spain's receipts)", async () => {
    const body = await s.json('/v1/stats/tourism-intensity?year=2019', 'analyst');
    const es = body.data.find((r: any) => r.country === 'ES');
    expect(es.arrivals).toBe(126_170_000);
    // es.spend.total.a stops in 1998 and WB ST.INT.RCPT.CD for ESP likewise: no receipts.
    expect(es.receipts_per_resident_usd).toBeNull();
    expect(es.receipts_source).toBeNull();
  });

  it('pages with limit and an opaque cursor', async () => {
    const all = await s.json('/v1/stats/tourism-intensity?year=2018', 'analyst');
    const page1 = await s.json('/v1/stats/tourism-intensity?year=2018&limit=3', 'analyst');
    expect(page1.data).toEqual(all.data.slice(0, 3));
    expect(page1.meta.ranked).toBe(all.data.length);
    expect(page1.meta.next).toMatch(/^\/v1\/stats\/tourism-intensity\?year=2018&limit=3&cursor=/);
    const page2 = await s.json(page1.meta.next, 'analyst');
    expect(page2.data).toEqual(all.data.slice(3, 6));
    const whole = await s.json('/v1/stats/tourism-intensity?year=2018&limit=1000', 'analyst');
    expect(whole.data).toEqual(all.data);
    expect(whole.meta.next).toBeNull();
    const csv = await s.get('/v1/stats/tourism-intensity?limit=2&format=csv', { plan: 'analyst' });
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'rank,country,name,year,arrivals_per_resident,receipts_per_resident_usd,arrivals,population,arrivals_source,receipts_source',
    );
  });

  it('refuses the developer plan and bad parameters', async () => {
    expect((await s.get('/v1/stats/tourism-intensity', { plan: 'developer' })).status).toBe(403);
    await expectError('/v1/stats/tourism-intensity?limit=0', 400, 'invalid_parameter');
    await expectError('/v1/stats/tourism-intensity?limit=1001', 400, 'invalid_parameter');
    await expectError('/v1/stats/tourism-intensity?year=19', 400, 'invalid_parameter');
    await expectError('/v1/stats/tourism-intensity?cursor=%21%21', 400, 'invalid_parameter');
    await expectError(`/v1/stats/tourism-intensity?cursor=${Buffer.from('QQ').toString('base64url')}`, 400, 'invalid_parameter');
  });
});

describe('/v1/stats/origin-shift', () => {
  async function observations(alias: string, from: string, to: string): Promise<Map<string, number>> {
    const r = await s.graphql(`{ seriesById(id: "${alias}") { observations(from: "${from}", to: "${to}") { period value } } }`);
    return new Map(r.body.data.seriesById.observations.map((o: any) => [o.period, o.value]));
  }
  const sumOver = (values: Map<string, number>, periods: string[]) => periods.reduce((t, p) => t + values.get(p)!, 0);
  const months = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const [y, m] = from.split('-').map(Number);
      const index = y * 12 + m - 1 + i;
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    });

  it("compares Japan's markets over the last 12 months of the full JNTO breakdown with the 12 before", async () => {
    const body = await s.json('/v1/stats/origin-shift?country=JP', 'intel');
    expect(body.meta.country).toBe('JP');
    // The monthly total reaches 2025-02 as the sum of JNTO's nationalities, so the window is its last 12 months.
    expect(body.meta.method.window).toBe('2024-03..2025-02');
    expect(body.meta.method.against).toBe('2023-03..2024-02');
    expect(Object.keys(body.meta.method)).toEqual(['window', 'against', 'value', 'lo80']);
    expect(body.meta.method.value).toMatch(/^Monthly figures/);
    expect(body.meta.next).toBeNull();
    // 46 markets: the nationalities of JNTO's 1996–2025 export (its 2017 file's regions stop in 2017-01).
    expect(body.data).toHaveLength(46);
    expect(Object.keys(body.data[0])).toEqual(['origin', 'share_pct', 'change_points', 'lo80', 'hi80', 'origin_code']);
    const moves = body.data.map((r: any) => Math.abs(r.change_points));
    expect(moves).toEqual([...moves].sort((a: number, b: number) => b - a));

    const total = await observations('jp.arrivals.total.m', '2023-03', '2025-02');
    const us = await observations('jp.arrivals.origin-us.m', '2023-03', '2025-02');
    const latest = months('2024-03', 12);
    const before = months('2023-03', 12);
    const share = (sumOver(us, latest) / sumOver(total, latest)) * 100;
    const shareBefore = (sumOver(us, before) / sumOver(total, before)) * 100;
    const row = body.data.find((r: any) => r.origin_code === 'us');
    expect(row.origin).toBe((await s.json('/v1/countries/US', 'free')).data.name);
    expect(row.share_pct).toBeCloseTo(round(share, 1), 6);
    expect(row.change_points).toBeCloseTo(round(share - shareBefore, 1), 6);
    expect(row.lo80).toBeLessThanOrEqual(row.change_points);
    expect(row.hi80).toBeGreaterThanOrEqual(row.change_points);
    expect(body.data.find((r: any) => r.origin_code === 'region-africa').origin).toBe('Africa, total');
    // The 2017 file's regions share no month with the nationalities' newest: not mixed into their window.
    expect(body.data.find((r: any) => r.origin_code === 'region-oceania')).toBeUndefined();
  });

  it("uses Eurostat's trips matrix, annual countries of origin, for the destinations it covers (France)", async () => {
    const body = await s.json('/v1/stats/origin-shift?country=FR', 'intel');
    expect(body.meta.method).toMatchObject({ window: '2023', against: '2022' });
    expect(body.meta.method.value).toMatch(/^Annual figures.*Trips of EU\/EFTA residents by country of destination, from the household surveys .*tour_dem_ttw/);
    expect(body.meta.method.lo80).toMatch(/No band/);
    const markets = body.data.map((r: any) => r.origin_code);
    expect(body.meta.method.value).toContain(`sum of the ${markets.length} origin markets published in both years`);
    expect(markets.length).toBeGreaterThanOrEqual(10);
    expect(markets).not.toContain('fr');
    // Every share against the trips of the markets published in both years, from the served series.
    const values: Record<string, Map<string, number>> = {};
    for (const code of markets) values[code] = await observations(`fr.arrivals.origin-${code}.a`, '2022', '2023');
    const total = (p: string) => markets.reduce((t: number, c: string) => t + values[c].get(p)!, 0);
    const de = body.data.find((r: any) => r.origin_code === 'de');
    expect(de.origin).toBe('Germany');
    const share = (values.de.get('2023')! / total('2023')) * 100;
    expect(de.share_pct).toBeCloseTo(round(share, 1), 6);
    expect(de.change_points).toBeCloseTo(round(share - (values.de.get('2022')! / total('2022')) * 100, 1), 6);
    expect(de.lo80).toBeNull();
  });

  it("uses UN Tourism's annual regions of origin where no monthly breakdown is held (Costa Rica)", async () => {
    const body = await s.json('/v1/stats/origin-shift?country=CR', 'intel');
    expect(body.meta.method.value).toMatch(/^Annual figures.*region of origin/);
    expect(body.meta.method.lo80).toMatch(/No band/);
    // CR's "other, not classified" row stops in 2010; UN Tourism's arrivals by region of 23/12/2025 take the
    // others to 2024: the latest pair listing the same regions is 2023–2024.
    const year = body.meta.method.window;
    const against = body.meta.method.against;
    expect([against, year]).toEqual(['2023', '2024']);
    expect(body.data.map((r: any) => r.origin_code)).not.toContain('other-not-classified');
    const regions = ['africa', 'americas', 'east-asia-pacific', 'europe', 'middle-east', 'south-asia', 'other-not-classified'];
    const values: Record<string, Map<string, number>> = {};
    for (const r of body.data) values[r.origin_code] = await observations(`cr.arrivals.origin-${r.origin_code}.a`, against, year);
    const slices = regions.filter((r) => values[r]);
    const total = (p: string) => slices.reduce((t, r) => t + values[r].get(p)!, 0);
    const europe = body.data.find((r: any) => r.origin_code === 'europe');
    expect(europe.origin).toBe('Europe');
    const share = (values.europe.get(year)! / total(year)) * 100;
    expect(europe.share_pct).toBeCloseTo(round(share, 1), 6);
    expect(europe.change_points).toBeCloseTo(round(share - (values.europe.get(against)! / total(against)) * 100, 1), 6);
    expect(europe.lo80).toBeNull();
  });

  it('pages with limit and cursor', async () => {
    const all = await s.json('/v1/stats/origin-shift?country=JP', 'intel');
    const page1 = await s.json('/v1/stats/origin-shift?country=JP&limit=5', 'intel');
    expect(page1.data).toEqual(all.data.slice(0, 5));
    expect(page1.meta.next).toMatch(/^\/v1\/stats\/origin-shift\?country=JP&limit=5&cursor=/);
    const page2 = await s.json(page1.meta.next, 'intel');
    expect(page2.data).toEqual(all.data.slice(5, 10));
  });

  it('refuses the analyst plan; 404 for a country not held; 400 for a held country without the statistic', async () => {
    const res = await s.get('/v1/stats/origin-shift?country=JP', { plan: 'analyst' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.plan).toBe('intel');
    const unknown = await expectError('/v1/stats/origin-shift?country=QQ', 404, 'unknown_country');
    expect(unknown.message).toContain('QQ');
    await expectError('/v1/stats/origin-shift', 400, 'invalid_parameter');
    await expectError('/v1/stats/origin-shift?country=ESP', 400, 'invalid_parameter');
  });
});

describe('/v1/stats/stay-length', () => {
  it('divides Eurostat nights by arrivals of the same establishments (Spain, August 2019 = 4.08)', async () => {
    const body = await s.json('/v1/stats/stay-length?country=ES&from=2019-01', 'analyst');
    expect(body.meta.next).toBeNull();
    expect(body.meta.country).toBe('ES');
    expect(body.data[0].period).toBe('2019-01');
    expect(Object.keys(body.data[0])).toEqual(['period', 'nights_per_arrival']);
    const august = body.data.find((r: any) => r.period === '2019-08');
    expect(august.nights_per_arrival).toBe(round(72_418_691 / 17_738_068, 2));
    expect(august.nights_per_arrival).toBe(4.08);
    // Every month against the two Eurostat files.
    const nights = eurostatRow('estat_tour_occ_nim.tsv', 'M,TOTAL,NR,I551-I553,ES');
    const arrivals = eurostatRow('estat_tour_occ_arm.tsv', 'M,TOTAL,NR,I551-I553,ES');
    for (const row of body.data) {
      expect(row.nights_per_arrival, row.period).toBeCloseTo(round(nights.get(row.period)! / arrivals.get(row.period)!, 2), 6);
    }
  });

  it('takes a year as its first month and serves CSV', async () => {
    const body = await s.json('/v1/stats/stay-length?country=fr&from=2020', 'analyst');
    expect(body.data[0].period).toBe('2020-01');
    const res = await s.get('/v1/stats/stay-length?country=ES&from=2019-08&format=csv', { plan: 'analyst' });
    expect((await res.text()).split('\r\n').slice(0, 2)).toEqual(['period,nights_per_arrival', '2019-08,4.08']);
  });

  it('refuses the developer plan; 404 unknown country; 400 for a country without the statistic', async () => {
    expect((await s.get('/v1/stats/stay-length?country=ES', { plan: 'developer' })).status).toBe(403);
    await expectError('/v1/stats/stay-length?country=QQ', 404, 'unknown_country');
    const jp = await expectError('/v1/stats/stay-length?country=JP', 400, 'invalid_parameter');
    expect(jp.message).toMatch(/JP has no table.*served for .*ES/);
    await expectError('/v1/stats/stay-length?country=ES&from=2019-00', 400, 'invalid_parameter');
    await expectError('/v1/stats/stay-length', 400, 'invalid_parameter');
  });
});

describe('/v1/regions/{region}', () => {
  it("sums Europe's monthly nights in units, with the countries reporting", async () => {
    const body = await s.json('/v1/regions/europe?measure=nights&from=2019-08&to=2019-08', 'developer');
    expect(body.meta).toMatchObject({ region: 'europe', name: 'Europe', measure: 'nights', freq: 'M' });
    expect(body.meta.note).toMatch(/not comparable/);
    expect(body.meta.countries).toContain('ES');
    // Independently: every European country's headline nights for 2019-08, read through the observations field.
    const r = await s.graphql(
      `{ region(slug: "europe") { countries { iso series(measure: nights, headline: true) { freq observations(from: "2019-08", to: "2019-08") { value } } } } }`,
    );
    const values = r.body.data.region.countries
      .flatMap((c: any) => c.series.filter((x: any) => x.freq === 'M').map((x: any) => x.observations[0]?.value))
      .filter((v: any) => typeof v === 'number');
    expect(body.data).toEqual([
      { period: '2019-08', value: values.reduce((a: number, b: number) => a + b, 0), countries_reporting: values.length },
    ]);
    expect(values.length).toBeGreaterThan(30);
  });

  it("applies the publisher's scale: Americas arrivals are UN Tourism thousands given in units", async () => {
    const body = await s.json('/v1/regions/americas?measure=arrivals&from=2019&to=2019', 'developer');
    expect(body.meta.freq).toBe('A');
    const r = await s.graphql(
      `{ region(slug: "americas") { countries { iso series(measure: arrivals, headline: true) { freq scale observations(from: "2019", to: "2019") { value } } } } }`,
    );
    let total = 0;
    let reporting = 0;
    for (const c of r.body.data.region.countries) {
      for (const x of c.series) {
        // Countries whose headline is a national office's monthly series (US, CA, BR) are left out of the annual sum.
        if (x.freq !== 'A') continue;
        expect(x.scale).toBe('thousands');
        const v = x.observations[0]?.value;
        if (typeof v === 'number') {
          total += v * 1000;
          reporting += 1;
        }
      }
    }
    expect(body.data).toHaveLength(1);
    expect(body.data[0].countries_reporting).toBe(reporting);
    expect(body.data[0].value).toBeCloseTo(total, 3);
    expect(body.data[0].value).toBeGreaterThan(100_000_000);
  });

  it('serves CSV; an empty measure is a success with a note', async () => {
    const res = await s.get('/v1/regions/europe?measure=nights&from=2019-01&to=2019-02&format=csv', { plan: 'developer' });
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('period,value,countries_reporting');
    expect(lines[1]).toMatch(/^2019-01,\d+,\d+$/);
    // UN Tourism's hotels workbook of 23/12/2025 gives room occupancy rates (percent): rates are never summed.
    const occupancy = await s.json('/v1/regions/africa?measure=occupancy', 'developer');
    expect(occupancy.data).toEqual([]);
    expect(occupancy.meta.note).toMatch(/No country in Africa has a headline occupancy series that adds up .*never summed/);
  });

  it('refuses the free plan; 404 for an unknown region; 400 for a bad or missing measure', async () => {
    expect((await s.get('/v1/regions/europe?measure=nights', { plan: 'free' })).status).toBe(403);
    const err = await expectError('/v1/regions/atlantis?measure=nights', 404, 'unknown_region');
    expect(err.message).toContain('atlantis');
    await expectError('/v1/regions/europe', 400, 'invalid_parameter');
    await expectError('/v1/regions/europe?measure=beds', 400, 'invalid_parameter');
    await expectError('/v1/regions/europe?measure=nights&from=2019&to=2018', 400, 'invalid_parameter');
  });
});

describe('GraphQL fields behind these endpoints', () => {
  it('Series.seasonality and Series.holidays need developer; tourismIntensity analyst; Country.originShift intel', async () => {
    const free = await s.graphql('{ seriesById(id: "es.nights.total.m") { seasonality { years } } }', {}, 'free');
    expect(free.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'developer' });
    const dev = await s.graphql('{ tourismIntensity { ranked } }', {}, 'developer');
    expect(dev.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'analyst' });
    const analyst = await s.graphql('{ country(iso: "JP") { originShift { freq } } }', {}, 'analyst');
    expect(analyst.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'intel' });
    const intel = await s.graphql('{ country(iso: "JP") { originShift(limit: 2) { freq rows { origin } } } }', {}, 'intel');
    expect(intel.body.data.country.originShift).toMatchObject({ freq: 'M' });
    expect(intel.body.data.country.originShift.rows).toHaveLength(2);
  });
});
