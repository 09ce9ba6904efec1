import { describe, expect, it } from 'vitest';
import { mase, quantile, seasonalNaive, seasonalNaiveMae } from '../../../src/domain/forecast';

describe('seasonalNaive', () => {
  it('repeats the last season on a two-season fixture', () => {
    const y = [10, 20, 30, 40, 11, 21, 31, 41];
    expect(seasonalNaive(y, 6, 4)).toEqual([11, 21, 31, 41, 11, 21]);
  });

  it('with monthly data picks the same month a year before', () => {
    const y = Array.from({ length: 24 }, (_, i) => i + 1);
    expect(seasonalNaive(y, 3)).toEqual([13, 14, 15]);
  });

  it('refuses a series shorter than one season', () => {
    expect(() => seasonalNaive([1, 2, 3], 1, 4)).toThrow(/at least 4/);
  });
});

describe('mase', () => {
  it('matches a hand computation', () => {
    // In-sample seasonal differences (m = 4): |12−10|, |24−20|, |36−30|, |48−40| = 2, 4, 6, 8 → scale 5.
    const insample = [10, 20, 30, 40, 12, 24, 36, 48];
    expect(seasonalNaiveMae(insample, 4)).toBe(5);
    // Forecast errors |15−10|, |30−20| = 5, 10 → MAE 7.5 → MASE 7.5 / 5 = 1.5.
    expect(mase([15, 30], [10, 20], insample, 4)).toBe(1.5);
  });

  it('is 0 for a perfect forecast and NaN when the in-sample scale is 0', () => {
    expect(mase([1, 2], [1, 2], [1, 2, 1, 2], 2)).toBe(NaN);
    expect(mase([3], [3], [1, 2, 3, 5], 2)).toBe(0);
  });
});

describe('quantile', () => {
  it('interpolates linearly between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.1)).toBeCloseTo(1.4, 12);
  });
});
