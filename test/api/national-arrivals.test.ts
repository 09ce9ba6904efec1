/**
 * The national offices' monthly visitor arrivals over /v1: their countries are monthly, the visitor
 * figure is the headline, and the figures are the publishers' own (SOURCES.md check figures).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** The countries a national file makes monthly (Japan was monthly already, by JNTO's 2017 file). */
const NATIONAL = ['AU', 'BR', 'CA', 'HK', 'JP', 'MY', 'NZ', 'SG', 'US'];

describe('national monthly visitor arrivals', () => {
  it('make their countries monthly on /v1/countries?freq=M', async () => {
    const monthly = (await s.json('/v1/countries?freq=M', 'free')).data.map((c: { iso: string }) => c.iso);
    expect(monthly).toEqual(expect.arrayContaining(NATIONAL));
  });

  it('serve the publishers’ figures under the usual ids', async () => {
    const cases: Array<[string, string, number]> = [
      ['au.arrivals.total.m', '2019-08', 789200],
      ['au.arrivals.total.m', '2026-03', 818990],
      ['ca.arrivals.total.m', '2025-10', 2363398],
      ['sg.arrivals.total.m', '2024-11', 1340888],
      ['hk.arrivals.total.m', '2024-08', 4454169],
      ['hk.arrivals.total.m', '2026-02', 5142035],
      ['us.arrivals.total.m', '2019-08', 8114715],
      ['us.arrivals.origin-ca.m', '2019-08', 2435091],
      ['us.arrivals.origin-jp.m', '2019-08', 401562],
    ];
    // Analyst: every figure held; a developer key sees those published more than 30 days ago (publication-dating.test.ts).
    for (const [id, period, value] of cases) {
      const body = await s.json(`/v1/series/${id}/observations?from=${period}&to=${period}`, 'analyst');
      expect([id, body.data[0]?.value]).toEqual([id, value]);
    }
  });

  it('make the visitor figure the headline arrivals, reaching 2022 or later', async () => {
    // The United States' I-94 months end 2022-11 and Brazil's 2023-12; UN Tourism's regions of origin, complete and
    // summing to its published overnight visitors, take those series to 2024, which are the headlines (below).
    const latest: Record<string, string> = { AU: '2026-03', CA: '2025-10', SG: '2024-11', HK: '2026-02', NZ: '2024-06', MY: '2024-10' };
    for (const [iso, period] of Object.entries(latest)) {
      const id = `${iso.toLowerCase()}.arrivals.total.m`;
      const meta = (await s.json(`/v1/series/${id}/metadata`, 'developer')).data;
      const latestFigure = (await s.json(`/v1/series/${id}/latest`, 'analyst')).data;
      expect([iso, meta.headline, latestFigure.period]).toEqual([iso, true, period]);
    }
    for (const iso of ['us', 'br']) {
      const overnight = (await s.json(`/v1/series/${iso}.arrivals.type-overnight.a/metadata`, 'developer')).data;
      expect(overnight).toMatchObject({ headline: true, last: '2024' });
      expect(overnight.derivation_rule).toMatch(/complete breakdown/);
    }
  });

  it('New Zealand: each month from the newest Stats NZ publication giving it (Infoshare export of 13/08/2024, workbook of July 2024)', async () => {
    const obs = async (from: string, to: string, asOf = '') =>
      (await s.json(`/v1/series/nz.arrivals.total.m/observations?from=${from}&to=${to}${asOf}`, 'developer')).data.map((o: { period: string; value: number }) => [o.period, o.value]);
    // Both give 2019-06 and 2024-05 (workbook Tables 1&2 B9, F20), equal; only the export gives 2024-06 and 2003-07.
    expect(await obs('2024-04', '2024-06')).toEqual([
      ['2024-04', 225024],
      ['2024-05', 179665],
      ['2024-06', 185294],
    ]);
    expect(await obs('2019-06', '2019-06')).toEqual([['2019-06', 213536]]);
    expect(await obs('2003-07', '2003-07')).toEqual([['2003-07', 145566]]);
    // As the publications stood on 1 August 2024, only the workbook's months were out.
    const before = await obs('2003-01', '2024-12', '&as_of=2024-08-01');
    expect([before[0], before.at(-1), before.length]).toEqual([['2019-06', 213536], ['2024-05', 179665], 60]);
    const meta = (await s.json('/v1/series/nz.arrivals.total.m/metadata', 'developer')).data;
    expect(meta).toMatchObject({ headline: true, table: 'statsnz_itm_visitor_arrivals_citizenship', revisions: 0 });
    expect(meta.name).toBe("Visitor arrivals to New Zealand. Figures from Stats NZ's release of 13/08/2024 (2003-07–2024-06)");
  });

  it('leave out Hong Kong’s March 2026, not every day of which is published', async () => {
    const body = await s.json('/v1/series/hk.arrivals.total.m/observations?from=2026-01&to=2026-03', 'developer');
    expect(body.data.map((o: { period: string; value: number | null }) => [o.period, o.value])).toEqual([
      ['2026-01', expect.any(Number)],
      ['2026-02', 5142035],
    ]);
  });
});
