import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBrief } from '../../src/domain/brief';
import { noBriefNote } from '../../src/graphql/types/brief';
import { startTestServer, type TestServer } from '../helpers/server';

/** The REST answer's snake_case names back to the camelCase the domain reads, at every depth. */
function camelFields(value: any): any {
  if (Array.isArray(value)) return value.map(camelFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), camelFields(v)]));
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('/v1/countries/{iso}/brief', () => {
  it("writes Spain's latest month from its figures, every number checked", async () => {
    const body = await s.json('/v1/countries/ES/brief', 'analyst');
    expect(body.meta.next).toBeNull();
    expect(body.meta.outlook_method).toBe('srw_growth_recent_holidays_log');
    const b = body.data[0];
    expect(b).toMatchObject({ country: 'ES', name: 'Spain', month: '2026-02' });
    // The published figure itself: Eurostat arrivals for Spain.
    const arrivals = await s.json('/v1/arrivals?country=ES&from=2026-02&to=2026-02', 'analyst');
    expect(b.figures.value).toBe(arrivals.data[0].observations[0].value);
    const before = await s.json('/v1/arrivals?country=ES&from=2025-02&to=2025-02', 'analyst');
    const prior = before.data[0].observations[0].value;
    expect(b.figures.yoy_pct).toBeCloseTo(((b.figures.value - prior) / prior) * 100, 1);
    expect(b.last_six).toHaveLength(6);
    expect(b.last_six[5].month).toBe('2026-02');
    expect(b.outlook.map((o: any) => o.month)).toEqual(['2026-03', '2026-04', '2026-05']);
    for (const o of b.outlook) expect(o.low <= o.value && o.value <= o.high).toBe(true);
    expect(b.figures.trust.grade).toMatch(/^[A-D]$/);
    expect(b.figures.region_rank.rank).toBeGreaterThan(0);
    expect(b.context.currency).toMatchObject({ currency: 'EUR', per_eur: 1 });
    expect(b.context.jet_fuel.usd_gallon).toBeGreaterThan(0);
    expect(b.rivals.length).toBeGreaterThan(0);
    expect(b.rivals.length).toBeLessThanOrEqual(6);
    expect(b.headline).toContain('Spain');
    // The served text passes the same check against the served figures.
    const check = verifyBrief([b.headline, ...b.brief], {
      country: b.country,
      name: b.name,
      month: b.month,
      measure: { name: 'arrivals', unit: 'arrivals' },
      region: 'Europe',
      figures: camelFields(b.figures),
      lastSix: camelFields(b.last_six),
      outlook: camelFields(b.outlook),
      outlookMethod: body.meta.outlook_method,
      context: camelFields(b.context),
      rivals: camelFields(b.rivals),
      rivalFor: b.rival_for,
    });
    expect(check.problems).toEqual([]);
  });

  it('gives no brief for a country without a monthly series, 404 for one not held, 403 below analyst', async () => {
    // China: UN Tourism's annual figures only (the United States, once the example, is monthly since NTTO's I-94 arrivals are read).
    const cn = await s.json('/v1/countries/CN/brief', 'analyst');
    expect(cn.data).toEqual([]);
    expect(cn.meta.note).toBe('No brief for China: briefs are written for countries whose main series (the freshest of their headline series) is monthly.');
    expect((await s.get('/v1/countries/QQ/brief', { plan: 'analyst' })).status).toBe(404);
    expect((await s.get('/v1/countries/ES/brief', { plan: 'developer' })).status).toBe(403);
  });

  it('says why a country has no brief, and withholds none of the release: every monthly country gets its brief', async () => {
    const { body } = await s.graphql('{ countries(first: 1000) { nodes { iso briefAbsence brief { month } } } }', {}, 'analyst');
    expect(body.errors).toBeUndefined();
    const nodes: { iso: string; briefAbsence: string | null; brief: { month: string } | null }[] = body.data.countries.nodes;
    // A brief and its absence exclude each other.
    for (const c of nodes) expect(c.brief === null).toBe(c.briefAbsence !== null);
    expect(nodes.filter((c) => c.briefAbsence === 'withheld').map((c) => c.iso)).toEqual([]);
    expect(nodes.find((c) => c.iso === 'CN')!.briefAbsence).toBe('no_monthly_series');
    expect(nodes.filter((c) => c.brief !== null).length).toBeGreaterThan(20);
    // A withheld brief's note says so, rather than blaming the series.
    expect(noBriefNote('Portugal', 'withheld')).toBe('No brief for Portugal: the brief written from its figures did not pass the number check, so it is not served.');
  }, 120_000);

  it('lets a notebook fetch a country with its headline series, seasonality, stay length and brief in one query', async () => {
    const { status, body } = await s.graphql(`{
      country(iso: "ES") {
        name
        series(headline: true, freq: M) { alias freq seasonality { years months { month index low high } } }
        stayLength { months { period nightsPerArrival } }
        brief { month headline outlook { month value low high } }
      }
    }`, {}, 'analyst');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const c = body.data.country;
    expect(c.brief.month).toBe('2026-02');
    expect(c.series.find((x: any) => x.alias === 'es.nights.total.m').seasonality.months).toHaveLength(12);
    expect(c.stayLength.months.length).toBeGreaterThan(100);
  });
});
