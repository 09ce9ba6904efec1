/**
 * Working out decades of holiday rules (Switzerland: 26 cantons) takes seconds of CPU; other
 * requests are answered in between, not after it (a blocked event loop made callers time out).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

it('answers /healthz while a holidays join over 35 years of rules is being computed', async () => {
  let joinDone = Infinity;
  const join = s.get('/v1/joins/holidays?id=ch.arrivals.total.m').then(async (res) => {
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(400);
    joinDone = performance.now();
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = performance.now();
  const res = await fetch(`${s.url}/healthz`);
  const answered = performance.now();
  expect(res.status).toBe(200);
  await join;
  // Answered while the join was still being computed, or promptly when an earlier file had computed
  // those years already: a loop held for the whole join answers after it, and slowly.
  expect(answered < joinDone || answered - sent < 1000).toBe(true);
});

it('answers /healthz before 19 years of rules nobody asked for yet are computed', async () => {
  // Years before any series of the release and far from any other test's, so their rules are
  // computed now whatever ran before in this process (computed rules are cached process-wide):
  // the query surely outlasts /healthz. 19 years: the most one query may cost.
  const from = 1900 + Math.floor(Math.random() * 30);
  const query = `{ ${Array.from({ length: 19 }, (_, i) => `y${i}: holidays(iso: "CH", year: ${from + i}) { date }`).join(' ')} }`;
  let queryDone = Infinity;
  const asked = s.graphql(query, {}, 'intel').then(({ status, body }) => {
    expect(status).toBe(200);
    expect(body.data.y18.length).toBeGreaterThan(5);
    queryDone = performance.now();
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const res = await fetch(`${s.url}/healthz`);
  const answered = performance.now();
  expect(res.status).toBe(200);
  await asked;
  expect(answered).toBeLessThan(queryDone);
});
