/**
 * Event-loop benchmark: /healthz latency, probed every 10 ms from a thread of its own, while one
 * caller's heavy work runs on the compiled service in its own process (as operators run it):
 *   - holiday rules of years nobody asked for (Malaysia's sixteen states), computed in a worker thread;
 *   - a free key asking for a field its plan cannot read over every country, a hundred aliases a query;
 *   - a free key asking for every country, a hundred aliases a query;
 *   - /mcp listing tools and answering tool calls.
 * Prints p50, p99 and the slowest probe of each attack, and the goal: /healthz p99 under 50 ms during
 * every attack (the best of BENCH_ROUNDS runs, default 3: neighbours on a shared host are not the
 * service's doing, and a service that holds its loop too long fails every run).
 * Uses DATA_DIR when it holds a release, else builds one (./release); BENCH_SECONDS (default 6) each attack.
 */
import path from 'node:path';
import { healthzWhile } from './healthz-probe';
import { MCP_CALLS } from './mcp-calls';
import { benchDataDir } from './release';
import { childServer } from './servers';

const KEYS = { free: 'bench-key-free', intel: 'bench-key-intel' };
/** The goal: /healthz answers within this at the 99th percentile while an attack runs. */
const GOAL_P99_MS = 50;
const ATTACK_MS = Number(process.env.BENCH_SECONDS ?? 6) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

async function post(url: string, key: string, body: object, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key, ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** A hundred aliases of every country; a comment makes each text new, so no answer is cached for the next. */
const everyCountry = (fields: string, round: number) =>
  `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: countries(first: 1000) { ...C }`).join(' ')} } fragment C on CountryConnection { nodes { ${fields} } }\n# ${round}`;

/** Each attack: one run's requests, given the service's URL and the run's number (years and texts new each run). */
const ATTACKS: { label: string; run: (url: string, round: number) => Promise<void> }[] = [
  {
    label: 'holiday rules of unasked years (8 years of MY)',
    run: async (url, round) => {
      const from = 2070 + round * 8;
      await post(`${url}/graphql`, KEYS.free, { query: `{ ${Array.from({ length: 8 }, (_, i) => `y${i}: holidays(iso: "MY", year: ${from + i}) { date name }`).join(' ')} }` });
    },
  },
  {
    label: 'forbidden field, every country ×100 aliases',
    run: async (url) => {
      const started = performance.now();
      for (let round = 0; performance.now() - started < ATTACK_MS; round++) await post(`${url}/graphql`, KEYS.free, { query: everyCountry('arrivals { alias }', round) });
    },
  },
  {
    label: 'every country ×100 aliases',
    run: async (url) => {
      const started = performance.now();
      for (let round = 0; performance.now() - started < ATTACK_MS; round++) await post(`${url}/graphql`, KEYS.free, { query: everyCountry('iso name', round) });
    },
  },
  {
    label: '/mcp tools listed and called',
    run: async (url) => {
      const started = performance.now();
      for (let i = 0; performance.now() - started < ATTACK_MS; i++) {
        const [method, params] = MCP_CALLS[i % MCP_CALLS.length];
        await post(`${url}/mcp`, KEYS.intel, { jsonrpc: '2.0', id: i, method, ...(params ? { params } : {}) }, { Accept: 'application/json, text/event-stream' });
      }
    },
  },
];

/** Until /readyz says the release is served (and, where the service reports one, its warm-up over). */
async function ready(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.status === 200 && ((await res.json()) as { warmed?: boolean }).warmed !== false) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const app = await childServer(path.join('..', 'cli'), ['serve'], {
    ready: /Serving on (\S+)/,
    env: { DATA_DIR: dir, PORT: '0', WORKERS: '1', TOURISM_API_KEYS: `free:${KEYS.free},intel:${KEYS.intel}`, RATE_LIMITS: 'free:100000000,intel:100000000' },
  });
  let met = 0;
  try {
    await ready(app.url);
    console.log(`\n/healthz every 10 ms while one caller's work runs (attacks of ${ATTACK_MS / 1000} s; the best p99 of up to ${ROUNDS} runs)`);
    for (const attack of ATTACKS) {
      let best: number[] | null = null;
      for (let round = 0; round < ROUNDS && (best === null || at(best, 0.99) >= GOAL_P99_MS); round++) {
        const latencies = await healthzWhile(app.url, () => attack.run(app.url, round));
        if (best === null || at(latencies, 0.99) < at(best, 0.99)) best = latencies;
      }
      const p99 = at(best!, 0.99);
      if (p99 < GOAL_P99_MS) met++;
      console.log(`${attack.label.padEnd(48)} p50 ${at(best!, 0.5).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   slowest ${best!.at(-1)!.toFixed(1).padStart(6)} ms   (${best!.length} probes)`);
    }
  } finally {
    await app.close();
  }
  console.log(`\nGoal: /healthz p99 under ${GOAL_P99_MS} ms during every attack: ${met === ATTACKS.length ? 'met' : `not met (${ATTACKS.length - met} of ${ATTACKS.length} over)`}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
