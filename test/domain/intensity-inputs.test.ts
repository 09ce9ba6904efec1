import { describe, expect, it } from 'vitest';
import { pickFigure } from '../../src/domain/intensity-inputs';
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

describe('scaleFactor', () => {
  it('maps the publisher scales', () => {
    expect(scaleFactor(null)).toBe(1);
    expect(scaleFactor('thousands')).toBe(1000);
    expect(scaleFactor('millions')).toBe(1e6);
    expect(() => scaleFactor('dozens')).toThrow();
  });
});
