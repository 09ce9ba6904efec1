/**
 * First answers benchmark: a freshly started service answers each route's first request (nothing in
 * its answer cache) about as quickly as a country's record. What a route needs is computed once per
 * release, not by its first caller, and work for every country is not done when one country is
 * asked. Each round starts the service in its own process, asks /v1/regions (the REST and GraphQL
 * path's first run, its JIT, is no route's own work), then five countries' records (their median is
 * the reference), then each route once; prints each route's median over the rounds against the
 * reference's, and the goal: each within its ratio × the reference + its slack.
 * Uses DATA_DIR when it holds a release, else builds one (./release); BENCH_ROUNDS (default 3) rounds.
 */
import { benchDataDir } from './release';
import { childServer } from './servers';

const KEY = 'bench-key-intel';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Each route's goal: within `ratio` × a country's record + `slack` ms. */
const ROUTES: { path: string; ratio: number; slack: number }[] = [
  { path: '/v1/gaps?country=ES', ratio: 4, slack: 25 },
  { path: '/v1/tables?country=ES', ratio: 4, slack: 25 },
  { path: '/v1/tables?limit=3', ratio: 4, slack: 25 },
  { path: '/v1/tables', ratio: 4, slack: 25 },
  { path: '/v1/gaps', ratio: 4, slack: 25 },
  { path: '/v1/series/search?q=arrivals&limit=1000', ratio: 12, slack: 60 },
  { path: '/v1/joins/holidays?id=es.arrivals.total.m&from=2025-01&to=2025-03', ratio: 4, slack: 25 },
  { path: '/v1/countries/PT/brief', ratio: 4, slack: 25 },
];
const REFERENCE = ['ES', 'FR', 'DE', 'IT', 'PT'].map((iso) => `/v1/countries/${iso}`);

/** Milliseconds to the last byte of a first answer, uncompressed (as curl asks). */
async function timed(url: string): Promise<number> {
  const sent = performance.now();
  const res = await fetch(url, { headers: { 'X-API-Key': KEY, 'Accept-Encoding': 'identity' } });
  await res.arrayBuffer();
  const took = performance.now() - sent;
  if (res.status !== 200) throw new Error(`${url}: answered ${res.status}`);
  return took;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const references: number[] = [];
  const times = new Map<string, number[]>(ROUTES.map((r) => [r.path, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const app = await childServer('child', ['app', dir, KEY, 'on']);
    try {
      await timed(`${app.url}/v1/regions`);
      const reference: number[] = [];
      for (const target of REFERENCE) reference.push(await timed(`${app.url}${target}`));
      references.push(median(reference));
      for (const { path } of ROUTES) times.get(path)!.push(await timed(`${app.url}${path}`));
    } finally {
      await app.close();
    }
  }
  const reference = median(references);
  console.log(`\nFirst answers of a freshly started service, median of ${ROUNDS} starts; a country's record (median of five): ${reference.toFixed(1)} ms`);
  let met = 0;
  for (const { path, ratio, slack } of ROUTES) {
    const took = median(times.get(path)!);
    const goal = ratio * reference + slack;
    if (took <= goal) met++;
    console.log(`${path.padEnd(70)} ${took.toFixed(1).padStart(7)} ms   ${(took / reference).toFixed(1).padStart(5)}× the record   goal ≤ ${goal.toFixed(0)} ms (${ratio}× + ${slack})`);
  }
  console.log(`\nGoal: every route's first answer within its ratio × a country's record + slack: ${met === ROUTES.length ? 'met' : `not met (${ROUTES.length - met} of ${ROUTES.length} over)`}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
