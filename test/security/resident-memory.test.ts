/**
 * Memory comes back after the heavy attacks: the compiled service in its own process (as operators
 * run it), hit with large answers (every monthly series of a measure with thirty years of figures,
 * ~6 MB each), queries padded to 900 kB, and a forbidden field over every country in a hundred aliases,
 * four at a time; then left idle, its resident memory (VmRSS) is back under 300 MB within a minute.
 * It was ~295 MB idle after start alone: every observation row kept for the release carried its own
 * copies of its series id, period, status and publication time (src/graphql/loaders.ts).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { privateDataDir, TEST_NOW } from '../helpers/server';
import { startServe, waitReady, type ServeProcess } from '../helpers/serve-process';

const LIMIT_MB = 300;
const KEYS = { free: 'rss-free', intel: 'rss-intel' };

let dataDir: string;
let app: ServeProcess;
beforeAll(async () => {
  dataDir = privateDataDir();
  app = await startServe({
    DATA_DIR: dataDir,
    PORT: '0',
    TOURISM_NOW: TEST_NOW,
    TOURISM_API_KEYS: `free:${KEYS.free},intel:${KEYS.intel}`,
    RATE_LIMITS: 'free:100000,intel:100000',
    // The large answers must be made, not cut at their time budget, however busy the machine.
    EXECUTION_BUDGET_MS: '120000',
  });
});
afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const residentMb = () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${app.proc.pid}/status`, 'utf8'))?.[1]) / 1024;

async function post(query: string, key: string): Promise<number> {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify({ query }) });
  expect(res.status).toBeLessThan(500);
  return (await res.arrayBuffer()).byteLength;
}

const large = (i: number) =>
  `{ series(first: 1000, filter: { freq: M, measure: ${i % 2 ? 'nights' : 'arrivals'} }) { nodes { alias observations(from: "${1995 + (i % 4)}", to: "2025") { period value } } } }`;
const padded = (i: number) => `{ regions { slug } }\n#${String(i).padStart(4, '0')}${'x'.repeat(900_000)}`;
const amplified = (i: number) =>
  `{ ${Array.from({ length: 100 }, (_, j) => `a${j}: countries(first: 1000) { ...C }`).join(' ')} } fragment C on CountryConnection { nodes { arrivals { alias } } }\n# ${i}`;

it(`resident memory is back under ${LIMIT_MB} MB within a minute of idle after the heavy attacks`, async () => {
  // Measured from a service that serves its release.
  await waitReady(app.url);
  const before = residentMb();
  const attacks: (() => Promise<number>)[] = [
    ...Array.from({ length: 8 }, (_, i) => () => post(large(i), KEYS.intel)),
    ...Array.from({ length: 20 }, (_, i) => () => post(padded(i), KEYS.free)),
    ...Array.from({ length: 6 }, (_, i) => () => post(amplified(i), KEYS.free)),
  ];
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb())), 100);
  let answered = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let attack = attacks.shift(); attack; attack = attacks.shift()) {
        const bytes = await attack();
        answered += bytes;
      }
    }),
  ).finally(() => clearInterval(sampler));
  expect(answered).toBeGreaterThan(30_000_000);

  let idle = 0;
  let now = residentMb();
  while (now >= LIMIT_MB && idle < 60) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle++;
    now = residentMb();
  }
  console.log(`resident memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${now.toFixed(0)} MB after ${idle} s idle (${(answered / 1e6).toFixed(0)} MB answered)`);
  expect(now).toBeLessThan(LIMIT_MB);
});
