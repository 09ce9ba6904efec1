import { describe, expect, it } from 'vitest';
import { freshness } from '../../src/domain/freshness';

const latestFixture = [
  { iso: 'ES', name: 'Spain', latest: '2024-05' },
  { iso: 'FR', name: 'France', latest: '2024-03' },
  { iso: 'US', name: 'United States', latest: '2022' },
  { iso: 'DE', name: 'Germany', latest: '2024-Q1' },
];

describe('freshness', () => {
  it('lists the most behind first, then by code', () => {
    // today June 2024. ES: month after May is June → 0. FR: after March is April → 2.
    // DE: Q1 counts as March → 2. US: 2022 counts as December, after is Jan 2023 → 17.
    expect(freshness(latestFixture, new Date('2024-06-15T00:00:00Z'))).toEqual([
      { iso: 'US', name: 'United States', latest: '2022', monthsBehind: 17 },
      { iso: 'DE', name: 'Germany', latest: '2024-Q1', monthsBehind: 2 },
      { iso: 'FR', name: 'France', latest: '2024-03', monthsBehind: 2 },
      { iso: 'ES', name: 'Spain', latest: '2024-05', monthsBehind: 0 },
    ]);
  });
});
