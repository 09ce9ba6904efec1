import { describe, expect, it } from 'vitest';
import { stayLength } from '../../src/domain/stay-length';

const nightsFixture = [
  { period: '2024-05', value: 70 },
  { period: '2024-01', value: 300 },
  { period: '2024-02', value: 250 },
  { period: '2024-03', value: null },
  { period: '2024-04', value: 100 },
  { period: '2024', value: 720 },
];
const arrivalsFixture = [
  { period: '2024-01', value: 100 },
  { period: '2024-02', value: 80 },
  { period: '2024-03', value: 50 },
  { period: '2024-04', value: 0 },
  { period: '2024-05', value: 30 },
  { period: '2024', value: 260 },
];

describe('stayLength', () => {
  it('divides nights by arrivals where both are known and arrivals are positive, ascending', () => {
    // Jan 300/100 = 3; Feb 250/80 = 3.125 → 3.13; Mar no nights; Apr no arrivals; May 70/30 = 2.333 → 2.33
    expect(stayLength(nightsFixture, arrivalsFixture)).toEqual([
      { period: '2024-01', nightsPerArrival: 3 },
      { period: '2024-02', nightsPerArrival: 3.13 },
      { period: '2024-05', nightsPerArrival: 2.33 },
    ]);
  });

  it('starts at fromMonth', () => {
    expect(stayLength(nightsFixture, arrivalsFixture, '2024-02').map((r) => r.period)).toEqual(['2024-02', '2024-05']);
  });
});
