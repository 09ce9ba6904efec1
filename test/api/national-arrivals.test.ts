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
    for (const [id, period, value] of cases) {
      const body = await s.json(`/v1/series/${id}/observations?from=${period}&to=${period}`, 'developer');
      expect([id, body.data[0]?.value]).toEqual([id, value]);
    }
  });

  it('make the visitor figure the headline arrivals, reaching 2022 or later', async () => {
    const latest: Record<string, string> = { AU: '2026-03', CA: '2025-10', SG: '2024-11', HK: '2026-02', US: '2022-11', NZ: '2024-06', MY: '2024-10', BR: '2023-12' };
    for (const [iso, period] of Object.entries(latest)) {
      const id = `${iso.toLowerCase()}.arrivals.total.m`;
      const meta = (await s.json(`/v1/series/${id}/metadata`, 'developer')).data;
      const latestFigure = (await s.json(`/v1/series/${id}/latest`, 'developer')).data;
      expect([iso, meta.headline, latestFigure.period]).toEqual([iso, true, period]);
    }
  });

  it('leave out Hong Kong’s March 2026, not every day of which is published', async () => {
    const body = await s.json('/v1/series/hk.arrivals.total.m/observations?from=2026-01&to=2026-03', 'developer');
    expect(body.data.map((o: { period: string; value: number | null }) => [o.period, o.value])).toEqual([
      ['2026-01', expect.any(Number)],
      ['2026-02', 5142035],
    ]);
  });
});
