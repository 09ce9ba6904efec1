/**
 * GraphQL against a real peer: the served release is loaded into PostgreSQL and served by PostGraphile
 * v5 beside ours, and the same queries run against both in one run. Every request carries a new query
 * text (a numbered operation name), so no answer cache helps either side.
 *   - p50 of sequential requests (one connection), after BENCH_WARMUP_SECONDS of the same query;
 *   - req/s and p99 under CONNECTIONS concurrent connections (autocannon);
 *   - resident memory of both servers after those distinct queries.
 * Both answers are checked to hold the same observations before timing.
 * Env: DATA_DIR (else a release is built), BENCH_PG_URL, BENCH_SECONDS, BENCH_SAMPLES, BENCH_WARMUP_SECONDS.
 */
import autocannon from 'autocannon';
import { currentReleaseFile } from '../db/release-store';
import { loadReleaseIntoPostgres, PG_SCHEMA } from './pg-release';
import { benchDataDir } from './release';
import { childServer, rssMb, type ChildServer } from './servers';

const KEY = 'bench-key-intel';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_graphql';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 16;
/** The goals the bench is read against: throughput and p99 against PostGraphile's, the every-country p50, memory. */
const GOALS = { rpsRatio: 1.0, firstCaseP50Ms: 30, p99Ratio: 1.0, rssMb: 300 };

interface Side {
  name: string;
  server: ChildServer;
  headers: Record<string, string>;
  /** The query text for request n. */
  text: (n: number) => string;
  /** (series alias, period, value) of every observation in an answer. */
  points: (data: any) => [string, string, number | null][];
}

interface Case {
  label: string;
  ours: Omit<Side, 'name' | 'server' | 'headers'>;
  peer: Omit<Side, 'name' | 'server' | 'headers'>;
}

const CASES: Case[] = [
  {
    label: "every country's headline arrivals since 2015",
    ours: {
      text: (n) => `query Q${n} { countries(first: 1000) { nodes { iso series(headline: true, measure: arrivals) { alias observations(from: "2015") { period value } } } } }`,
      points: (d) => d.countries.nodes.flatMap((c: any) => c.series.flatMap((s: any) => s.observations.map((o: any) => [s.alias, o.period, o.value]))),
    },
    peer: {
      text: (n) =>
        `query Q${n} { allCountries(orderBy: ISO_ASC) { nodes { iso seriesByCountryIso(condition: {headline: true, measure: "arrivals"}, orderBy: ALIAS_ASC) { nodes { alias observationsWithin(fromMonth: "2015-01") { nodes { period value } } } } } } }`,
      points: (d) =>
        d.allCountries.nodes.flatMap((c: any) =>
          c.seriesByCountryIso.nodes.flatMap((s: any) => s.observationsWithin.nodes.map((o: any) => [s.alias, o.period, o.value])),
        ),
    },
  },
  {
    label: "one country's series for one year",
    ours: {
      text: (n) => `query Q${n} { country(iso: "ES") { series { alias observations(from: "2019", to: "2019") { period value } } } }`,
      points: (d) => d.country.series.flatMap((s: any) => s.observations.map((o: any) => [s.alias, o.period, o.value])),
    },
    peer: {
      text: (n) =>
        `query Q${n} { countryByIso(iso: "ES") { seriesByCountryIso(orderBy: ALIAS_ASC) { nodes { alias observationsWithin(fromMonth: "2019-01", toMonth: "2019-12") { nodes { period value } } } } } }`,
      points: (d) => d.countryByIso.seriesByCountryIso.nodes.flatMap((s: any) => s.observationsWithin.nodes.map((o: any) => [s.alias, o.period, o.value])),
    },
  },
];

/** Each request gets a number no other request in the run has. */
let counter = 0;

async function post(url: string, headers: Record<string, string>, query: string): Promise<any> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  const body = (await res.json()) as { data?: unknown; errors?: unknown };
  if (res.status !== 200 || body.errors) throw new Error(`${url}: ${res.status} ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data;
}

async function sequentialP50(side: Side): Promise<number> {
  // Steady state, not a cold start: both servers first answer this query for WARMUP_SECONDS.
  const warm = performance.now() + WARMUP_SECONDS * 1000;
  while (performance.now() < warm) await post(side.server.url, side.headers, side.text(counter++));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await post(side.server.url, side.headers, side.text(counter++));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function underLoad(side: Side): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `${side.server.url}/graphql`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...side.headers },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ query: side.text(counter++) }) }),
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const t = performance.now();
  const loaded = await loadReleaseIntoPostgres(currentReleaseFile(dir)!, PG_URL);
  console.log(
    loaded.reused
      ? `PostgreSQL already holds this release (${loaded.observations} observations)`
      : `Release loaded into PostgreSQL (${loaded.observations} observations) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const ours = await childServer('child', ['app', dir, KEY, 'on']);
  const peer = await childServer('postgraphile-server', [PG_URL, PG_SCHEMA]);
  const atStart = { ours: rssMb(ours.pid), peer: rssMb(peer.pid) };
  try {
    console.log(`\nNew query text on every request; p50 of ${SAMPLES} sequential requests after ${WARMUP_SECONDS} s of warm-up; req/s and p99 under ${CONNECTIONS} connections for ${DURATION} s.`);
    const ratios: { rps: number; p50Ms: number; p99: number }[] = [];
    console.log(`${'query'.padEnd(46)} ${'server'.padEnd(12)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
    for (const c of CASES) {
      const sides: Side[] = [
        { name: 'ours', server: ours, headers: { 'X-API-Key': KEY }, ...c.ours },
        { name: 'PostGraphile', server: peer, headers: {}, ...c.peer },
      ];
      const [a, b] = await Promise.all(sides.map(async (s) => JSON.stringify(s.points(await post(s.server.url, s.headers, s.text(counter++))))));
      if (a !== b) throw new Error(`${c.label}: the two servers return different observations`);
      const rows = [];
      for (const side of sides) {
        const p50 = await sequentialP50(side);
        const load = await underLoad(side);
        rows.push({ side, p50, ...load });
        console.log(
          `${(rows.length === 1 ? `${c.label} (${JSON.parse(a).length} obs.)` : '').padEnd(46)} ${side.name.padEnd(12)} ${fmt(load.rps, 1)} ${fmt(p50, 1)} ${fmt(load.p99)}${load.errors ? `   (${load.errors} errors)` : ''}`,
        );
      }
      const [o, p] = rows;
      ratios.push({ rps: o.rps / p.rps, p50Ms: o.p50, p99: o.p99 / p.p99 });
      console.log(`${''.padEnd(46)} ${'ratio'.padEnd(12)} ${fmt(o.rps / p.rps, 2)} ${fmt(o.p50 / p.p50, 2)} ${fmt(o.p99 / p.p99, 2)}`);
    }
    const rss = rssMb(ours.pid);
    console.log(
      `\nResident memory, ready → after the distinct queries: ours ${atStart.ours.toFixed(0)} → ${rss.toFixed(0)} MB, ` +
        `PostGraphile ${atStart.peer.toFixed(0)} → ${rssMb(peer.pid).toFixed(0)} MB`,
    );
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    console.log(
      `\nGoals: req/s ≥ ${GOALS.rpsRatio}× PostGraphile's on both queries: ${list(ratios.map((r) => r.rps))} (${verdict(ratios.every((r) => r.rps >= GOALS.rpsRatio))}); ` +
        `every-country p50 < ${GOALS.firstCaseP50Ms} ms: ${ratios[0].p50Ms.toFixed(1)} ms (${verdict(ratios[0].p50Ms < GOALS.firstCaseP50Ms)}); ` +
        `p99 ≤ PostGraphile's: ${list(ratios.map((r) => r.p99))} (${verdict(ratios.every((r) => r.p99 <= GOALS.p99Ratio))}); ` +
        `RSS < ${GOALS.rssMb} MB: ${rss.toFixed(0)} MB (${verdict(rss < GOALS.rssMb)})`,
    );
  } finally {
    ours.close();
    peer.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
