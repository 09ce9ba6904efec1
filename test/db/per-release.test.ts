import { expect, it } from 'vitest';
import { perRelease, type Snapshot } from '../../src/db/data-store';

// A hand-written stand-in holding only what perRelease touches: the release's memo.
const snapshot = { memo: new Map() } as unknown as Snapshot;

it('computes a figure once per release and retries one that failed', async () => {
  let calls = 0;
  const compute = async () => ++calls;
  expect(await perRelease(snapshot, 'a', compute)).toBe(1);
  expect(await perRelease(snapshot, 'a', compute)).toBe(1);
  await expect(perRelease(snapshot, 'b', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await Promise.resolve();
  expect(await perRelease(snapshot, 'b', compute)).toBe(2);
});
