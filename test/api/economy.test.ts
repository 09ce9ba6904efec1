import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

/** One value of a World Bank long file (`Country Name,Country Code,Year,Value`). */
function wdi(indicator: string, iso3: string, year: number): number {
  const text = fs.readFileSync(path.join(SOURCES_DIR, 'worldbank_wdi', `${indicator}.csv`), 'utf8');
  const line = text.split(/\r?\n/).find((l) => l.includes(`,${iso3},${year},`));
  if (!line) throw new Error(`${indicator} ${iso3} ${year} not in the file`);
  return Number(line.split(',').at(-1));
}

/** One value of a World Bank wide API_… download. */
function wdiWide(file: string, iso3: string, year: number): number {
  const text = fs.readFileSync(path.join(SOURCES_DIR, 'worldbank_wdi/api_csv', file), 'utf8').replace(/^\uFEFF/, '');
  const rows = text.split(/\r?\n/).slice(4).map((l) => l.slice(1, -2).split('","'));
  const col = rows[0].indexOf(String(year));
  return Number(rows.find((r) => r[1] === iso3)![col]);
}

/** One IMF WEO figure: the export is Latin-1, tab-separated, with decimal commas. */
function weo(country: string, subject: string, units: string, year: number): number {
  const lines = fs.readFileSync(path.join(SOURCES_DIR, 'imf_weo/WEO_Data_Oct2024_custom_extract.xls'), 'latin1').split(/\r?\n/).map((l) => l.split('\t'));
  const col = lines[0].indexOf(String(year));
  const row = lines.find((c) => c[0] === country && c[1] === subject && c[2] === units)!;
  return Number(row[col].replace(',', '.'));
}

/** Eurostat monthly cells of one series key for one year (value before the flag; ':' is none). */
function eurostatYear(file: string, key: string, year: number): (number | null)[] {
  const lines = fs.readFileSync(path.join(SOURCES_DIR, 'eurostat', file), 'utf8').split('\n');
  const header = lines[0].split('\t').map((h) => h.trim());
  const cells = lines.find((l) => l.startsWith(`${key}\t`))!.split('\t');
  return Array.from({ length: 12 }, (_, i) => {
    const v = cells[header.indexOf(`${year}-${String(i + 1).padStart(2, '0')}`)].trim().split(' ')[0];
    return v === ':' ? null : Number(v);
  });
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/economy/{iso}', () => {
  it('lists World Bank history and IMF projections, newest first', async () => {
    const body = await s.json('/v1/economy/FR', 'analyst');
    expect(body.meta).toMatchObject({ country: 'FR', name: 'France' });
    const years = body.data.map((r: any) => r.year);
    expect(years).toEqual([...years].sort((a: number, b: number) => b - a));
    expect(Object.keys(body.data[0])).toEqual([
      'year', 'projection', 'gdp_growth_pct', 'inflation_pct', 'gdp_usd_bn', 'gdp_per_capita_usd', 'population_m', 'unemployment_pct', 'current_account_pct_gdp',
    ]);
    const y = (n: number) => body.data.find((r: any) => r.year === n);
    // 2026: only the IMF has it — a projection.
    expect(y(2026)).toMatchObject({ projection: true, gdp_growth_pct: weo('France', 'Gross domestic product, constant prices', 'Percent change', 2026), gdp_usd_bn: null });
    // 2025: the World Bank holds every figure (population 68,720,337 → 68.72 m).
    expect(y(2025)).toMatchObject({ projection: false, population_m: 68.72 });
    expect(y(2025).population_m).toBeCloseTo(wdi('SP.POP.TOTL', 'FRA', 2025) / 1e6, 3);
    // 2023: the Bank's growth (1.439…) wins over the IMF's 1.12.
    expect(weo('France', 'Gross domestic product, constant prices', 'Percent change', 2023)).toBe(1.12);
    expect(y(2023).gdp_growth_pct).toBeCloseTo(wdi('NY.GDP.MKTP.KD.ZG', 'FRA', 2023), 3);
    expect(y(2023).gdp_usd_bn).toBeCloseTo(wdi('NY.GDP.MKTP.CD', 'FRA', 2023) / 1e9, 3);
    expect(y(2019).current_account_pct_gdp).toBeCloseTo(wdiWide('API_BN.CAB.XOKA.GD.ZS_DS2_en_csv_v2_2788804.csv', 'FRA', 2019), 3);
    expect(y(1960)).toBeDefined();
    expect(body.meta.note).toContain('From the IMF: gdp_growth_pct, inflation_pct, unemployment_pct (2026)');
  });

  it('fills years the World Bank lacks from the IMF, not flagged when they are not projections', async () => {
    const { data, meta } = await s.json('/v1/economy/TW?from=2021', 'analyst');
    const y2023 = data.find((r: any) => r.year === 2023);
    expect(y2023).toMatchObject({ projection: false, gdp_growth_pct: weo('Taiwan Province of China', 'Gross domestic product, constant prices', 'Percent change', 2023) });
    expect(data.find((r: any) => r.year === 2024).projection).toBe(true);
    expect(meta.note).toContain('From the IMF');
  });

  it('starts at from: a year, or the next whole year for a month', async () => {
    const a = await s.json('/v1/economy/FR?from=2020', 'analyst');
    expect(a.data.at(-1).year).toBe(2020);
    const b = await s.json('/v1/economy/FR?from=2020-06', 'analyst');
    expect(b.data.at(-1).year).toBe(2021);
  });

  it('404s an unknown country, 400s a bad from, refuses the developer plan, serves CSV', async () => {
    const unknown = await s.get('/v1/economy/QQ', { plan: 'analyst' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({ code: 'unknown_country', plan: 'analyst' });
    expect((await s.get('/v1/economy/FR?from=20x', { plan: 'analyst' })).status).toBe(400);
    expect((await s.get('/v1/economy/FR?to=2020', { plan: 'analyst' })).status).toBe(400);
    expect((await s.get('/v1/economy/FR', { plan: 'developer' })).status).toBe(403);
    const csv = await (await s.get('/v1/economy/FR?from=2025&format=csv', { plan: 'analyst' })).text();
    expect(csv.split('\r\n')[0]).toBe('year,projection,gdp_growth_pct,inflation_pct,gdp_usd_bn,gdp_per_capita_usd,population_m,unemployment_pct,current_account_pct_gdp');
    expect(csv.split('\r\n')[1]).toMatch(/^2026,true,/);
  });

  it('is Country.economy on GraphQL, for analyst and above', async () => {
    const q = '{ country(iso: "FR") { iso economy(from: "2025") { years { year populationM } } } }';
    const dev = await s.graphql(q, {}, 'developer');
    expect(dev.body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'analyst' });
    const ok = await s.graphql(q, {}, 'analyst');
    expect(ok.body.data.country.economy.years).toEqual([{ year: 2026, populationM: null }, { year: 2025, populationM: 68.72 }]);
  });
});

describe('/v1/economy/{iso}: every magnitude', () => {
  it("serves Finland, whose 2009 inflation (World Bank) is below a millionth of a percent", async () => {
    expect(wdi('FP.CPI.TOTL.ZG', 'FIN', 2009)).toBeCloseTo(-9.1736e-7, 10);
    const res = await s.get('/v1/economy/FI', { plan: 'analyst' });
    expect(res.status).toBe(200);
    const y2009 = (await res.json()).data.find((r: any) => r.year === 2009);
    expect(y2009.inflation_pct).toBe(0); // −0.000000917 % to 3 decimals
    expect((await s.get('/v1/economy/FI?format=csv', { plan: 'analyst' })).status).toBe(200);
  });
});

describe('/v1/economy/{iso}/tourism', () => {
  it('scales UN Tourism US$ millions exactly: Eswatini 2021 receipts 7.7789133737 → 7778913.3737, spending abroad 42.4 → 42400000', async () => {
    // Receipts: the topic workbook of 23/12/2025 (inbound_expenditure row 7993, 7.77891337369999, read to 12
    // significant digits), which revised the 8.2 of the "all data" workbooks; spending abroad: the workbook of 24/11/2023.
    const { data } = await s.json('/v1/economy/SZ/tourism', 'analyst');
    expect(data.find((r: any) => r.year === 2021)).toMatchObject({ receipts_usd: 7778913.3737, spending_abroad_usd: 42400000 });
  });

  it('gives receipts, spending abroad and arrivals summed over whole years', async () => {
    const body = await s.json('/v1/economy/FR/tourism', 'analyst');
    // UN Tourism's inbound expenditure of 23/12/2025 reaches 2024
    expect(body.meta).toMatchObject({ country: 'FR', name: 'France', latest_year: 2024, quarters: [] });
    expect(Object.keys(body.meta)).toEqual(['request_id', 'data_as_of', 'count', 'country', 'name', 'latest_year', 'quarters', 'note']);
    expect(Object.keys(body.data[0])).toEqual(['year', 'receipts_usd', 'spending_abroad_usd', 'arrivals', 'receipts_per_arrival_usd', 'receipts_share_gdp_pct']);
    const y2019 = body.data.find((r: any) => r.year === 2019);
    const receipts = wdiWide('API_ST.INT.RCPT.CD_DS2_EN_csv_v2_38807.csv', 'FRA', 2019);
    expect(receipts).toBe(70_776_000_000);
    // Non-resident arrivals at accommodation, all twelve months of 2019 from the Eurostat file.
    const months = eurostatYear('estat_tour_occ_arm.tsv', 'M,FOR,NR,I551-I553,FR', 2019);
    expect(months.every((v) => v !== null)).toBe(true);
    const arrivals = months.reduce((a: number, b) => a + b!, 0);
    expect(y2019).toMatchObject({ receipts_usd: receipts, arrivals });
    expect(y2019.receipts_per_arrival_usd).toBeCloseTo(receipts / arrivals, 2);
    expect(y2019.receipts_share_gdp_pct).toBeCloseTo((receipts / wdi('NY.GDP.MKTP.CD', 'FRA', 2019)) * 100, 2);
    expect(y2019.spending_abroad_usd).toBeGreaterThan(1e10);
    // December 2020 is withheld by Eurostat, so 2020 has no whole-year arrivals.
    expect(eurostatYear('estat_tour_occ_arm.tsv', 'M,FOR,NR,I551-I553,FR', 2020)[11]).toBeNull();
    expect(body.data.find((r: any) => r.year === 2020)).toMatchObject({ arrivals: null, receipts_per_arrival_usd: null });
    expect(body.meta.note).toContain('fr.arrivals.residence-foreign.m');
    expect(body.meta.note).toMatch(/quarters is empty/);
  });

  it('spending abroad is UN Tourism outbound spend (US$ millions × 1e6)', async () => {
    const q = '{ seriesById(id: "fr.spend.direction-outbound.a") { scale observations(from: "2019", to: "2019") { value } } }';
    const series = (await s.graphql(q)).body.data.seriesById;
    expect(series.scale).toBe('millions');
    const { data } = await s.json('/v1/economy/FR/tourism', 'analyst');
    expect(data.find((r: any) => r.year === 2019).spending_abroad_usd).toBe(series.observations[0].value * 1e6);
  });

  it('gives whole counts of arrivals, the same on REST and GraphQL and in tourism intensity', async () => {
    // UN Tourism: Japan 2020 4,115.8 thousand; the World Bank's copy reads 4115799.8046875 (single
    // precision). The United States' arrivals are NTTO's monthly I-94 counts summed over 2018
    // (79,745,918; its 2010 months carry spreadsheet residue and sum to 60,010,360.46, served whole).
    expect(wdiWide('API_ST.INT.ARVL_DS2_EN_csv_v2_21669.csv', 'JPN', 2020)).toBe(4115799.8046875);
    const expected: [string, number, number][] = [['JP', 2020, 4_115_800], ['US', 2018, 79_745_918]];
    for (const [iso, year, arrivals] of expected) {
      const rest = (await s.json(`/v1/economy/${iso}/tourism`, 'analyst')).data;
      const gql = (await s.graphql(`{ country(iso: "${iso}") { tourismEconomy { years { year arrivals } } } }`)).body.data.country.tourismEconomy.years;
      expect(rest.find((r: any) => r.year === year).arrivals).toBe(arrivals);
      expect(gql.find((r: any) => r.year === year).arrivals).toBe(arrivals);
      expect(gql).toEqual(rest.map((r: any) => ({ year: r.year, arrivals: r.arrivals })));
      for (const r of rest) if (r.arrivals !== null) expect(Number.isInteger(r.arrivals)).toBe(true);
      // Intensity ranks by UN Tourism's annual totals; the economy sums monthly counts where held (US).
      if (iso !== 'JP') continue;
      const intensity = (await s.json(`/v1/stats/tourism-intensity?year=${year}&limit=1000`, 'analyst')).data;
      expect(intensity.find((r: any) => r.country === iso).arrivals).toBe(arrivals);
    }
    expect((await s.json('/v1/economy/US/tourism', 'analyst')).data.find((r: any) => r.year === 2010).arrivals).toBe(60_010_360);
  });

  it('uses the annual published arrivals where no monthly series is held', async () => {
    const { data, meta } = await s.json('/v1/economy/TH/tourism', 'analyst');
    const y2019 = data.find((r: any) => r.year === 2019);
    expect(y2019.arrivals).toBe(Math.round(wdiWide('API_ST.INT.ARVL_DS2_EN_csv_v2_21669.csv', 'THA', 2019)));
    expect(y2019.receipts_usd).toBe(wdiWide('API_ST.INT.RCPT.CD_DS2_EN_csv_v2_38807.csv', 'THA', 2019));
    expect(meta.note).toContain('no monthly arrivals series is held');
  });

  it('404s, refuses the developer plan, serves CSV', async () => {
    expect((await s.get('/v1/economy/QQ/tourism', { plan: 'analyst' })).status).toBe(404);
    expect((await s.get('/v1/economy/FR/tourism', { plan: 'developer' })).status).toBe(403);
    expect((await s.get('/v1/economy/FR/tourism?from=2019', { plan: 'analyst' })).status).toBe(400);
    const csv = await (await s.get('/v1/economy/FR/tourism?format=csv', { plan: 'analyst' })).text();
    expect(csv.split('\r\n')[0]).toBe('year,receipts_usd,spending_abroad_usd,arrivals,receipts_per_arrival_usd,receipts_share_gdp_pct');
  });
});

describe('/v1/economy/{iso}/tourism', () => {
  it("Spain reaches 2024 through UN Tourism's total of 23/12/2025; its travel item stands in where no release gives a total, and says so", async () => {
    // The total: 1995–1998 from the "all data" workbooks, 2020–2024 from the topic workbook (inbound_expenditure row 7926)
    const { meta, data } = await s.json('/v1/economy/ES/tourism', 'analyst');
    expect(meta.latest_year).toBe(2024);
    expect(data[0].year).toBe(2024);
    expect(data[0].receipts_usd).toBeCloseTo(106656.535197 * 1e6, 0);
    expect(meta.note).toContain("for 1999–2019, its travel item, as UN Tourism gives no total for them");
  });
});
