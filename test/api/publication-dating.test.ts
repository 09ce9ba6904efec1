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

describe('every field follows the same rule', () => {
  it("observations: a developer's end at the newest figure published more than 30 days ago, REST and GraphQL", async () => {
    const developer = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-10', 'developer');
    expect(developer.data.map((o: any) => o.period)).toEqual(['2025-10', '2025-11']);
    const analyst = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-10', 'analyst');
    expect(analyst.data.at(-1).period).toBe('2026-03');
    const { body } = await s.graphql('{ seriesById(id: "au.arrivals.total.m") { observations(from: "2025-10") { period } timeline(from: "2025-10") { period } } }', {}, 'developer');
    expect(body.data.seriesById.observations.map((o: any) => o.period)).toEqual(['2025-10', '2025-11']);
    expect(body.data.seriesById.timeline.map((o: any) => o.period)).toEqual(['2025-10', '2025-11']);
  });

  it('measure lists: /v1/arrivals gives a developer the same figures, and says why a newer window is empty', async () => {
    const developer = await s.json('/v1/arrivals?country=AU&from=2025-10', 'developer');
    expect(developer.data[0].observations.map((o: any) => o.period)).toEqual(['2025-10', '2025-11']);
    const analyst = await s.json('/v1/arrivals?country=AU&from=2025-10', 'analyst');
    expect(analyst.data[0].observations.at(-1).period).toBe('2026-03');
    const empty = await s.json('/v1/arrivals?country=AU&from=2026-01', 'developer');
    expect(empty.data[0].observations).toEqual([]);
    expect(empty.data[0].note).toContain('visible on this plan yet');
  });

  it("latest, latestValue and observations agree for a developer: the list's newest figure is latest", async () => {
    const { body } = await s.graphql(
      '{ seriesById(id: "es.nights.total.m") { latest { period value } latestValue observations(from: "2025") { period value } } }',
      {},
      'developer',
    );
    const s1 = body.data.seriesById;
    expect(s1.observations.at(-1)).toEqual(s1.latest);
    expect(s1.latestValue).toBe(s1.latest.value);
  });
});

describe('provenance on request', () => {
  it('REST: provenance=true names the source once and dates each figure', async () => {
    const plain = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-11&to=2025-12', 'developer');
    expect(plain.meta.sources).toBeUndefined();
    expect(Object.keys(plain.data[0])).toEqual(['period', 'value', 'status', 'flags']);
    const r = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-11&to=2025-12&provenance=true', 'analyst');
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
    // A developer key does not see December yet (published 2026-02-16, cutoff 2026-02-13).
    const developer = await s.json('/v1/series/au.arrivals.total.m/observations?from=2025-11&to=2025-12&provenance=true', 'developer');
    expect(developer.data).toEqual([r.data[0]]);
  });

  it('REST: the measure lists add the same columns, and leave the answer without it as it was', async () => {
    const plain = await s.json('/v1/arrivals?country=AU,JP&from=2025-10', 'analyst');
    const r = await s.json('/v1/arrivals?country=AU,JP&from=2025-10&provenance=true', 'analyst');
    expect(plain.meta.sources).toBeUndefined();
    expect(Object.keys(plain.data[0].observations[0])).toEqual(['period', 'value']);
    expect(Object.keys(r.meta.sources)).toEqual(expect.arrayContaining(['abs_3401_table1']));
    expect(r.meta.sources.abs_3401_table1).toMatchObject({ publisher: 'Australian Bureau of Statistics', file: 'abs/340101.xlsx' });
    expect(r.data[0].observations[1]).toEqual({ period: '2025-11', value: 831170, source: 'abs_3401_table1', published: '2026-01-16', dated_by: 'calendar', kind: 'published', rule: null });
    // Every row names a source meta.sources holds, with its publisher's date.
    for (const b of r.data) {
      expect(b.observations.map(({ source: _s, published: _p, dated_by: _d, kind: _k, rule: _r, ...o }: any) => o)).toEqual(plain.data.find((x: any) => x.country === b.country).observations);
      for (const o of b.observations) {
        expect(r.meta.sources[o.source]).toBeDefined();
        expect(o.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    const csv = await (await s.get('/v1/arrivals?country=AU&from=2025-11&to=2025-11&provenance=true&format=csv', { plan: 'analyst' })).text();
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      'country,series,name,unit,freq,period,value,source,published,dated_by,kind,rule',
      expect.stringMatching(/^AU,sr_\w+,.*,M,2025-11,831170,abs_3401_table1,2026-01-16,calendar,published,$/),
    ]);
  });

  it.each([
    ['/v1/spend?country=FR&currency=USD&from=2019&provenance=true'],
    ['/v1/spend?country=FR&from=2019&provenance=true'],
    ['/v1/capacity?country=ES&from=2015&provenance=true'],
  ])('REST: %s dates every figure and names its source once', async (target) => {
    const r = await s.json(target, 'developer');
    expect(r.data.length).toBeGreaterThan(0);
    let rows = 0;
    for (const b of r.data) {
      for (const o of b.observations) {
        rows++;
        expect(r.meta.sources[o.source]).toMatchObject({ publisher: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
        expect(o.published <= '2026-02-13').toBe(true);
        expect(['file', 'last-modified', 'calendar']).toContain(o.dated_by);
      }
    }
    expect(rows).toBeGreaterThan(0);
  });

  it('REST: /v1/joins/holidays adds the same columns to each period of its series', async () => {
    const plain = await s.json('/v1/joins/holidays?id=au.arrivals.total.m&from=2025-10', 'developer');
    const r = await s.json('/v1/joins/holidays?id=au.arrivals.total.m&from=2025-10&provenance=true', 'developer');
    expect(plain.meta.sources).toBeUndefined();
    expect(r.data.map((o: any) => o.period)).toEqual(['2025-10', '2025-11']);
    expect(r.data[1]).toMatchObject({ period: '2025-11', value: 831170, source: 'abs_3401_table1', published: '2026-01-16', dated_by: 'calendar', kind: 'published', rule: null });
    expect(r.data.map(({ source: _s, published: _p, dated_by: _d, kind: _k, rule: _r, ...o }: any) => o)).toEqual(plain.data);
    expect(r.meta.sources.abs_3401_table1.publisher).toBe('Australian Bureau of Statistics');
  });

  it('REST: /v1/nights/by-region dates each region\'s figure', async () => {
    const plain = await s.json('/v1/nights/by-region?iso=ES', 'developer');
    const r = await s.json('/v1/nights/by-region?iso=ES&provenance=true', 'developer');
    expect(r.meta.period).toBe(plain.meta.period);
    expect(r.data.length).toBe(plain.data.length);
    expect(r.data.length).toBeGreaterThan(0);
    for (const [i, row] of r.data.entries()) {
      const { source, published, dated_by, kind, rule, ...rest } = row;
      expect(rest).toEqual(plain.data[i]);
      expect(r.meta.sources[source].publisher).toBe('Eurostat');
      expect(published <= '2026-02-13').toBe(true);
      expect({ dated_by, kind, rule }).toEqual({ dated_by: expect.any(String), kind: 'published', rule: null });
    }
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
