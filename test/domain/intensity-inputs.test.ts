import { describe, expect, it } from 'vitest';
import { bankCount, pickFigure } from '../../src/domain/intensity-inputs';
import { scaleFactor } from '../../src/domain/scale';

describe('pickFigure', () => {
  it("takes the publisher's series in units first", () => {
    expect(pickFigure({ value: 217877, scale: 'thousands' }, 217_000_000)).toEqual({ value: 217_877_000, source: 'un_tourism' });
    expect(pickFigure({ value: 70786, scale: 'millions' }, null)).toEqual({ value: 70_786_000_000, source: 'un_tourism' });
  });
  it('falls back to the World Bank figure where the series has no value', () => {
    expect(pickFigure({ value: null, scale: 'thousands' }, 5_000)).toEqual({ value: 5_000, source: 'world_bank' });
    expect(pickFigure(undefined, 5_000)).toEqual({ value: 5_000, source: 'world_bank' });
    expect(pickFigure(undefined, null)).toBeNull();
  });
});

describe('bankCount', () => {
  it("reads the Bank's single-precision copies of UN Tourism counts as whole counts", () => {
    // Japan 2020: UN Tourism 4,115.8 thousand; the Bank's file 4115799.8046875.
    expect(bankCount(4115799.8046875)).toBe(4_115_800);
    expect(bankCount(169324921.875)).toBe(169_324_922);
    expect(bankCount(null)).toBeNull();
  });
  it('shifts published thousands exactly (4,115.8 thousand is 4,115,800)', () => {
    expect(pickFigure({ value: 4115.8, scale: 'thousands' }, null)).toEqual({ value: 4_115_800, source: 'un_tourism' });
    expect(pickFigure({ value: 169324.918, scale: 'thousands' }, null)).toEqual({ value: 169_324_918, source: 'un_tourism' });
  });
});

describe('scaleFactor', () => {
  it('maps the publisher scales', () => {
    expect(scaleFactor(null)).toBe(1);
    expect(scaleFactor('thousands')).toBe(1000);
    expect(scaleFactor('millions')).toBe(1e6);
    expect(() => scaleFactor('dozens')).toThrow();
  });
});
