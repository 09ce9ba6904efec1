/**
 * Every execution has a time budget (EXECUTION_BUDGET_MS): past it, the caller gets one `timeout`
 * error in the error body, on /graphql and /v1 alike, and the work stops (resolvers throw, holiday
 * rules nobody waits for are dropped). Meanwhile resolvers yield the event loop every 10 ms, so
 * /healthz answers during a query over 500 series. Real server, real release, a budget of 1 s.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { EXECUTION_BUDGET_MS: '1000' } });
});
afterAll(async () => s?.close());

/** Holiday rules of years nobody asked for: ~0.2 s each for Malaysia's sixteen states. */
const slowHolidays = (from: number, n: number) => `{ ${Array.from({ length: n }, (_, i) => `y${i}: holidays(iso: "MY", year: ${from + i}) { date }`).join(' ')} }`;

it('stops a GraphQL query at its budget with one timeout error', async () => {
  const sent = performance.now();
  const { status, body } = await s.graphql(slowHolidays(2050, 19), {}, 'free');
  const took = performance.now() - sent;
  // As the cost refusal: a GraphQL answer whose one error says why there is no data.
  expect(status).toBe(200);
  expect(body.data).toBeNull();
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].extensions).toMatchObject({ code: 'timeout', budgetMs: 1000 });
  expect(body.errors[0].message).toMatch(/time budget of 1 s/);
  // Answered at the budget, not when the nineteen years would have been done (several seconds of
  // CPU): three times the budget leaves room for a busy machine.
  expect(took).toBeLessThan(3_000);
});

it('stops a /v1 answer at its budget with the timeout error body', async () => {
  // Malaysia's annual arrivals span decades of years: first asked of the 1 s server, which either
  // answers it or stops it, and so leaves those years' holidays computed and cached in the process.
  const warm = await fetch(`${s.url}/v1/joins/holidays?id=my.arrivals.total.a`, { headers: { 'X-API-Key': KEYS.analyst } });
  expect([200, 503]).toContain(warm.status);
  // Then of a server whose budget is 1 ms: even with every holiday cached, the answer waits for a
  // turn of the execution queue and reads decades of rows, so it cannot come back within its budget.
  const tight = await startTestServer({ env: { EXECUTION_BUDGET_MS: '1' } });
  try {
    const res = await fetch(`${tight.url}/v1/joins/holidays?id=my.arrivals.total.a`, { headers: { 'X-API-Key': KEYS.analyst } });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.error.code).toBe('timeout');
    expect(body.error.message).toMatch(/time budget of 0.001 s/);
  } finally {
    await tight.close();
  }
});

it('answers /healthz while a query over 500 series runs, in slices of the event loop', async () => {
  // The default budget: the query runs to its end however busy the machine is.
  const roomy = await startTestServer();
  try {
    const query = '{ series(first: 500) { nodes { id observations { period value } } } }';
    // The server's first query opens its release: not the slices being checked.
    expect((await roomy.graphql('{ series(first: 1) { nodes { id } } }', {}, 'developer')).status).toBe(200);
    await fetch(`${roomy.url}/healthz`);
    const latencies: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const sent = performance.now();
        await fetch(`${roomy.url}/healthz`);
        latencies.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const sent = performance.now();
    const { body } = await roomy.graphql(query, {}, 'developer');
    const took = performance.now() - sent;
    running = false;
    await probe;
    expect(body.data.series.nodes).toHaveLength(500);
    // Answered between the slices, not after the whole query (this test's own client shares the loop).
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(took * 0.75);
  } finally {
    await roomy.close();
  }
});
