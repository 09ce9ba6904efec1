/** The answer cache: a budget in bytes, least recently used out first, emptied by a new release. */
import { expect, it } from 'vitest';
import { AnswerCache, answerBudgetBytes } from '../../rest/answer-cache';

const entry = (bytes: number) => ({ bytes });

it('evicts the least recently used answers once the byte budget is spent, never holding more', () => {
  const cache = new AnswerCache<{ bytes: number }>(1000);
  for (let i = 0; i < 8; i++) cache.set('v1', `k${i}`, entry(100));
  expect(cache.bytes).toBe(800);
  cache.get('v1', 'k0'); // k0 is now the most recently used
  for (let i = 8; i < 12; i++) cache.set('v1', `k${i}`, entry(100));
  expect(cache.bytes).toBeLessThanOrEqual(1000);
  expect(cache.get('v1', 'k0')).toBeDefined();
  expect(cache.get('v1', 'k1')).toBeUndefined();
  expect(cache.get('v1', 'k11')).toBeDefined();
});

it('does not keep an answer over an eighth of the budget, and keeps nothing with no budget', () => {
  const cache = new AnswerCache<{ bytes: number }>(800);
  cache.set('v1', 'small', entry(100));
  cache.set('v1', 'huge', entry(101));
  expect(cache.get('v1', 'small')).toBeDefined();
  expect(cache.get('v1', 'huge')).toBeUndefined();
  const off = new AnswerCache<{ bytes: number }>(0);
  off.set('v1', 'a', entry(1));
  expect(off.get('v1', 'a')).toBeUndefined();
});

it('empties itself when the data version changes', () => {
  const cache = new AnswerCache<{ bytes: number }>(1000);
  cache.set('v1', 'a', entry(10));
  expect(cache.get('v2', 'a')).toBeUndefined();
  expect(cache.bytes).toBe(0);
});

it('reads its budget from ANSWER_CACHE_MB', () => {
  expect(answerBudgetBytes({ ANSWER_CACHE_MB: '4' })).toBe(4 * 1024 * 1024);
  expect(answerBudgetBytes({})).toBe(16 * 1024 * 1024);
});
