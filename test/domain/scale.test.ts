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

  it('scales by the decimal digits as published, exactly', () => {
    expect(8.2 * 1e6).toBe(8199999.999999999);
    expect(inUnits(8.2, 'millions')).toBe(8200000);
    expect(inUnits(0.07, 'millions')).toBe(70000);
    expect(inUnits(-3.3, 'thousands')).toBe(-3300);
    expect(inUnits(1.234567, 'thousands')).toBe(1234.567); // fewer places after the shift
    expect(inUnits(12345.6789, 'billions')).toBe(12345678900000);
    expect(inUnits(0.000123, 'thousands')).toBe(0.123);
    expect(inUnits(64.1, 'thousands')).toBe(64100);
    expect(inUnits(0, 'millions')).toBe(0);
    expect(inUnits(Number.NaN, 'millions')).toBeNaN();
  });
});
