/**
 * A fresh install: the test release is a first load (built on TEST_RELEASE_DATE). Five days later a
 * developer key, which sees figures published more than 30 days ago, already sees the Eurostat
 * figures the publisher released before that, and UN Tourism's figures of its 2023 update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_RELEASE_DATE, type TestServer } from '../helpers/server';

const NOW = new Date(new Date(TEST_RELEASE_DATE).getTime() + 5 * 86_400_000).toISOString(); // 2026-03-20

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ now: NOW });
});
afterAll(async () => s.close());

describe('figures of a first load are dated by the publisher release', () => {
  it('a developer key sees Eurostat figures published more than 30 days before now', async () => {
    // cutoff 2026-02-18: 2025-11 (out 2026-02-01) is visible, 2025-12 (out 2026-03-01) not yet
    const developer = await s.json('/v1/series/es.nights.total.m/latest', 'developer');
    expect(developer.data).toMatchObject({ period: '2025-11', value: expect.any(Number) });
    const intel = await s.json('/v1/series/es.nights.total.m/latest', 'intel');
    expect(intel.data.period > '2025-12').toBe(true);
  });

  it('UN Tourism figures date from the workbook update (25/01/2023), JNTO figures from its file of 2017-04-21', async () => {
    expect((await s.json('/v1/series/fr.arrivals.total.a/latest', 'developer')).data.period).toBe('2021');
    expect((await s.json('/v1/series/jp.arrivals.total.m/latest', 'developer')).data.period).toBe('2017-03');
  });

  it('GraphQL gives the developer the same figure', async () => {
    const { body } = await s.graphql('{ seriesById(id: "es.nights.total.m") { latest { period } } }', {}, 'developer');
    expect(body.data.seriesById.latest.period).toBe('2025-11');
  });
});
