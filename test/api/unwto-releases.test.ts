/**
 * UN Tourism's newer releases on the real server: the "all data" workbook of 24/11/2023 (to 2022) and
 * the topic workbooks of 23/12/2025 (to 2024) make the world fresher, under the same series ids, and
 * the figures UN Tourism revised between its releases are in the revision log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesIdOf } from '../../src/ingest/identifiers';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('fresher UN Tourism figures', () => {
  it('most places now end in 2022 or later (37 of 225 did with the release of 25/01/2023 alone)', async () => {
    const { data } = await s.json('/v1/countries', 'free');
    expect(data.length).toBe(225);
    const recent = data.filter((c: any) => c.latest !== null && c.latest.slice(0, 4) >= '2022');
    expect(recent.length).toBeGreaterThanOrEqual(190); // 196 when written
  });

  it('Japan, the United States and Thailand reach 2024 in their tourism economy', async () => {
    for (const iso of ['JP', 'US', 'TH']) {
      const { meta } = await s.json(`/v1/economy/${iso}/tourism`, 'analyst');
      expect(meta.latest_year, iso).toBe(2024);
    }
  });

  it('serves the topic workbook figures under the ids the series had (inbound_expenditure rows 6145, 8108, 8453)', async () => {
    const expected: Record<string, number> = { jp: 58625.5708907, th: 46568.6291681, us: 251649 };
    for (const [iso, value] of Object.entries(expected)) {
      const alias = `${iso}.spend.total.a`;
      const body = await s.json(`/v1/series/${seriesIdOf(alias)}/observations?from=2024&to=2024`, 'developer');
      expect(body.meta.alias).toBe(alias);
      expect(body.data, alias).toEqual([{ period: '2024', value, status: 'published', flags: '' }]);
    }
  });

  it('serves the hotels’ room occupancy rate as the occupancy headline (accommodation_hotels row 17360: Japan 2019 = 62.7 %)', async () => {
    const body = await s.json('/v1/series/jp.occupancy.total.a/observations?from=2019&to=2019', 'developer');
    expect(body.data).toEqual([{ period: '2019', value: 62.7, status: 'published', flags: '' }]);
    const meta = (await s.json('/v1/series/jp.occupancy.total.a/metadata', 'developer')).data;
    expect(meta).toMatchObject({ unit: 'percent', scale: null, headline: true, table: 'unwto_accommodation_hotels' });
  });

  it('logs a figure UN Tourism revised between releases, so the series as it stood before reads the older figure', async () => {
    // Japan 2019: 31,881 thousand in the workbook of 25/01/2023, 31,882 in that of 24/11/2023
    const now = await s.json('/v1/series/jp.arrivals.total.a/observations?from=2019&to=2019', 'developer');
    expect(now.data[0].value).toBe(31882);
    const before = await s.json('/v1/series/jp.arrivals.total.a/observations?from=2019&to=2019&as_of=2023-06-01', 'developer');
    expect(before.data[0].value).toBe(31881);
    const meta = (await s.json('/v1/series/jp.arrivals.total.a/metadata', 'developer')).data;
    expect(meta.revisions).toBeGreaterThan(0);
    expect(meta.last_revised).toMatch(/^2023-11-24/);
    expect(meta.name).toMatch(/Figures from UN Tourism's release of 24\/11\/2023 \(1995–2022\)$/);
  });
});
