/**
 * First answers of a freshly started server come about as quickly as a country's record: what
 * /v1/gaps, /v1/tables, the series search and the holidays join need is worked out once per
 * release and warmed when the release is opened (briefs and recent holidays too), not by the
 * first caller, and work for every country is not done when one country is asked. Real server over its own copy of the test
 * release (what a release worked out is shared by the servers of one file in a process), answer
 * cache empty; each route's first request, timed against a trivial route's measured alongside.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copiedDataDir } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let dataDir: string;
/** Median time of a country's record, asked for five countries (each a first, uncached answer). */
let reference: number;

/** The process's garbage collections (the server runs in this process): a pause is no route's work. */
const collections: PerformanceEntry[] = [];
const gcObserver = new PerformanceObserver((list) => collections.push(...list.getEntries()));

/** Milliseconds to the last byte of a first answer, uncompressed (as curl asks), less collections meanwhile. */
async function timed(pathAndQuery: string): Promise<number> {
  const sent = performance.now();
  const res = await s.get(pathAndQuery, { plan: 'intel', headers: { 'Accept-Encoding': 'identity' } });
  await res.arrayBuffer();
  const done = performance.now();
  expect(res.status, pathAndQuery).toBe(200);
  // Entries are delivered after the collection: wait a turn so those of this answer are in.
  await new Promise((r) => setImmediate(r));
  const paused = collections.filter((gc) => gc.startTime >= sent && gc.startTime < done).reduce((sum, gc) => sum + gc.duration, 0);
  if (paused > 0) console.log(`${pathAndQuery}: ${paused.toFixed(1)} ms of garbage collection left out`);
  return done - sent - paused;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

beforeAll(async () => {
  gcObserver.observe({ entryTypes: ['gc'] });
  dataDir = copiedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-uncached-')));
  s = await startTestServer({ dataDir });
  // A server that has just opened its release: its derived figures are read from the release, not computed.
  // The REST and GraphQL path's first run (the JIT) is no route's own work.
  await timed('/v1/regions');
  const times: number[] = [];
  for (const iso of ['ES', 'FR', 'DE', 'IT', 'PT']) times.push(await timed(`/v1/countries/${iso}`));
  reference = median(times);
});

afterAll(async () => {
  gcObserver.disconnect();
  await s?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Each within `ratio` times the reference, plus `slack` ms for a collection or a descheduled turn
 * on shared cores. Before these were worked out per release and warmed, this file measured (the
 * reference 7 ms): /v1/gaps?country=ES 85 ms, /v1/gaps 115, /v1/tables 183, /v1/tables?limit=3 62,
 * the search 186, the holidays join 334 (and 145 while the worker still worked out the country-year
 * when first asked, before the monthly countries' recent holidays were warmed), Portugal's brief 66.
 */
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

it.each(ROUTES)('answers $path first within $ratio× a country record + $slack ms', async ({ path: route, ratio, slack }) => {
  const took = await timed(route);
  console.log(`${route}: ${took.toFixed(1)} ms (a country's record: ${reference.toFixed(1)} ms)`);
  expect(took).toBeLessThan(ratio * reference + slack);
});
