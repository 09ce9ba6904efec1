/**
 * HTTP benchmark: each measurement runs beside a bare node:http server sending the same bytes (body
 * and headers) in the same run, and the report gives ratios to it (these machines are noisy; ratios hold better).
 *   - cached answers: requests/second under load (autocannon), REST and GraphQL, in alternating turns
 *     after a warm-up turn (BENCH_SECONDS each, default 3; BENCH_ROUNDS, default 3; BENCH_WARMUP=0: none);
 *     REST answers also beside the contract's floor (floor.ts), the bare server doing only what SPEC
 *     asks of every answer (BENCH_FLOOR=0: not);
 *   - uncached answers: p50/p99 latency of sequential requests with the answer cache off.
 * Uses DATA_DIR when it holds a release, else builds one from TOURISM_SOURCES or ../shared/data.
 */
import { benchDataDir } from './release';
import { bareServer, childServer, compareRates, floorServer, turnOptions, type LoadRequest } from './servers';

const KEY = 'bench-key-intel';
const TURNS = turnOptions(3);
/** The goals: a cached answer at this share of a bare server's rate, or better. */
const GOAL = { large: 0.95, small: 0.9 };
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
/** BENCH_FLOOR=0 leaves out the contract's floor beside each REST answer. */
const FLOOR = process.env.BENCH_FLOOR !== '0';

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

async function cachedComparison(app: { url: string }, label: string, target: string, goal: number, init: LoadRequest = {}): Promise<void> {
  const request = { ...init, headers: { 'X-API-Key': KEY, ...(init.body ? { 'Content-Type': 'application/json' } : {}) } };
  const first = await fetch(`${app.url}${target}`, request);
  const bytes = Buffer.from(await first.arrayBuffer());
  const bare = await bareServer(bytes, first.headers);
  const { ours, bare: base, ratio, errors } = await compareRates(`${app.url}${target}`, `${bare.url}${target}`, request, TURNS);
  console.log(
    `${label.padEnd(34)} ${String(bytes.length).padStart(7)} B ${ours.toFixed(0).padStart(7)} req/s   bare ${base.toFixed(0).padStart(7)} req/s   ratio ${ratio.toFixed(2)} (goal ≥ ${goal})${errors ? `   (${errors} errors)` : ''}`,
  );
  if (FLOOR && !init.body) {
    // What the contract alone leaves of the bare rate: a goal above this is out of reach.
    const floor = await floorServer(bytes, first.headers, KEY);
    const f = await compareRates(`${floor.url}${target}`, `${bare.url}${target}`, request, TURNS);
    await floor.close();
    console.log(`${'  the contract alone (floor.ts)'.padEnd(34)} ${''.padStart(9)} ${f.ours.toFixed(0).padStart(7)} req/s   bare ${f.bare.toFixed(0).padStart(7)} req/s   ratio ${f.ratio.toFixed(2)}`);
  }
  await bare.close();
}

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const cached = await childServer('child', ['app', dir, KEY, 'on']);
  console.log(`\nCached answers (${TURNS.warmUp ? 'a warm-up turn, then ' : ''}${TURNS.rounds} alternating turns of ${TURNS.seconds} s, 10 connections) vs a bare node:http server sending the same bytes`);
  await cachedComparison(cached, 'REST /v1/countries', '/v1/countries', GOAL.large);
  await cachedComparison(cached, 'REST /v1/arrivals?country=ES', '/v1/arrivals?country=ES&from=2015', GOAL.small);
  await cachedComparison(cached, 'REST /v1/countries/ES/brief', '/v1/countries/ES/brief', GOAL.small);
  const gql = JSON.stringify({ query: '{ country(iso: "ES") { name latest series(headline: true) { alias observations(from: "2019") { period value } } } }' });
  await cachedComparison(cached, 'GraphQL nested country query', '/graphql', GOAL.small, { method: 'POST', body: gql });
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
