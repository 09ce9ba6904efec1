/**
 * HTTP benchmark: each measurement runs beside a bare node:http server sending the same bytes (body
 * and headers) in the same run, and the report gives ratios to it (these machines are noisy; ratios hold better).
 *   - cached answers: requests/second under load (autocannon), REST and GraphQL;
 *   - uncached answers: p50/p99 latency of sequential requests with the answer cache off.
 * Uses DATA_DIR when it holds a release, else builds one from TOURISM_SOURCES or ../shared/data.
 */
import autocannon from 'autocannon';
import { benchDataDir } from './release';
import { bareServer, childServer } from './servers';

const KEY = 'bench-key-intel';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);

const UNCACHED: string[] = [
  '/v1/countries/ES',
  '/v1/countries',
  '/v1/arrivals?country=ES&from=2015',
  '/v1/arrivals?from=2019&to=2019',
  '/v1/spend?country=FR&currency=EUR',
  '/v1/capacity?country=ES',
  '/v1/nights/by-region?iso=ES',
  '/v1/series/search?q=nights%20spain',
  '/v1/series/es.nights.total.m/metadata',
  '/v1/series/es.nights.total.m/latest',
  '/v1/tables?country=ES',
  '/v1/countries/ES/coverage',
  '/v1/gaps?country=ES',
  '/v1/gaps',
  '/v1/freshness',
  '/v1/calendar',
  '/v1/releases/latest',
  '/v1/seasonality?id=es.nights.total.m',
  '/v1/joins/holidays?id=es.nights.total.m&from=2019&to=2019',
  '/v1/stats/tourism-intensity',
  '/v1/stats/origin-shift?country=JP',
  '/v1/stats/stay-length?country=ES',
  '/v1/regions/europe?measure=nights',
  '/v1/fuel',
  '/v1/economy/FR',
  '/v1/economy/FR/tourism',
  '/v1/countries/ES/rivals',
  '/v1/countries/ES/brief',
];

async function load(url: string, init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, ...init });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function latency(url: string, init: RequestInit = {}): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i++) {
    const t = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - t); // the first three warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function cachedComparison(app: { url: string }, label: string, target: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) {
  const headers = { 'X-API-Key': KEY, ...(init.body ? { 'Content-Type': 'application/json' } : {}) };
  const first = await fetch(`${app.url}${target}`, { ...init, headers });
  const bytes = Buffer.from(await first.arrayBuffer());
  const bare = await bareServer(bytes, first.headers);
  const ours = await load(`${app.url}${target}`, { ...init, headers });
  const base = await load(`${bare.url}${target}`, init);
  bare.close();
  console.log(
    `${label.padEnd(34)} ${ours.rps.toFixed(0).padStart(7)} req/s   bare ${base.rps.toFixed(0).padStart(7)} req/s   ratio ${(ours.rps / base.rps).toFixed(2)}${ours.errors ? `   (${ours.errors} errors)` : ''}`,
  );
  return ours.rps / base.rps;
}

async function main(): Promise<void> {
  const dir = benchDataDir();
  const cached = await childServer('child', ['app', dir, KEY, 'on']);
  console.log(`\nCached answers (${DURATION} s each, 10 connections)`);
  await cachedComparison(cached, 'REST /v1/countries', '/v1/countries');
  await cachedComparison(cached, 'REST /v1/arrivals?country=ES', '/v1/arrivals?country=ES&from=2015');
  await cachedComparison(cached, 'REST /v1/countries/ES/brief (small)', '/v1/countries/ES/brief');
  const gql = JSON.stringify({ query: '{ country(iso: "ES") { name latest series(headline: true) { alias observations(from: "2019") { period value } } } }' });
  await cachedComparison(cached, 'GraphQL nested country query', '/graphql', { method: 'POST', body: gql });
  cached.close();

  const uncached = await childServer('child', ['app', dir, KEY, 'off']);
  const sampleResponse = await fetch(`${uncached.url}/v1/countries/ES`, { headers: { 'X-API-Key': KEY } });
  const bare = await bareServer(Buffer.from(await sampleResponse.arrayBuffer()), sampleResponse.headers);
  const baseline = await latency(bare.url);
  console.log(`\nUncached answers (${SAMPLES} sequential requests each); bare node:http p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms`);
  console.log(`${'endpoint'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50/bare'.padStart(9)} ${'p99/bare'.padStart(9)}`);
  for (const target of UNCACHED) {
    const t = await latency(`${uncached.url}${target}`, { headers: { 'X-API-Key': KEY } });
    console.log(
      `${target.padEnd(44)} ${t.p50.toFixed(1).padStart(8)} ${t.p99.toFixed(1).padStart(8)} ${(t.p50 / baseline.p50).toFixed(1).padStart(9)} ${(t.p99 / baseline.p99).toFixed(1).padStart(9)}`,
    );
  }
  bare.close();
  uncached.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
