import { describe, expect, it } from 'vitest';
import { correlation, finiteOrNull, median, round, roundOrNull, sampleSd } from '../../src/domain/numeric';

describe('round', () => {
  it('rounds half away from zero on the decimal value, not its binary approximation', () => {
    expect(round(1.005, 2)).toBe(1.01); // Math.round(1.005 * 100) / 100 would give 1
    expect(round(2.345, 2)).toBe(2.35);
    expect(round(-2.5, 0)).toBe(-3);
    expect(round(0.1 + 0.2, 3)).toBe(0.3);
    expect(round(57.6923, 1)).toBe(57.7);
  });

  it('rounds ties away from zero on both sides', () => {
    expect(round(0.5, 0)).toBe(1);
    expect(round(-0.5, 0)).toBe(-1);
    expect(round(0.125, 2)).toBe(0.13); // exact in binary: a true tie
    expect(round(-0.125, 2)).toBe(-0.13);
    expect(round(8.345, 2)).toBe(8.35); // the double is 8.34499999999999975…
    expect(round(0.4999999, 0)).toBe(0); // not a tie: below one half by far more than the slack
    expect(round(2.675, 2)).toBe(2.68);
    expect(round(-1.005, 2)).toBe(-1.01);
  });

  it('works at every magnitude: tiny values round to 0, huge ones are left whole', () => {
    expect(round(1e-7, 3)).toBe(0);
    expect(round(-9.17e-7, 3)).toBe(0); // World Bank, Finland 2009 inflation
    expect(Object.is(round(-9.17e-7, 3), -0)).toBe(false);
    expect(round(-9.17e-7, 8)).toBe(-9.2e-7);
    expect(round(1.5e-7, 7)).toBe(2e-7);
    expect(round(1e21, 2)).toBe(1e21);
    expect(round(-1e21, 3)).toBe(-1e21);
    expect(round(123456789012.345, 2)).toBe(123456789012.35);
    expect(round(9007199254740993, 0)).toBe(9007199254740992); // already whole
    expect(round(0, 2)).toBe(0);
  });

  it('passes non-finite values through for finiteOrNull to catch', () => {
    expect(round(Number.NaN, 2)).toBeNaN();
    expect(round(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('finiteOrNull / roundOrNull', () => {
  it('turns NaN, ±Infinity and missing values into null', () => {
    expect(finiteOrNull(1.5)).toBe(1.5);
    expect(finiteOrNull(0)).toBe(0);
    expect([Number.NaN, Infinity, -Infinity, null, undefined].map(finiteOrNull)).toEqual([null, null, null, null, null]);
    expect(roundOrNull(1 / 0, 2)).toBeNull();
    expect(roundOrNull(0 / 0, 2)).toBeNull();
    expect(roundOrNull(2.345, 2)).toBe(2.35);
  });
});

describe('median / sampleSd / correlation', () => {
  it('medians odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5); // (2 + 3) / 2
  });

  it('uses n − 1 for the standard deviation', () => {
    // mean 5; squared deviations 9,1,1,1,0,0,4,16 = 32; 32 / 7 = 4.5714; √ = 2.138
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(sampleSd([7])).toBe(0);
  });

  it('is null when one side has no spread', () => {
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(correlation([1, 2, 3], [5, 5, 5])).toBeNull();
  });
});
