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
  let joinDone = Infinity;
  const join = s.get('/v1/joins/holidays?id=ch.arrivals.total.m').then(async (res) => {
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(400);
    joinDone = performance.now();
  });
  // Sent once the join is under way (cold, it takes seconds of CPU): /healthz must not wait for it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = performance.now();
  const res = await fetch(`${s.url}/healthz`);
  const answered = performance.now();
  expect(res.status).toBe(200);
  await join;
  // Rules another test already worked out are kept in this process: then the join may end first.
  if (joinDone > sent) expect(answered).toBeLessThan(joinDone);
  expect(answered - sent).toBeLessThan(1000);
});
