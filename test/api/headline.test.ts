/** The headline served for a country and measure is its freshest representative series (HEADLINE_RULE). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLINE_RULE } from '../../src/domain/headline';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const idOf = async (alias: string): Promise<string> => (await s.json(`/v1/series/${alias}/metadata`, 'developer')).data.id;

describe('headline series', () => {
  it("Thailand's arrivals: overnight visitors to 2021, not the total that stops in 2001", async () => {
    const body = await s.json('/v1/arrivals?country=TH&from=2018', 'developer');
    expect(body.meta.headline_rule).toBe(HEADLINE_RULE);
    const [th] = body.data;
    expect(th.series).toBe(await idOf('th.arrivals.type-overnight.a'));
    expect(th.observations.map((o: any) => o.period)).toEqual(['2018', '2019', '2020', '2021']);
    expect(th.name).toMatch(/overnight visitors/);
  });

  it("Spain's spend: the total, which UN Tourism's release of 23/12/2025 takes to 2024, over the travel item that also reaches 2024", async () => {
    // The "all data" workbooks gave Spain's total only to 1998; the topic workbook gives it for 2020–2024
    // (inbound_expenditure row 7926: 2024 = 106,656.5 US$ million). Both reach 2024: the publisher's total wins the tie.
    const body = await s.json('/v1/spend?country=ES', 'developer');
    const [es] = body.data;
    expect(es.series).toBe(await idOf('es.spend.total.a'));
    expect(es.observations.at(-1).period).toBe('2024');
    expect((await s.json('/v1/series/es.spend.item-travel.a/metadata', 'developer')).data.headline).toBe(false);
    expect((await s.json('/v1/series/es.spend.total.a/metadata', 'developer')).data.headline).toBe(true);
  });

  it("Japan: JNTO's monthly total, continued to 2025-02 by the sum of its nationalities; the country record's span says so", async () => {
    // JNTO's own total ends 2017-03; the nationality file's complete months add up to it (Middle East left out: it
    // is the sum of Israel, Türkiye and GCC), so the headline reaches 2025-02 (3,258,446; JNTO published 3,258,100).
    const arrivals = (await s.json('/v1/arrivals?country=JP', 'developer')).data[0];
    expect(arrivals.series).toBe(await idOf('jp.arrivals.total.m'));
    expect(arrivals.observations.at(-1)).toMatchObject({ period: '2025-02', value: 3258446 });
    const jp = (await s.json('/v1/countries/JP', 'free')).data;
    expect(jp).toMatchObject({ monthly: true, latest: '2025-02', first: arrivals.observations[0].period });
    // the annual series: UN Tourism's to 2022, then the sums of JNTO's months (2024: 36,869,597; JNTO published 36,869,900)
    const annual = (await s.json('/v1/arrivals?country=JP&freq=A', 'developer')).data[0];
    expect(annual.observations.find((o: { period: string }) => o.period === '2022')).toMatchObject({ value: 3832 });
    expect(annual.observations.at(-1).period).toBe('2024');
    expect((await s.json('/v1/arrivals?country=JP&freq=M', 'developer')).meta.headline_rule).toMatch(/freq=M/);
  });

  it('a window without figures gets a note saying where the series runs', async () => {
    const [th] = (await s.json('/v1/arrivals?country=TH&from=2023', 'developer')).data;
    expect(th.observations).toEqual([]);
    expect(th.note).toMatch(/has no figure between 2023 and its end; it runs from \d{4} to 2021\./);
  });

  it("every country's first and latest describe one of its headline series, the freshest", async () => {
    const countries: any[] = [];
    for (let after: string | null = null; ; ) {
      const { body } = await s.graphql(
        'query ($after: String) { countries(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { iso first latest series(headline: true) { freq first last } } } }',
        { after },
      );
      countries.push(...body.data.countries.nodes);
      if (!body.data.countries.pageInfo.hasNextPage) break;
      after = body.data.countries.pageInfo.endCursor;
    }
    expect(countries.length).toBeGreaterThan(200);
    const wrong = countries.filter((c: any) => {
      if (c.series.length === 0) return c.latest !== null;
      return !c.series.some((x: any) => x.last === c.latest && x.first === c.first);
    });
    expect(wrong.map((c: any) => c.iso)).toEqual([]);
  });

  it('the rule is in the docs and on the regional totals', async () => {
    const docs = await (await s.get('/docs', { plan: null })).text();
    expect(docs).toContain('Headline series');
    const region = await s.json('/v1/regions/europe?measure=arrivals', 'developer');
    expect(region.meta.headline_rule).toBe(HEADLINE_RULE);
  });
});
