/**
 * Compressed answers benchmark: requests/second for cached answers sent brotli- and gzip-compressed
 * (REST JSON, REST CSV, GraphQL GET), each beside a bare node:http server sending the same
 * compressed bytes with the same headers, measured in the same run; prints each ratio and their mean.
 * Uses DATA_DIR when it holds a release, else builds one from TOURISM_SOURCES or ../shared/data;
 * BENCH_ONLY=text runs only the cases whose label holds it ("br GraphQL"); BENCH_WARMUP=0 leaves out
 * the untimed warm-up turns (the test suite's short run, where the ratios are not judged).
 */
import http from 'node:http';
import { benchDataDir } from './release';
import { bareServer, childServer, compareRates, turnOptions } from './servers';

const KEY = 'bench-key-intel';
const TURNS = turnOptions(2);
/** The goal: the mean of the cached compressed answers' ratios to a bare server's rate, or better. */
const GOAL = 0.95;
/** Only the cases whose label (coding and target, e.g. "br GraphQL") holds this text; default all. */
const ONLY = process.env.BENCH_ONLY ?? '';

const GRAPHQL_QUERY = encodeURIComponent('{ country(iso: "ES") { name series(headline: true) { alias observations(from: "2019") { period value } } } }');
const TARGETS: { label: string; target: string }[] = [
  { label: 'REST JSON /v1/countries', target: '/v1/countries' },
  { label: 'REST CSV /v1/arrivals', target: '/v1/arrivals?from=2019&format=csv' },
  { label: 'GraphQL GET country query', target: `/graphql?query=${GRAPHQL_QUERY}` },
];

/** One answer as sent (not decompressed): its status, headers and bytes. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const app = await childServer('child', ['app', dir, KEY, 'on']);
  const ratios: number[] = [];
  console.log(`\nKept compressed answers (${TURNS.warmUp ? 'a warm-up turn, then ' : ''}${TURNS.rounds} alternating turns of ${TURNS.seconds} s, 10 connections) vs a bare node:http server sending the same bytes`);
  try {
    for (const coding of ['br', 'gzip'] as const) {
      for (const { label, target } of TARGETS) {
        if (!`${coding} ${label}`.includes(ONLY)) continue;
        const headers = { 'X-API-Key': KEY, 'Accept-Encoding': coding };
        await raw(`${app.url}${target}`, headers); // cached, and compressed in this coding, from now on
        const sample = await raw(`${app.url}${target}`, headers);
        if (sample.status !== 200 || sample.headers['content-encoding'] !== coding) {
          throw new Error(`${target}: expected a ${coding} answer, got ${sample.status} ${sample.headers['content-encoding'] ?? 'identity'}`);
        }
        const bare = await bareServer(sample.body, Object.entries(sample.headers).map(([k, v]): [string, string] => [k, String(v)]));
        const { ours, bare: base, ratio, errors } = await compareRates(`${app.url}${target}`, `${bare.url}${target}`, { headers }, TURNS);
        await bare.close();
        ratios.push(ratio);
        console.log(
          `${`${coding.padEnd(4)} ${label}`.padEnd(36)} ${String(sample.body.length).padStart(6)} B  ${ours.toFixed(0).padStart(7)} req/s   bare ${base.toFixed(0).padStart(7)} req/s   ratio ${ratio.toFixed(2)}${errors ? `   (${errors} errors)` : ''}`,
        );
      }
    }
  } finally {
    app.close();
  }
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  console.log(`\nMean of the median ratios ${mean.toFixed(2)} (goal ≥ ${GOAL}); lowest ${Math.min(...ratios).toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
