/**
 * Working out decades of holiday rules (Switzerland: 26 cantons) takes seconds of CPU; other
 * requests are answered in between, not after it (a blocked event loop made callers time out).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ warm: false });
});
afterAll(async () => s.close());

it('answers /healthz while a holidays join over 35 years of rules is being worked out', async () => {
  const order: string[] = [];
  const join = s.get('/v1/joins/holidays?id=ch.arrivals.total.m').then(async (res) => {
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(400);
    order.push('join');
  });
  // Sent once the join is under way: its answer must not wait for the whole join.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const health = fetch(`${s.url}/healthz`).then((res) => {
    expect(res.status).toBe(200);
    order.push('healthz');
  });
  await Promise.all([join, health]);
  expect(order).toEqual(['healthz', 'join']);
});
