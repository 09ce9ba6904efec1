/**
 * /healthz keeps answering while one caller's query is worked out, on a real server over the real
 * release: no request holds the event loop for long. The goal (p99 under 50 ms) is held by
 * `npm run bench:event-loop`; here the bound is one the stalls once seen (0.7 s a query) break and a
 * busy test machine does not:
 *   - holiday rules, the service's costliest work (Malaysia: ~0.2 s of CPU a year of its sixteen
 *     states' rules), are worked out in a worker thread;
 *   - a free key asking for a field its plan cannot read over every country, in a hundred aliases
 *     (22,500 refusals), once stalled the loop 0.7 s a query: each refusal was located anew after
 *     the resolvers' time slices, the refused series were read before the refusal, and the
 *     statements of a hundred aliases ran in one turn of the loop;
 *   - the same hundred aliases of fields a free key may read.
 * The aliases are asked of the compiled service in its own process, as operators run it, so what
 * is measured is its event loop alone.
 */
import fs from 'node:fs';
import { healthzWhile as probeHealthz } from '../../src/bench/healthz-probe';
import { MCP_CALLS } from '../../src/bench/mcp-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, waitReady, waitUntil, type ServeProcess } from '../helpers/serve-process';
import { KEYS, privateDataDir, startTestServer, TEST_NOW, type TestServer } from '../helpers/server';

/** /healthz latencies (ms, sorted) while `attack` runs; a probe that measured nothing fails. */
async function healthzWhile(url: string, attack: () => Promise<void>): Promise<number[]> {
  const latencies = await probeHealthz(url, attack);
  expect(latencies.length).toBeGreaterThan(0);
  return latencies;
}

const p99 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)];
/**
 * What /healthz must answer within at the 99th percentile: eight times the benchmark's goal, room
 * for the other test files sharing the two cores, well under the stalls this file was written for.
 */
const BOUND_MS = 400;
const p50 = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];

describe('holiday rules, on a server in this process', () => {
  let s: TestServer;
  beforeAll(async () => {
    // A budget no busy machine reaches: the holidays must be answered, not cut.
    s = await startTestServer({ env: { EXECUTION_BUDGET_MS: '120000' } });
  });
  afterAll(async () => s?.close());

  it('/healthz p99 stays under the bound while holidays of unasked years are worked out', async () => {
    // Years far from any other test's, so none is kept already.
    const query = `{ ${Array.from({ length: 8 }, (_, i) => `y${i}: holidays(iso: "MY", year: ${2090 + i}) { date name }`).join(' ')} }`;
    let answer: { status: number; body: any } | undefined;
    const latencies = await healthzWhile(s.url, async () => {
      answer = await s.graphql(query, {}, 'free');
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body.errors).toBeUndefined();
    expect(answer?.body.data.y0.length).toBeGreaterThan(10);
    expect(p99(latencies)).toBeLessThan(BOUND_MS);
  });
});

/**
 * The service in its own process under the attack, as operators run it. The attack lasts long
 * enough for some hundred probes, so the p99 is a percentile and not the one slowest probe.
 */
const ATTACK_MS = 2_000;
const ATTACK_RUNS = 3;

describe('a hundred aliases of every country, against the compiled service in its own process', () => {
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
      // The queries must be answered, not cut, however busy the machine.
      EXECUTION_BUDGET_MS: '120000',
    });
    // The process's own start (modules compiled, the release opened) is not what is measured: /healthz answers quickly again first.
    await waitReady(app.url);
    await waitUntil('a settled service', async () => {
      const idle = await healthzWhile(app.url, () => new Promise((r) => setTimeout(r, 1000)));
      return idle.at(-1)! < BOUND_MS;
    }, 60_000);
  });
  afterAll(async () => {
    await app?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A hundred aliases of every country; a comment makes each text new, so no answer is kept for the next. */
  const everyCountry = (fields: string, round: number) =>
    `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: countries(first: 1000) { ...C }`).join(' ')} } fragment C on CountryConnection { nodes { ${fields} } }\n# ${round}`;

  /**
   * Asks `fields` of every country in a hundred aliases, one query after another for ATTACK_MS. The
   * first answer is checked in full; the others by status and length, read and let go: parsing an
   * answer of a megabyte each round (or keeping fifty) takes this process's CPU from the cores the
   * service and the probe share, and showed in the service's own loop delay.
   */
  async function attack(what: string, fields: string, check: (body: any) => void): Promise<number[]> {
    let answered = 0;
    let firstLength = 0;
    const started = performance.now();
    const latencies = await healthzWhile(app.url, async () => {
      for (let round = 0; performance.now() - started < ATTACK_MS; round++) {
        const res = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.free },
          body: JSON.stringify({ query: everyCountry(fields, round) }),
        });
        expect(res.status).toBe(200);
        const bytes = await res.arrayBuffer();
        if (round === 0) {
          firstLength = bytes.byteLength;
          check(JSON.parse(Buffer.from(bytes).toString('utf8')));
        } else {
          // The same query but for its comment: an answer of the same length, give or take its cost figures.
          expect(Math.abs(bytes.byteLength - firstLength)).toBeLessThan(100);
        }
        answered++;
      }
    });
    const ms = (performance.now() - started) / answered;
    console.log(`${what} ×100 aliases: ${ms.toFixed(0)} ms a query; /healthz p50 ${p50(latencies).toFixed(1)} ms, p99 ${p99(latencies).toFixed(1)} ms (${latencies.length} probes, slowest ${latencies.at(-1)!.toFixed(1)} ms)`);
    return latencies;
  }

  /**
   * The best p99 of up to ATTACK_RUNS attacks, stopping at the first under the bound: the machine
   * is shared with other test files and neighbours, whose load is not the service's doing. A
   * service that holds its loop too long fails every run.
   */
  async function p99OfAttack(run: () => Promise<number[]>): Promise<number> {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < ATTACK_RUNS && best >= BOUND_MS; i++) best = Math.min(best, p99(await run()));
    return best;
  }

  it('/healthz p99 stays under the bound while a free key asks for a field its plan cannot read over every country, a hundred times in one query', async () => {
    const measured = await p99OfAttack(() => attack('forbidden field', 'arrivals { alias }', (body) => {
      expect(body.data.a0.nodes.length).toBeGreaterThan(200);
      expect(body.data.a99.nodes.every((n: { arrivals: unknown }) => n.arrivals === null)).toBe(true);
      const counted = body.errors.reduce((n: number, e: { extensions: { count?: number } }) => n + (e.extensions.count ?? 1), 0);
      expect(counted).toBe(100 * body.data.a0.nodes.length);
      expect(body.errors[0].extensions).toMatchObject({ code: 'plan_required', plan: 'developer' });
    }));
    expect(measured).toBeLessThan(BOUND_MS);
  });

  it('/healthz p99 stays under the bound while a free key asks for every country a hundred times in one query', async () => {
    const measured = await p99OfAttack(() => attack('every country', 'iso name', (body) => {
      expect(body.errors).toBeUndefined();
      expect(body.data.a99.nodes.length).toBeGreaterThan(200);
    }));
    expect(measured).toBeLessThan(BOUND_MS);
  });

  /** One MCP request of the intel key; its answer read and let go. */
  async function mcp(id: number, method: string, params?: object): Promise<void> {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': KEYS.intel },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result?: { isError?: boolean } };
    expect(body.result?.isError ?? false).toBe(false);
  }

  /** Tools listed and called over /mcp one after another, as the other attacks ask, the citations' facts looked up on the way. */
  async function mcpAttack(): Promise<number[]> {
    const started = performance.now();
    let asked = 0;
    const latencies = await healthzWhile(app.url, async () => {
      for (let i = 0; performance.now() - started < ATTACK_MS; i++, asked++) await mcp(i, ...MCP_CALLS[i % MCP_CALLS.length]);
    });
    console.log(`/mcp: ${asked} requests; /healthz p50 ${p50(latencies).toFixed(1)} ms, p99 ${p99(latencies).toFixed(1)} ms (${latencies.length} probes, slowest ${latencies.at(-1)!.toFixed(1)} ms)`);
    return latencies;
  }

  it('/healthz p99 stays under the bound while /mcp lists tools and answers tool calls', async () => {
    expect(await p99OfAttack(mcpAttack)).toBeLessThan(BOUND_MS);
  });
});
