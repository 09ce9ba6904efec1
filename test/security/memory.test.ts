/**
 * One caller cannot flush everyone's kept answers: a query padded with 900 kB of comments was kept
 * at 1.8 MB a copy (its text was the key), so nine pushed every other answer out. Keys that long are
 * kept as a digest, and the padded copies cost their answers' bytes only. On a real server over the
 * real release (metrics opened to read the cache's hits).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { METRICS_PUBLIC: '1' } });
});
afterAll(async () => s?.close());

const ask = (query: string, key = KEYS.free) => fetch(`${s.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'X-API-Key': key, Accept: 'application/json' } });

async function graphqlHits(): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  return Number(/^answer_cache_lookups_total\{cache="graphql",result="hit"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

it("twenty queries padded with 900 kB of comments leave another caller's kept answer kept", async () => {
  const everyone = '{ countries(first: 300) { nodes { iso name } } }';
  // A composed query is kept from its second ask; each padded one is asked twice too, so it would be kept.
  for (let i = 0; i < 2; i++) expect((await ask(everyone, KEYS.developer)).status).toBe(200);
  for (let i = 0; i < 40; i++) {
    const padded = `{ regions { slug } }\n#${String(i >> 1).padStart(4, '0')}${'x'.repeat(900_000)}`;
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'X-API-Key': KEYS.free, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: padded }),
    });
    expect(res.status).toBeLessThan(500);
    await res.arrayBuffer();
  }
  const before = await graphqlHits();
  expect((await ask(everyone, KEYS.developer)).status).toBe(200);
  expect(await graphqlHits()).toBe(before + 1);
});
