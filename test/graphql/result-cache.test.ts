/** The one result cache's store: a budget in bytes, least recently used out first, emptied by a new release; bodies count in it. */
import { expect, it } from 'vitest';
import { answerBudgetBytes, BodyCache, ResultStore, resultKey, sessionKey } from '../../src/graphql/result-cache';

const key = (version: string, n: number) => resultKey(sessionKey(version, new Date('2026-04-20T12:00:00Z'), 'free'), `{ a${n} }`, undefined, {});
const result = () => ({ data: { a: 1 } });

it('evicts the least recently used results once the byte budget is spent, bodies counted, never holding more', () => {
  const store = new ResultStore(6000);
  const bodies = new BodyCache<{ bytes: number }>(store);
  for (let i = 0; i < 8; i++) {
    store.set(key('v1', i), result());
    bodies.set(store.entry(key('v1', i))!, 'json', { bytes: 100 });
  }
  const bytesUsed = store.bytes;
  expect(bytesUsed).toBeGreaterThan(8 * 200);
  store.get(key('v1', 0)); // now the most recently used
  for (let i = 8; i < 20; i++) {
    store.set(key('v1', i), result());
    bodies.set(store.entry(key('v1', i))!, 'json', { bytes: 100 });
  }
  expect(store.bytes).toBeLessThanOrEqual(6000);
  expect(store.get(key('v1', 0))).toBeDefined();
  expect(store.get(key('v1', 1))).toBeUndefined();
  expect(store.get(key('v1', 19))).toBeDefined();
});

it('tags a cached result with its entry, which copies carry, and caches bodies per entry', () => {
  const store = new ResultStore(100_000);
  const cachedResult = result();
  store.set(key('v1', 1), cachedResult);
  const entry = ResultStore.entryOf({ ...cachedResult, extensions: { cost: 1 } });
  expect(entry?.result).toBe(cachedResult);
  const bodies = new BodyCache<{ bytes: number; text: string }>(store);
  bodies.set(entry!, 'json', { bytes: 10, text: 'x' });
  expect(bodies.get(entry!, 'json')?.text).toBe('x');
  expect(bodies.get(entry!, 'csv')).toBeUndefined();
  expect(ResultStore.entryOf(result())).toBeUndefined();
});

it('does not keep an entry over an eighth of the budget, and keeps nothing with no budget', () => {
  const store = new ResultStore(8000);
  const bodies = new BodyCache<{ bytes: number }>(store);
  store.set(key('v1', 1), result());
  bodies.set(store.entry(key('v1', 1))!, 'json', { bytes: 1000 });
  expect(store.get(key('v1', 1))).toBeUndefined();
  const off = new ResultStore(0);
  off.set(key('v1', 2), result());
  expect(off.get(key('v1', 2))).toBeUndefined();
  expect(off.enabled).toBe(false);
});

it('empties itself when the data version changes', () => {
  const store = new ResultStore(100_000);
  store.set(key('v1', 1), result());
  expect(store.get(key('v2', 1))).toBeUndefined();
  expect(store.bytes).toBe(0);
});

it('keys documents by their digest, and long variables by the whole key\'s, the version put in front', () => {
  const session = sessionKey('v9', new Date('2026-04-20T00:00:00Z'), 'free');
  const long = resultKey(session, `{ a ${'#'.repeat(900_000)}\n}`, undefined, {});
  expect(long.length).toBeLessThan(100);
  expect(long.startsWith('v9|')).toBe(true);
  expect(resultKey(session, `{ a ${'#'.repeat(900_000)}\n}`, undefined, {})).toBe(long);
  expect(resultKey(session, `{ a ${'#'.repeat(900_001)}\n}`, undefined, {})).not.toBe(long);
  const manyVariables = resultKey(session, '{ a }', undefined, { codes: 'ES,'.repeat(10_000) });
  expect(manyVariables.startsWith('v9|sha256:')).toBe(true);
  expect(manyVariables.length).toBeLessThan(100);
});

it('reads its budget from ANSWER_CACHE_MB', () => {
  expect(answerBudgetBytes({ ANSWER_CACHE_MB: '4' })).toBe(4 * 1024 * 1024);
  expect(answerBudgetBytes({})).toBe(32 * 1024 * 1024);
});
