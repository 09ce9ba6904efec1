/**
 * Figures are dated by the publisher's release, never by the day the service read the file. A fresh
 * install (the test release, built on TEST_RELEASE_DATE) is asked on that very day: a developer key,
 * which sees figures published more than 30 days ago, sees every figure the publishers released
 * before then, and every field (latest, latestValue, REST metadata) follows the same rule.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { startTestServer, TEST_RELEASE_DATE, type TestServer } from '../helpers/server';

const NOW = new Date(TEST_RELEASE_DATE).toISOString(); // 2026-03-15T06:00, developer cutoff 2026-02-13T06:00

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ now: NOW });
});
afterAll(async () => s.close());

describe("figures are dated by the publisher's release", () => {
  it('no figure of the release is dated by the day the service read the files', () => {
    const db = new Database(currentReleaseFile(inject('dataDir'))!, { readonly: true });
    const loadedAt = (db.prepare("SELECT value FROM Meta WHERE key = 'loaded_at'").pluck().get() as string);
    expect(db.prepare('SELECT count(*) FROM Observation WHERE published = ?').pluck().get(loadedAt)).toBe(0);
    // ABS gives no date in its workbook: its months are dated by its calendar, the middle of the second month after.
    const au = db.prepare("SELECT period, published FROM Observation WHERE seriesId = (SELECT id FROM Series WHERE alias = 'au.arrivals.total.m') AND period IN ('2025-11', '2025-12')").all();
    expect(au).toEqual([
      { period: '2025-11', published: '2026-01-16T00:00:00.000Z' },
      { period: '2025-12', published: '2026-02-16T00:00:00.000Z' },
    ]);
    db.close();
  });

  it("a developer key sees Australia's arrivals up to the newest month published more than 30 days ago", async () => {
    // cutoff 2026-02-13: November 2025 (out 2026-01-16) is visible, December (out 2026-02-16) not yet.
    const developer = await s.json('/v1/series/au.arrivals.total.m/latest', 'developer');
    expect(developer.data).toMatchObject({ period: '2025-11', value: 831170 });
    const intel = await s.json('/v1/series/au.arrivals.total.m/latest', 'intel');
    expect(intel.data.period).toBe('2026-03');
  });

  it('Eurostat figures by its calendar, UN Tourism and JNTO by the dates in their files', async () => {
    // cutoff 2026-02-13: 2025-11 (out 2026-02-01) is visible, 2025-12 (out 2026-03-01) not yet.
    expect((await s.json('/v1/series/es.nights.total.m/latest', 'developer')).data.period).toBe('2025-11');
    // Japan's months are JNTO's nationalities summed (sum-of-parts), dated by JNTO's calendar.
    expect((await s.json('/v1/series/jp.arrivals.total.m/latest', 'developer')).data.period).toBe('2025-02');
    // Canada's table of 2025-12-22 is visible whole.
    expect((await s.json('/v1/series/ca.arrivals.total.m/latest', 'developer')).data.period).toBe('2025-10');
  });

  it('GraphQL gives the developer the same figure, in latest and latestValue', async () => {
    const { body } = await s.graphql('{ seriesById(id: "au.arrivals.total.m") { latest { period value } latestValue } }', {}, 'developer');
    expect(body.data.seriesById).toEqual({ latest: { period: '2025-11', value: 831170 }, latestValue: 831170 });
  });
});

describe('latestValue agrees with latest on every plan', () => {
  const query = `query ($after: String) { series(first: 1000, after: $after) {
    pageInfo { hasNextPage endCursor } nodes { alias latest { value } latestValue } } }`;

  it.each(['developer', 'analyst', 'intel'] as const)('every series, %s (GraphQL)', async (plan) => {
    let after: string | null = null;
    let seen = 0;
    const differ: string[] = [];
    do {
      const { status, body } = await s.graphql(query, { after }, plan);
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      for (const n of body.data.series.nodes) {
        seen++;
        if ((n.latest?.value ?? null) !== n.latestValue) differ.push(n.alias);
      }
      after = body.data.series.pageInfo.hasNextPage ? body.data.series.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toBeGreaterThan(5000);
    expect(differ).toEqual([]);
  });

  it('a free key reads neither', async () => {
    const { body } = await s.graphql('{ seriesById(id: "au.arrivals.total.m") { latestValue } }', {}, 'free');
    expect(body.errors[0].extensions.code).toBe('plan_required');
  });

  it.each(['developer', 'analyst', 'intel'] as const)('REST metadata latest_value is the value of /latest, %s', async (plan) => {
    for (const alias of ['au.arrivals.total.m', 'es.nights.total.m', 'jp.arrivals.total.m', 'fr.arrivals.total.a']) {
      const metadata = await s.json(`/v1/series/${alias}/metadata`, plan);
      const latest = await s.json(`/v1/series/${alias}/latest`, plan);
      expect(metadata.data.latest_value, `${alias} ${plan}`).toBe(latest.data?.value ?? null);
    }
  });
});

describe('provenance on request', () => {
  it('REST: provenance=true names the source once and dates each figure', async () => {
    const plain = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-11&to=2025-12', 'developer');
    expect(plain.meta.sources).toBeUndefined();
    expect(Object.keys(plain.data[0])).toEqual(['period', 'value', 'status', 'flags']);
    const r = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-11&to=2025-12&provenance=true', 'developer');
    expect(r.meta.sources).toEqual({
      abs_3401_table1: expect.objectContaining({
        publisher: 'Australian Bureau of Statistics',
        file: 'abs/340101.xlsx',
        url: expect.stringMatching(/^https:\/\/www\.abs\.gov\.au\//),
        released: null,
        calendar: expect.stringContaining('15 August'),
        kind: 'published',
        rule: null,
        derived_from: [],
      }),
    });
    expect(r.data).toEqual([
      { period: '2025-11', value: 831170, status: 'published', flags: '', source: 'abs_3401_table1', published: '2026-01-16', dated_by: 'calendar', kind: 'published', rule: null },
      { period: '2025-12', value: 1036660, status: 'published', flags: '', source: 'abs_3401_table1', published: '2026-02-16', dated_by: 'calendar', kind: 'published', rule: null },
    ]);
  });

  it("GraphQL: a file's own date (UN Tourism's release of 23 December 2025), and a series computed at ingest", async () => {
    const { body } = await s.graphql(
      `{ a: seriesById(id: "cn.arrivals.origin-europe.a") { observations(from: "2022", to: "2022") { provenance { published datedBy kind source { publisher released releasedBy url } } } }
         b: seriesById(id: "hk.arrivals.total.m") { provenance { kind rule } } }`,
      {},
      'analyst',
    );
    expect(body.errors).toBeUndefined();
    const [o] = body.data.a.observations;
    expect(o.provenance).toMatchObject({ published: '2025-12-23', datedBy: 'file', kind: 'published', source: { publisher: 'UN Tourism', released: '2025-12-23', releasedBy: 'file' } });
    expect(body.data.b.provenance).toEqual({ kind: 'derived', rule: 'computed-at-ingest' });
  });
});
