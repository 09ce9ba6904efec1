import { describe, expect, it } from 'vitest';
import { prepareLogSeries } from '../../../src/domain/forecast';
import { SHAPE } from './fixtures';

const seasonal = (years: number, growth = 1): number[] =>
  Array.from({ length: years * 12 }, (_, t) => 1000 * SHAPE[t % 12] * growth ** Math.floor(t / 12));

describe('prepareLogSeries', () => {
  it('drops leading and trailing missing values', () => {
    const { x, start, observed } = prepareLogSeries([null, null, 10, 20, 30, null]);
    expect(start).toBe(2);
    expect(x.map(Math.exp).map((v) => Math.round(v))).toEqual([10, 20, 30]);
    expect(observed).toEqual([true, true, true]);
  });

  it('floors zeros at 1% of the median so closed months stay finite', () => {
    const y = [100, 200, 0, 300, 100];
    const { x, floor } = prepareLogSeries(y);
    expect(floor).toBe(1.5); // median of the positive values is 150
    expect(Math.exp(x[2])).toBeCloseTo(1.5, 9);
    expect(x.every(Number.isFinite)).toBe(true);
  });

  it('fills a missing month like last year’s same month, scaled by the neighbours’ growth', () => {
    const y: (number | null)[] = seasonal(3, 1.1);
    const truth = y[30] as number; // July of year 3
    y[30] = null;
    const { x, observed } = prepareLogSeries(y);
    expect(observed[30]).toBe(false);
    expect(Math.exp(x[30])).toBeCloseTo(truth, 6);
  });

  it('fills a whole missing year from the year before', () => {
    const y: (number | null)[] = seasonal(4);
    for (let t = 24; t < 36; t++) y[t] = null;
    const { x, start } = prepareLogSeries(y);
    expect(start).toBe(0);
    expect(Math.exp(x[30])).toBeCloseTo(1000 * SHAPE[6], 6);
  });

  it('keeps only the run after a gap that cannot be filled', () => {
    const y: (number | null)[] = seasonal(5);
    for (let t = 10; t < 30; t++) y[t] = null; // 20 months: more than a season
    const { x, start } = prepareLogSeries(y);
    expect(start).toBe(30);
    expect(x).toHaveLength(30);
  });
});
