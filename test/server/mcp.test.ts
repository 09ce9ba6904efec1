/**
 * /mcp driven by the MCP SDK's own client over HTTP against the real service on the test release:
 * every tool listed and called, each answer set against the REST answer to the same question, the
 * keys, plan refusals and rate limit of /v1, bad arguments answered with clear errors (never a 5XX),
 * and the guides and prompts.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/domain/types';
import { GUIDES } from '../../rest/guides';
import { TOOLS } from '../../src/mcp/tools';
import { operationName } from '../../src/mcp/server';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
const clients: Client[] = [];
/** Every HTTP status /mcp answered, seen by the client's fetch. */
const statuses: number[] = [];

beforeAll(async () => {
  // A brief's first answer works out the release's figures: more than the default budget on two shared cores.
  s = await startTestServer({ rates: 'free:3,developer:100000,analyst:100000,intel:100000', env: { EXECUTION_BUDGET_MS: '60000' } });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await s.close();
});

async function connect(plan: Plan, how: 'x-api-key' | 'bearer' = 'x-api-key'): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const headers: Record<string, string> = how === 'bearer' ? { Authorization: `Bearer ${KEYS[plan]}` } : { 'X-API-Key': KEYS[plan] };
  const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), {
    requestInit: { headers },
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      statuses.push(res.status);
      return res;
    },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** Every citation of an answer names its publisher, official address, release date and this service's addresses; returns them by series. */
function citedSeries(r: Answer): Map<string, any> {
  const citations = r.structuredContent.citations as any[];
  for (const c of citations) {
    expect(c.publisher, c.series).toEqual(expect.any(String));
    expect(c.official_url, c.series).toMatch(/^https?:\/\//);
    expect(c.released, c.series).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.rest_url).toBe(`http://api.test/v1/series/${c.series}/observations`);
    expect(c.explorer_url).toBe(`http://api.test/explore/series/${c.series}`);
  }
  return new Map(citations.map((c) => [c.series, c]));
}

type Answer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: any };
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as Answer;

describe('tools', () => {
  let c: Client;
  beforeAll(async () => {
    c = await connect('intel', 'bearer');
  });

  it('lists every tool with its input schema from the operation, its plan and an output schema', async () => {
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    const observations = tools.find((t) => t.name === 'get_observations')!;
    expect(Object.keys(observations.inputSchema.properties ?? {}).sort()).toEqual(['aggregation', 'as_of', 'freq', 'from', 'id', 'provenance', 'to', 'units']);
    expect((observations.inputSchema.properties as any).units.enum).toContain('pc1');
    const search = tools.find((t) => t.name === 'search_series')!;
    expect(search.inputSchema.properties).toHaveProperty('cursor');
    expect(search.inputSchema.properties).not.toHaveProperty('after');
    expect(observations.inputSchema.required).toEqual(['id']);
    expect(observations.description).toMatch(/Plan: developer or above/);
    expect(observations.description).toMatch(/SeriesObservations/);
    expect(observations.outputSchema?.properties).toHaveProperty('citations');
    const compare = tools.find((t) => t.name === 'compare_countries')!;
    expect((compare.inputSchema.properties as any).country.type).toBe('array');
    expect((compare.inputSchema.properties as any).measure.enum).toContain('arrivals');
  });

  it('search_series answers as /v1/series/search', async () => {
    const r = await call(c, 'search_series', { q: 'spain nights', limit: 5 });
    const rest = await s.json('/v1/series/search?q=spain%20nights&limit=5');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.data).toEqual(rest.data);
    expect(r.content[0].text).toContain(rest.data[0].alias);
    expect([...citedSeries(r).keys()]).toEqual(rest.data.map((d: any) => d.id));
  });

  it('get_observations answers as /v1/series/{id}/observations, with a citation', async () => {
    const r = await call(c, 'get_observations', { id: 'es.nights.total.m', from: '2019-01', to: '2019-12' });
    const rest = await s.json('/v1/series/es.nights.total.m/observations?from=2019-01&to=2019-12');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.data).toEqual(rest.data);
    expect(r.structuredContent.meta.series).toBe(rest.meta.series);
    const [citation] = r.structuredContent.citations;
    expect(citation.publisher).toBe('Eurostat');
    expect(citation.official_url).toMatch(/^https:\/\//);
    expect(citation.released).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(citation.rest_url).toBe(`http://api.test/v1/series/${rest.meta.series}/observations`);
    expect(citation.explorer_url).toBe(`http://api.test/explore/series/${rest.meta.series}`);
    expect(r.content[0].text).toContain('Source: Eurostat');
    const aug = rest.data.find((o: any) => o.period === '2019-08');
    expect(r.content[0].text).toContain(aug.value.toLocaleString('en-US'));
  });

  it('get_observations with as_of answers as the route with as_of', async () => {
    const { data: vintages } = await s.json('/v1/series/es.nights.total.m/vintages');
    const asOf = vintages[0].date;
    const r = await call(c, 'get_observations', { id: 'es.nights.total.m', as_of: asOf });
    const rest = await s.json(`/v1/series/es.nights.total.m/observations?as_of=${asOf}`);
    expect(r.structuredContent.data).toEqual(rest.data);
  });

  it('get_observations with units=pc1 and freq=A answers as the route with the same transformation', async () => {
    const args = { id: 'es.nights.total.m', from: '2017', to: '2019', units: 'pc1', freq: 'A' };
    const r = await call(c, 'get_observations', args);
    const rest = await s.json('/v1/series/es.nights.total.m/observations?from=2017&to=2019&units=pc1&freq=A');
    expect(r.isError).toBeFalsy();
    expect(rest.data.map((o: any) => o.period)).toEqual(['2017', '2018', '2019']);
    expect(r.structuredContent.data).toEqual(rest.data);
    expect(r.structuredContent.meta.unit).toBe(rest.meta.unit);
    expect(r.structuredContent.meta.freq).toBe('A');
    expect(r.content[0].text).toContain(rest.meta.unit);
    expect(r.structuredContent.citations[0].publisher).toBe('Eurostat');
    const provenance = await call(c, 'get_observations', { ...args, provenance: true });
    expect(provenance.structuredContent.data).toEqual((await s.json('/v1/series/es.nights.total.m/observations?from=2017&to=2019&units=pc1&freq=A&provenance=true')).data);
  });

  it('search_series pages with cursor and next_cursor as /v1/series/search does with meta.next', async () => {
    const first = await call(c, 'search_series', { q: 'spain', limit: 3 });
    const rest = await s.json('/v1/series/search?q=spain&limit=3');
    expect(first.structuredContent.data).toEqual(rest.data);
    expect(rest.meta.next).toEqual(expect.any(String));
    expect(first.structuredContent.next_cursor).toBe(new URLSearchParams(rest.meta.next.split('?')[1]).get('cursor'));
    const second = await call(c, 'search_series', { q: 'spain', limit: 3, cursor: first.structuredContent.next_cursor });
    expect(second.structuredContent.data).toEqual((await s.json(rest.meta.next)).data);
    expect(second.structuredContent.data[0].id).not.toBe(first.structuredContent.data[0].id);
    const last = await call(c, 'search_series', { q: 'spain nights total', limit: 1000 });
    expect(last.structuredContent.next_cursor).toBeNull();
    const bad = await call(c, 'search_series', { q: 'spain', cursor: 'AAAA' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/^invalid_parameter: cursor/);
  });

  it('series_metadata and series_vintages answer as their routes', async () => {
    const m = await call(c, 'series_metadata', { id: 'es.nights.total.m' });
    const meta = await s.json('/v1/series/es.nights.total.m/metadata');
    expect(m.structuredContent.data).toEqual(meta.data);
    expect(meta.data).not.toHaveProperty('released');
    expect(m.structuredContent.citations[0].publisher).toBe('Eurostat');
    const { data: observed } = await s.json('/v1/series/es.nights.total.m/observations?provenance=true');
    // The publisher's date of its newest figure (a held value), as the observations tool cites it too.
    const newest = observed.filter((o: any) => o.value !== null).map((o: any) => o.published).sort().at(-1);
    const o = await call(c, 'get_observations', { id: 'es.nights.total.m' });
    expect(o.structuredContent.citations[0].released).toBe(newest);
    expect(citedSeries(m).get(meta.data.id).released).toBe(newest);
    const v = await call(c, 'series_vintages', { id: 'es.nights.total.m' });
    expect(v.structuredContent.data).toEqual((await s.json('/v1/series/es.nights.total.m/vintages')).data);
    expect(citedSeries(v).get(meta.data.id).released).toBe(newest);
  });

  it('country_overview and country_brief answer as their routes', async () => {
    const o = await call(c, 'country_overview', { iso: 'es' });
    expect(o.structuredContent.data).toEqual((await s.json('/v1/countries/ES')).data);
    expect(o.content[0].text).toContain('Spain');
    // The overview cites the country's headline series, one per measure.
    const { data: headline } = await s.json('/v1/series/search?q=spain&country=ES&headline=true&limit=100');
    expect([...citedSeries(o).keys()].sort()).toEqual(headline.map((h: any) => h.id).sort());
    expect(o.content[0].text).toMatch(/Sources: .*\(\d{4}-\d{2}-\d{2}\)/);
    const b = await call(c, 'country_brief', { iso: 'ES' });
    const rest = await s.json('/v1/countries/ES/brief');
    expect(b.structuredContent.data).toEqual(rest.data);
    if (rest.data.length) {
      expect(b.content[0].text).toContain(rest.data[0].headline);
      const cited = [...citedSeries(b).keys()];
      expect(cited.length).toBe(1);
      expect(headline.map((h: any) => h.id)).toContain(cited[0]);
    }
  });

  it('compare_countries gives each country the headline series /v1/arrivals gives, cited', async () => {
    const r = await call(c, 'compare_countries', { country: ['ES', 'fr', 'IT'], measure: 'arrivals', from: '2019', to: '2019' });
    const rest = await s.json('/v1/arrivals?country=ES,FR,IT&from=2019&to=2019&status=true');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.data.map((d: any) => d.country)).toEqual(rest.data.map((d: any) => d.country));
    for (const row of r.structuredContent.data) {
      const twin = rest.data.find((d: any) => d.country === row.country);
      expect(row.series?.id ?? null).toBe(twin.series ?? null);
      expect(row.observations.map((o: any) => [o.period, o.value])).toEqual((twin.observations ?? []).map((o: any) => [o.period, o.value]));
    }
    expect(r.structuredContent.citations.length).toBe(r.structuredContent.data.filter((d: any) => d.series).length);
    for (const citation of r.structuredContent.citations) expect(citation.publisher).toBeTruthy();
  });

  it('the release calendar, latest releases, gaps and freshness answer as their routes', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['release_calendar', { country: ['ES', 'FR'] }, '/v1/calendar?country=ES,FR'],
      ['latest_releases', {}, '/v1/releases/latest'],
      ['data_gaps', { country: ['ES'] }, '/v1/gaps?country=ES'],
      ['data_freshness', { freq: 'M' }, '/v1/freshness?freq=M'],
    ];
    for (const [name, args, path] of cases) {
      const r = await call(c, name, args);
      const rest = await s.json(path);
      expect(r.isError, name).toBeFalsy();
      expect(r.structuredContent.data, name).toEqual(rest.data);
      expect(r.content[0].text.length, name).toBeGreaterThan(0);
      const cited = citedSeries(r);
      expect(cited.size, name).toBeGreaterThan(0);
      if (name === 'data_gaps') for (const g of rest.data) expect(cited.has(g.series), g.series).toBe(true);
    }
  });
});

describe('access', () => {
  it('refuses a missing or unknown key at the HTTP level with 401 and the error body', async () => {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' };
    const missing = await fetch(`${s.url}/mcp`, init);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.code).toBe('missing_api_key');
    const unknown = await fetch(`${s.url}/mcp`, { ...init, headers: { ...init.headers, Authorization: 'Bearer nope' } });
    expect(unknown.status).toBe(401);
    const body = await unknown.json();
    expect(body.error.code).toBe('invalid_api_key');
    expect(body.error.request_id).toBe(unknown.headers.get('x-request-id'));
  });

  it('refuses a tool above the key’s plan as a tool error naming the code and the plan, then limits the rate', async () => {
    const c = await connect('free');
    const refused = await call(c, 'get_observations', { id: 'es.nights.total.m' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^plan_required: .* Plan needed: developer\.$/);
    expect(JSON.parse(refused.content[1].text).error.code).toBe('plan_required');
    expect(TOOLS.find((t) => t.name === 'country_overview')!.plan).toBe('free');
    // free:3 a minute: three calls answered, the fourth refused; a plan refusal took none.
    for (let i = 0; i < 3; i++) expect((await call(c, 'country_overview', { iso: 'JP' })).isError).toBeFalsy();
    const limited = await call(c, 'country_overview', { iso: 'JP' });
    expect(limited.isError).toBe(true);
    expect(limited.content[0].text).toMatch(/^rate_limited: Over the free plan's 3 requests per minute\./);
  });

  it('sends the RateLimit headers of a tool call', async () => {
    const res = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': KEYS.developer },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_series', arguments: { q: 'spain' } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('100000');
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(100000);
  });
});

describe('bad requests', () => {
  it('answers bad arguments with clear tool errors, never a 5XX', async () => {
    const c = await connect('intel');
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_observations', {}, /id/],
      ['get_observations', { id: 'not a series' }, /series id \(sr_…\) or alias/],
      ['get_observations', { id: 'es.nights.total.m', from: '2019-13' }, /from/],
      ['get_observations', { id: 'es.nights.total.m', from: '2020', to: '2019' }, /invalid_parameter|before|after/],
      ['get_observations', { id: 'zz.nights.total.m' }, /^unknown_series: /],
      ['get_observations', { id: 'es.nights.total.m', nonsense: 1 }, /nonsense/],
      ['compare_countries', { country: 'ES', measure: 'arrivals' }, /country/],
      ['compare_countries', { country: ['ES', 'QQ'], measure: 'arrivals' }, /^unknown_country: /],
      ['compare_countries', { country: ['ES'], measure: 'sunshine' }, /measure/],
      ['compare_countries', { country: Array.from({ length: 60 }, () => 'ES'), measure: 'arrivals' }, /country/],
      ['search_series', { q: 'x'.repeat(300) }, /q/],
      ['search_series', { q: 'spain', limit: 0 }, /limit/],
      ['country_overview', { iso: 'Spain' }, /iso/],
      ['no_such_tool', {}, /no_such_tool/],
    ];
    for (const [name, args, said] of cases) {
      const r = await call(c, name, args);
      expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 60)}`).toBe(true);
      expect(r.content[0].text, name).toMatch(said);
    }
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
  });

  it('answers what is not MCP with the error body, never a 5XX', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': KEYS.intel, ...headers }, body });
    for (const [body, headers] of [
      ['{not json', {}],
      ['[]', {}],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { Accept: 'text/html' }],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { 'Content-Type': 'text/plain' }],
      ['"x"', {}],
    ] as [string, Record<string, string>][]) {
      const res = await post(body, headers);
      expect(res.status, body).toBeGreaterThanOrEqual(200);
      expect(res.status, body).toBeLessThan(500);
      if (res.status >= 400) expect((await res.json()).error.code).toEqual(expect.any(String));
    }
    const get = await fetch(`${s.url}/mcp`, { headers: { 'X-API-Key': KEYS.intel, Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await get.json()).error.code).toBe('method_not_allowed');
  });
});

it('the MCP guide lists every tool with the operation it runs and its plan', () => {
  const guide = GUIDES.find((g) => g.slug === 'mcp')!.markdown;
  for (const tool of TOOLS) expect(guide).toMatch(new RegExp(`\\| \`${tool.name}\` \\| \`${operationName(tool)}\`.*\\| ${tool.plan} \\|`));
});

describe('resources and prompts', () => {
  it('lists and reads the API guides', async () => {
    const c = await connect('free');
    const { resources } = await c.listResources();
    expect(resources.map((r) => r.name)).toEqual(GUIDES.map((g) => g.slug));
    const keys = resources.find((r) => r.name === 'keys')!;
    expect(keys.uri).toBe('http://api.test/docs/guides/keys');
    const read = await c.readResource({ uri: keys.uri });
    expect((read.contents[0] as { text: string }).text).toBe(GUIDES.find((g) => g.slug === 'keys')!.markdown);
  });

  it('lists and gives the prompts', async () => {
    const c = await connect('free');
    const { prompts } = await c.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['brief_country', 'compare_destinations']);
    const compare = await c.getPrompt({ name: 'compare_destinations', arguments: { countries: 'ES,FR', measure: 'nights' } });
    expect((compare.messages[0].content as { text: string }).text).toMatch(/compare_countries.*ES,FR|ES,FR.*compare_countries/s);
    const brief = await c.getPrompt({ name: 'brief_country', arguments: { country: 'JP' } });
    expect((brief.messages[0].content as { text: string }).text).toContain('JP');
  });
});
