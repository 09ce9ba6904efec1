import { describe, expect, it } from 'vitest';
import { inUnits, scaleFactor, SCALES } from '../../src/domain/scale';

describe('scale', () => {
  it('turns each publisher multiplier into its factor; none is units', () => {
    expect(SCALES).toEqual(['thousands', 'millions', 'billions']);
    expect([null, 'thousands', 'millions', 'billions'].map(scaleFactor)).toEqual([1, 1e3, 1e6, 1e9]);
    expect(() => scaleFactor('dozens')).toThrow(/unknown scale/);
  });

  it('gives plain units without binary noise', () => {
    expect(1.005 * 1e3).not.toBe(1005);
    expect(inUnits(1.005, 'thousands')).toBe(1005);
    expect(inUnits(0.1 + 0.2, 'millions')).toBe(300000);
    expect(inUnits(126170, 'thousands')).toBe(126170000);
    expect(inUnits(5, null)).toBe(5);
  });
});
