/**
 * bench:compare BASELINE_DIR: this checkout beside another built checkout of the project (a git
 * worktree of an older commit, with its own dist/ and node_modules), in one run on one machine,
 * each side run only through its own command line:
 *   1. each side's ingest builds a release from the publishers' files (--sources, TOURISM_NOW=--now);
 *   2. each side's service answers a fixed list of requests (src/bench/compare-requests.ts), twice;
 *      status, headers and body bytes are compared and every difference is listed;
 *   3. cached REST and GraphQL answers under load, in alternating turns (BENCH_SECONDS, BENCH_ROUNDS);
 *   4. uncached answers (ANSWER_CACHE_MB=0): p50/p99 of sequential requests, the sides alternating (BENCH_SAMPLES);
 *   5. resident memory when ready and after a burst of hostile requests (BENCH_SETTLE_SECONDS and BENCH_LATE_SECONDS later);
 *   6. the time from the process's start to /readyz 200 and to its figures being ready.
 * Prints a table (measure, baseline, new, ratio, goal, met?) and the differences, and writes both as JSON (--out).
 * --work DIR keeps the releases and the services' output there, and a later run reuses the releases.
 * --expected FILE: a JSON list of {request, what?, why}, the differences allowed; any other is "not listed".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ask, compareAnswers, expectedFor, seedKeys, send, type Difference, type Expected } from './compare-answers';
import { compareAsks, type Ask } from './compare-requests';
import { ingest, releaseFile, serve, type RunEnv, type Served, type Side } from './compare-side';
import { hostileBurst, type BurstResult } from './hostile';
import { rssMb, turnOptions } from './servers';

const SELF = process.argv[1];
/** This checkout: the benchmark runs from its dist/bench (or src/bench under tsx). */
const NEW_DIR = path.resolve(path.dirname(SELF), '..', '..');

const TURNS = turnOptions(3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
/** Idle seconds after a burst by which resident memory is back under the limit (as test/security/resident-memory.test.ts asks). */
const LATE_SECONDS = Number(process.env.BENCH_LATE_SECONDS ?? 60);
const RSS_LIMIT_MB = 300;

/** Keys besides the list's own: the load and the hostile burst. */
const LOAD_KEY = 'cmp-load-intel';
const HOSTILE = { free: 'cmp-hostile-free', intel: 'cmp-hostile-intel' };
/** No request of the run may meet the rate limit. */
const RATES = 'free:1000000000,developer:1000000000,analyst:1000000000,intel:1000000000';

const GRAPHQL_NESTED = '{ country(iso: "ES") { name latest series(headline: true) { alias observations(from: "2019") { period value } } } }';
const GRAPHQL_EVERY_COUNTRY = '{ countries(first: 1000) { nodes { iso series(headline: true, measure: arrivals) { alias observations(from: "2015") { period value } } } } }';

interface Load {
  label: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

const CACHED: Load[] = [
  { label: 'REST /v1/arrivals?country=ES&from=2015', path: '/v1/arrivals?country=ES&from=2015', method: 'GET', headers: { 'X-API-Key': LOAD_KEY } },
  {
    label: 'GraphQL POST nested country query',
    path: '/graphql',
    method: 'POST',
    body: JSON.stringify({ query: GRAPHQL_NESTED }),
    headers: { 'X-API-Key': LOAD_KEY, 'Content-Type': 'application/json' },
  },
  {
    label: 'GraphQL GET nested country query',
    path: `/graphql?query=${encodeURIComponent(GRAPHQL_NESTED)}`,
    method: 'GET',
    headers: { 'X-API-Key': LOAD_KEY, Accept: 'application/json' },
  },
];

const UNCACHED: Load[] = [
  ...['/v1/arrivals?from=2019&to=2019', '/v1/gaps', '/v1/countries/ES/brief', '/v1/stats/origin-shift?country=JP', '/v1/series/search?q=nights%20spain', '/v1/countries/ES/rivals'].map(
    (p): Load => ({ label: `REST ${p}`, path: p, method: 'GET', headers: { 'X-API-Key': LOAD_KEY } }),
  ),
  {
    label: 'GraphQL every country since 2015',
    path: '/graphql',
    method: 'POST',
    body: JSON.stringify({ query: GRAPHQL_EVERY_COUNTRY }),
    headers: { 'X-API-Key': LOAD_KEY, 'Content-Type': 'application/json' },
  },
];

export interface Row {
  measure: string;
  baseline: number | string | null;
  new: number | string | null;
  /** new ÷ baseline. */
  ratio: number | null;
  goal: string;
  /** Whether the goal is met; null where the row is only reported. */
  met: boolean | null;
}

function commitOf(dir: string): string {
  try {
    const head = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${head} (with changes)` : head;
  } catch {
    return 'unknown';
  }
}

async function rate(server: Served, load: Load): Promise<{ rps: number; errors: number }> {
  const result = await autocannon({ url: `${server.url}${load.path}`, connections: 10, duration: TURNS.seconds, method: load.method, body: load.body, headers: load.headers });
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
}

/** Requests per second of each side, turns alternating after a warm-up turn of each; the median of the turns' ratios. */
async function throughput(base: Served, next: Served, load: Load): Promise<{ base: number; next: number; ratio: number; errors: number }> {
  if (TURNS.warmUp) {
    await rate(base, load);
    await rate(next, load);
  }
  const ratios: number[] = [];
  const sum = { base: 0, next: 0, errors: 0 };
  for (let turn = 0; turn < TURNS.rounds; turn++) {
    // Who goes first alternates too, so neither side always follows the other's turn.
    const [first, second] = turn % 2 ? [next, base] : [base, next];
    const a = await rate(first, load);
    const b = await rate(second, load);
    const [rb, rn] = turn % 2 ? [b, a] : [a, b];
    sum.base += rb.rps;
    sum.next += rn.rps;
    sum.errors += rb.errors + rn.errors;
    ratios.push(rn.rps / rb.rps);
  }
  ratios.sort((x, y) => x - y);
  return { base: sum.base / TURNS.rounds, next: sum.next / TURNS.rounds, ratio: ratios[Math.floor(ratios.length / 2)], errors: sum.errors };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** p50 and p99 of SAMPLES sequential requests on each side, the sides taking turns request by request, after three untimed each. */
async function latency(base: Served, next: Served, load: Load): Promise<{ base: { p50: number; p99: number }; next: { p50: number; p99: number } }> {
  const times = { base: [] as number[], next: [] as number[] };
  for (let i = 0; i < SAMPLES + 3; i++) {
    for (const [name, server] of (i % 2 ? [['next', next], ['base', base]] : [['base', base], ['next', next]]) as ['base' | 'next', Served][]) {
      const t = performance.now();
      const answer = await send(server.url, load.method, load.path, load.headers, load.body);
      if (answer.status !== 200) throw new Error(`${load.label}: ${name} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
      if (i >= 3) times[name].push(performance.now() - t);
    }
  }
  const of = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) };
  };
  return { base: of(times.base), next: of(times.next) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const settle = () => sleep(SETTLE_SECONDS * 1000);

/** The burst on one side, its resident memory sampled every 100 ms; then SETTLE_SECONDS idle. */
async function burst(server: Served): Promise<{ result: BurstResult; peakMb: number; afterMb: number; endedAt: number }> {
  let peakMb = rssMb(server.pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 100);
  const result = await hostileBurst(server.url, HOSTILE).finally(() => clearInterval(sampler));
  const endedAt = performance.now();
  await settle();
  return { result, peakMb, afterMb: rssMb(server.pid), endedAt };
}

/** A side's resident memory LATE_SECONDS after its burst ended (the time the resident-memory test gives it). */
async function lateRss(server: Served, endedAt: number): Promise<number> {
  await sleep(endedAt + LATE_SECONDS * 1000 - performance.now());
  return rssMb(server.pid);
}

const cell = (n: number | string | null) => (n === null ? '—' : String(n));

function row(measure: string, base: number | null, next: number | null, digits: number, goal: string, test?: (ratio: number, next: number) => boolean): Row {
  const ratio = base && next !== null ? next / base : null;
  const met = test && ratio !== null && next !== null ? test(ratio, next) : null;
  return { measure, baseline: base === null ? null : Number(base.toFixed(digits)), new: next === null ? null : Number(next.toFixed(digits)), ratio: ratio === null ? null : Number(ratio.toFixed(2)), goal, met };
}

function table(rows: Row[]): string {
  const lines = ['| measure | baseline | new | ratio | goal | met? |', '|---|---:|---:|---:|---|---|'];
  for (const r of rows) lines.push(`| ${r.measure} | ${cell(r.baseline)} | ${cell(r.new)} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${r.goal} | ${r.met === null ? '—' : r.met ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}

function differenceList(differences: Listed[]): string {
  if (!differences.length) return 'No differences: every answer is byte-identical.';
  return differences
    .map((d) => {
      const head = `- ${d.request} — ${d.what}: ${d.baseline} → ${d.new}${d.expected ? ` (listed: ${d.expected})` : ' (not listed)'}`;
      return d.excerpt ? `${head}\n${d.excerpt.split('\n').map((l) => `    ${l}`).join('\n')}` : head;
    })
    .join('\n');
}

/** 1. Each side's ingest, one after the other (none where --work already holds its release). */
async function ingestRows(sides: Side[], sources: string, env: RunEnv): Promise<Row[]> {
  const seconds: (number | null)[] = [];
  for (const side of sides) {
    if (releaseFile(side.dataDir)) {
      console.log(`${side.name}: reusing the release in ${side.dataDir}`);
      seconds.push(null);
      continue;
    }
    console.log(`${side.name}: ingest of ${sources} …`);
    seconds.push(await ingest(side, sources, env));
  }
  const sizes = sides.map((s) => fs.statSync(releaseFile(s.dataDir)!).size / 1e6);
  return [row('ingest (s)', seconds[0], seconds[1], 1, 'new ≤ 2× baseline', (r) => r <= 2), row('release file (MB)', sizes[0], sizes[1], 1, 'reported')];
}

type Listed = Difference & { expected?: string };

/** 2. The list's answers, twice, the sides taking turns request by request. */
async function recordAnswers(base: Served, next: Served, asks: Ask[], expected: Expected[]) {
  console.log(`recording ${asks.length} answers on each side, twice …`);
  const differences: Listed[] = [];
  const differing = new Set<string>();
  const answers: { request: string; status: [number, number]; bytes: [number, number] }[] = [];
  for (const [pass, suffix] of ['', ' (again)'].entries()) {
    for (const [i, a] of asks.entries()) {
      const request = `${a.label}${suffix}`;
      const index = pass * asks.length + i;
      const [x, y] = [await ask(base.url, a, index), await ask(next.url, a, index)];
      answers.push({ request, status: [x.status, y.status], bytes: [x.body.length, y.body.length] });
      const found = compareAnswers(request, x, y);
      for (const d of found) differences.push({ ...d, expected: expectedFor(d, expected)?.why });
      if (found.length) differing.add(request);
    }
  }
  const unlisted = differences.filter((d) => !d.expected).length;
  const summary: Row = { measure: `answers differing (of ${asks.length * 2})`, baseline: null, new: differing.size, ratio: null, goal: 'none not listed', met: unlisted === 0 };
  return { differences, differing: differing.size, unlisted, answers, row: summary };
}

/** 3. Cached answers under load. */
async function cachedRows(base: Served, next: Served): Promise<Row[]> {
  const rows: Row[] = [];
  for (const load of CACHED) {
    console.log(`cached: ${load.label} …`);
    const t = await throughput(base, next, load);
    rows.push({ ...row(`cached req/s: ${load.label}`, t.base, t.next, 0, 'new ≥ 0.9× baseline'), ratio: Number(t.ratio.toFixed(2)), met: t.ratio >= 0.9 });
    if (t.errors) rows.push({ measure: `  failed or non-2xx under load: ${load.label}`, baseline: null, new: t.errors, ratio: null, goal: 'none', met: false });
  }
  return rows;
}

/** 5. Memory when ready (measured at start) and after the hostile burst on each side. */
async function memoryRows(base: Served, next: Served, readyRss: { base: number; next: number }): Promise<Row[]> {
  console.log('hostile burst …');
  const [b, n] = [await burst(base), await burst(next)];
  const late = { base: await lateRss(base, b.endedAt), next: await lateRss(next, n.endedAt) };
  return [
    row(`RSS ${SETTLE_SECONDS} s after ready (MB)`, readyRss.base, readyRss.next, 0, `new < ${RSS_LIMIT_MB} MB`, (_r, x) => x < RSS_LIMIT_MB),
    row('RSS peak in the hostile burst (MB)', b.peakMb, n.peakMb, 0, 'reported'),
    row(`RSS ${SETTLE_SECONDS} s after the burst (MB)`, b.afterMb, n.afterMb, 0, 'reported'),
    row(`RSS ${LATE_SECONDS} s after the burst (MB)`, late.base, late.next, 0, `new < ${RSS_LIMIT_MB} MB`, (_r, x) => x < RSS_LIMIT_MB),
    { measure: `hostile burst: answers ≥ 500 (of ${n.result.requests})`, baseline: b.result.serverErrors, new: n.result.serverErrors, ratio: null, goal: 'new: none', met: n.result.serverErrors === 0 },
    { measure: 'hostile burst: connections cut without an answer', baseline: b.result.failed, new: n.result.failed, ratio: null, goal: 'reported', met: null },
  ];
}

/** 4. Uncached answers' p50 and p99. */
async function uncachedRows(base: Served, next: Served): Promise<Row[]> {
  const rows: Row[] = [];
  for (const load of UNCACHED) {
    console.log(`uncached: ${load.label} …`);
    const l = await latency(base, next, load);
    rows.push(row(`uncached p50 (ms): ${load.label}`, l.base.p50, l.next.p50, 1, 'reported'));
    rows.push(row(`uncached p99 (ms): ${load.label}`, l.base.p99, l.next.p99, 1, 'new ≤ baseline', (r) => r <= 1));
  }
  return rows;
}

/** 6. Start-up, the mean of each side's starts. */
function startRows(base: Served[], next: Served[]): Row[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return [
    row(`start → /readyz 200 (s, mean of ${base.length})`, mean(base.map((s) => s.readySeconds)), mean(next.map((s) => s.readySeconds)), 2, 'reported'),
    row(`start → figures ready (s, mean of ${base.length})`, mean(base.map((s) => s.warmSeconds)), mean(next.map((s) => s.warmSeconds)), 2, 'reported'),
  ];
}

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      sources: { type: 'string' },
      now: { type: 'string', default: '2026-04-20' },
      out: { type: 'string', default: 'bench-compare.json' },
      work: { type: 'string' },
      expected: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new Error('usage: npm run bench:compare -- BASELINE_DIR [--sources DIR] [--now YYYY-MM-DD] [--out FILE] [--work DIR] [--expected FILE]');
  const baselineDir = path.resolve(positionals[0]);
  for (const dir of [baselineDir, NEW_DIR]) {
    if (!fs.existsSync(path.join(dir, 'dist', 'cli.js'))) throw new Error(`${dir} has no dist/cli.js: build it first (npm run build there)`);
  }
  return {
    baselineDir,
    sources: path.resolve(values.sources ?? process.env.TOURISM_SOURCES ?? '../shared/data'),
    expected: (values.expected ? JSON.parse(fs.readFileSync(values.expected, 'utf8')) : []) as Expected[],
    work: values.work ? path.resolve(values.work) : null,
    now: values.now!,
    out: values.out!,
  };
}

async function main(): Promise<void> {
  const o = options();
  const work = o.work ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-compare-'));
  fs.mkdirSync(work, { recursive: true });
  const env: RunEnv = { now: o.now, logDir: work };
  const base: Side = { name: 'baseline', dir: o.baselineDir, dataDir: path.join(work, 'baseline-data') };
  const next: Side = { name: 'new', dir: NEW_DIR, dataDir: path.join(work, 'new-data') };
  console.log(`baseline ${o.baselineDir} (${commitOf(o.baselineDir)}) beside new ${NEW_DIR} (${commitOf(NEW_DIR)}); work folder ${work}`);
  const servers: Served[] = [];
  const start = async (side: Side, cacheMb: string | undefined, logName: string) => {
    const served = await serve(side, env, { keys, rates: RATES, cacheMb, logName });
    servers.push(served);
    return served;
  };
  const stopAll = () => Promise.all(servers.splice(0).map((s) => s.close()));
  const asks = compareAsks(env.now);
  const keys = seedKeys(asks.length * 2, [`intel:${LOAD_KEY}`, `free:${HOSTILE.free}`, `intel:${HOSTILE.intel}`]);
  try {
    const rows = await ingestRows([base, next], o.sources, env);
    console.log('starting both services …');
    // Resident memory when ready: after SETTLE_SECONDS of idle, as after the burst.
    const cachedBase = await start(base, undefined, 'baseline-serve.log');
    await settle();
    const readyRss = { base: rssMb(cachedBase.pid), next: 0 };
    const cachedNext = await start(next, undefined, 'new-serve.log');
    await settle();
    readyRss.next = rssMb(cachedNext.pid);
    const recorded = await recordAnswers(cachedBase, cachedNext, asks, o.expected);
    rows.push(recorded.row, ...(await cachedRows(cachedBase, cachedNext)), ...(await memoryRows(cachedBase, cachedNext, readyRss)));
    await stopAll();
    // This time the new side starts first.
    console.log('starting both services with ANSWER_CACHE_MB=0 …');
    const uncachedNext = await start(next, '0', 'new-serve-uncached.log');
    const uncachedBase = await start(base, '0', 'baseline-serve-uncached.log');
    rows.push(...(await uncachedRows(uncachedBase, uncachedNext)));
    await stopAll();
    rows.push(...startRows([cachedBase, uncachedBase], [cachedNext, uncachedNext]));

    console.log(`\n${table(rows)}\n\nAnswer differences (${recorded.differences.length} in ${recorded.differing} answers; ${recorded.unlisted} not listed):\n${differenceList(recorded.differences)}`);
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, memoryGb: Math.round(os.totalmem() / 1e9), load: os.loadavg(), node: process.version },
      baseline: { dir: o.baselineDir, commit: commitOf(o.baselineDir) },
      new: { dir: NEW_DIR, commit: commitOf(NEW_DIR) },
      settings: { sources: o.sources, now: env.now, turns: TURNS, samples: SAMPLES, settleSeconds: SETTLE_SECONDS, requests: asks.length * 2 },
      rows,
      differences: recorded.differences,
      answers: recorded.answers,
    };
    fs.writeFileSync(o.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWritten to ${path.resolve(o.out)}`);
  } finally {
    await stopAll();
    if (!o.work) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
