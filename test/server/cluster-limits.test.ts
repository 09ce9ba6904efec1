import { expect, it } from 'vitest';
import { EXACT_BELOW, leaseSize } from '../../src/server/cluster-limits';

it('leases nothing past the limit, one token at a time near it, and an eighth of a worker share far from it', () => {
  expect(leaseSize(0, 2)).toBe(0);
  expect(leaseSize(-3, 2)).toBe(0);
  expect(leaseSize(1, 2)).toBe(1);
  expect(leaseSize(EXACT_BELOW, 2)).toBe(1);
  // 201 left, 2 workers: floor(201 / 16) = 12.
  expect(leaseSize(201, 2)).toBe(12);
  expect(leaseSize(6000, 2)).toBe(375);
  expect(leaseSize(100_000_000, 2)).toBe(1000);
});
