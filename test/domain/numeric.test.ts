import { describe, expect, it } from 'vitest';
import { correlation, median, round, sampleSd } from '../../src/domain/numeric';

describe('round', () => {
  it('rounds half away from zero on the decimal value, not its binary approximation', () => {
    expect(round(1.005, 2)).toBe(1.01); // Math.round(1.005 * 100) / 100 would give 1
    expect(round(2.345, 2)).toBe(2.35);
    expect(round(-2.5, 0)).toBe(-3);
    expect(round(0.1 + 0.2, 3)).toBe(0.3);
    expect(round(57.6923, 1)).toBe(57.7);
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
