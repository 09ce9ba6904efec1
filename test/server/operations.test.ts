/** Operators' side of the real service: probes, the access log, events and /metrics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger';
import { bearerMatches } from '../../src/server/metrics';
import { requestIdFrom } from '../../rest/request-tag';
import { startTestServer, type TestServer } from '../helpers/server';

const lines: Record<string, unknown>[] = [];
let server: TestServer;

const METRICS_TOKEN = 'scrape-s3cret';
beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  server = await startTestServer({ logger, env: { METRICS_TOKEN: METRICS_TOKEN } });
});
afterAll(() => server.close());

const requestLines = () => lines.filter((l) => l.event === 'request');
/** The access line of the request that answered with this X-Request-Id (written once the answer is out). */
async function accessLine(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50; i++) {
    const line = requestLines().find((l) => l.request_id === id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no access line for ${id}`);
}

describe('probes', () => {
  it('/healthz answers without a key', async () => {
    const res = await server.get('/healthz', { plan: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz names the release it serves', async () => {
    const res = await server.get('/readyz', { plan: null });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ready');
    expect(body.release).toMatch(/^\d{8}T\d{6}Z$/);
    expect(body.data_version).toBe(server.app.store.current!.dataVersion);
  });
});

describe('access log', () => {
  it('one JSON line per request: time, id, route template, plan, status, bytes, duration', async () => {
    const res = await server.get('/v1/countries/ES', { headers: { 'X-Request-Id': 'trace-42.a' } });
    const body = await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe('trace-42.a');
    const line = await accessLine('trace-42.a');
    expect(line).toMatchObject({ level: 'info', event: 'request', method: 'GET', route: '/v1/countries/{iso}', path: '/v1/countries/ES', plan: 'intel', status: 200 });
    expect(Date.parse(line.time as string)).not.toBeNaN();
    expect(line.bytes).toBeGreaterThan(body.byteLength); // body and headers as sent
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(['hit', 'miss']).toContain(line.cache);
  });

  it('a repeated answer is logged as a cache hit', async () => {
    await (await server.get('/v1/countries/FR', { headers: { 'X-Request-Id': 'first-fr' } })).arrayBuffer();
    await (await server.get('/v1/countries/FR', { headers: { 'X-Request-Id': 'second-fr' } })).arrayBuffer();
    expect((await accessLine('first-fr')).cache).toBe('miss');
    expect((await accessLine('second-fr')).cache).toBe('hit');
  });

  it('a malformed X-Request-Id is replaced by one of ours, in the header, the body and the log', async () => {
    const res = await server.get('/v1/countries/XX', { headers: { 'X-Request-Id': 'two words' } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^req_/);
    expect((await res.json()).error.request_id).toBe(id);
    expect(await accessLine(id)).toMatchObject({ status: 404, route: '/v1/countries/{iso}', plan: 'intel' });
  });

  it('refused and unmatched requests are logged too, without a plan or under a shared route label', async () => {
    const noKey = await server.get('/v1/countries', { plan: null });
    expect(await accessLine(noKey.headers.get('x-request-id')!)).toMatchObject({ status: 401, plan: null, route: '/v1/countries' });
    const nowhere = await server.get('/nowhere', { plan: null });
    expect(await accessLine(nowhere.headers.get('x-request-id')!)).toMatchObject({ status: 404, route: 'unmatched', path: '/nowhere' });
  });

  it('GraphQL requests carry their plan and cache use', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': 'test-key-analyst', 'X-Request-Id': 'gql-1' },
      body: JSON.stringify({ query: '{ country(iso: "PT") { name } }' }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await accessLine('gql-1')).toMatchObject({ route: '/graphql', plan: 'analyst', status: 200, cache: 'miss' });
  });

  it('the release switch at start is an event', () => {
    const event = lines.find((l) => l.event === 'release_switch');
    expect(event).toMatchObject({ previous: null, data_version: server.app.store.current!.dataVersion });
  });
});

describe('/metrics', () => {
  it('Prometheus text: requests and latency by route and status, cache hit ratio, release, GraphQL cost', async () => {
    await server.graphql('{ countries { iso } }');
    const refused = await server.get('/metrics', { plan: null });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('invalid_api_key');
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{route="\/v1\/countries\/\{iso\}",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_requests_total\{route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",route="\/v1\/countries\/\{iso\}",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/graphql",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^answer_cache_lookups_total\{cache="rest",result="hit"\} [1-9]\d*$/m);
    const ratio = Number(/^answer_cache_hit_ratio\{cache="rest"\} (\S+)$/m.exec(text)![1]);
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(1);
    expect(text).toMatch(new RegExp(`^release_info\\{release="\\d{8}T\\d{6}Z",data_version="${server.app.store.current!.dataVersion}",data_as_of="[^"]+"\\} 1$`, 'm'));
    expect(text).toMatch(/^graphql_operation_cost_count [1-9]\d*$/m);
    expect(Number(/^graphql_operation_cost_sum (\S+)$/m.exec(text)![1])).toBeGreaterThan(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describe('pieces', () => {
  it('a caller X-Request-Id is honoured only when short and printable', () => {
    expect(requestIdFrom('abc-123_X.y:z@w')).toBe('abc-123_X.y:z@w');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'a\u00e9', '<script>', undefined, ['a', 'b']]) {
      expect(requestIdFrom(bad)).toMatch(/^req_/);
    }
  });

  it('is not served at all without METRICS_TOKEN unless METRICS_PUBLIC=1 opens it', async () => {
    const closed = await startTestServer();
    const open = await startTestServer({ env: { METRICS_PUBLIC: '1' } });
    try {
      const res = await closed.get('/metrics', { plan: null });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
      expect((await open.get('/metrics', { plan: null })).status).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });

  it('the metrics token is compared as a bearer token', () => {
    expect(bearerMatches('Bearer s3cret', 's3cret')).toBe(true);
    expect(bearerMatches('Bearer s3cret2', 's3cret')).toBe(false);
    expect(bearerMatches('s3cret', 's3cret')).toBe(false);
    expect(bearerMatches(undefined, 's3cret')).toBe(false);
  });
});
