import { describe, expect, it } from 'vitest';
import { vs3yrAvgPct, vsBaselinePct, ytdYoyPct, yoyPct } from '../../src/domain/yoy';

describe('yoyPct / vsBaselinePct', () => {
  it('gives the change in percent, 1 decimal', () => {
    expect(yoyPct(110, 100)).toBe(10);
    expect(yoyPct(90, 120)).toBe(-25);
    expect(yoyPct(1, 3)).toBe(-66.7); // (1/3 − 1) × 100 = −66.67
    expect(vsBaselinePct(150, 200)).toBe(-25);
  });

  it('is null when a figure is missing or the base is zero', () => {
    expect(yoyPct(null, 100)).toBeNull();
    expect(yoyPct(100, undefined)).toBeNull();
    expect(yoyPct(100, 0)).toBeNull();
    expect(vsBaselinePct(100, null)).toBeNull();
  });
});

const monthlyFixture = [
  { period: '2021-05', value: 80 },
  { period: '2022-05', value: 100 },
  { period: '2023-01', value: 100 },
  { period: '2023-02', value: 200 },
  { period: '2023-03', value: 300 },
  { period: '2023-05', value: 120 },
  { period: '2024-01', value: 120 },
  { period: '2024-02', value: 180 },
  { period: '2024-03', value: 360 },
  { period: '2024-05', value: 130 },
];

describe('ytdYoyPct', () => {
  it('compares January..month with the same months a year before', () => {
    // 2024 Jan–Mar 120 + 180 + 360 = 660; 2023 100 + 200 + 300 = 600 → +10%
    expect(ytdYoyPct(monthlyFixture, '2024-03')).toBe(10);
    // Jan–Feb: 300 against 300 → 0
    expect(ytdYoyPct(monthlyFixture, '2024-02')).toBe(0);
  });

  it('is null when a month is missing in either year', () => {
    // 2023-04 and 2024-04 are absent
    expect(ytdYoyPct(monthlyFixture, '2024-05')).toBeNull();
  });

  it('rejects a non-month', () => {
    expect(() => ytdYoyPct(monthlyFixture, '2024')).toThrow();
  });
});

describe('vs3yrAvgPct', () => {
  it('compares with the mean of the same month in the three years before', () => {
    // May 2021..2023: 80, 100, 120 → mean 100; May 2024 130 → +30%
    expect(vs3yrAvgPct(monthlyFixture, '2024-05')).toBe(30);
  });

  it('is null when one of the three years is missing', () => {
    // 2020-05 is absent
    expect(vs3yrAvgPct(monthlyFixture, '2023-05')).toBeNull();
  });
});
