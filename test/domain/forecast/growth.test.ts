import { describe, expect, it } from 'vitest';
import { fitGrowth, growthForecastFrom, runGrowth } from '../../../src/domain/forecast';
import { gaussian, growingSeasonal, seeded } from './fixtures';

describe('seasonal random walk with damped growth', () => {
  it('matches a hand-worked run (m = 2, α = 1, φ = 0.5)', () => {
    const x = [0, 1, 0.1, 1.1];
    const run = runGrowth(x, { alpha: 1, phi: 0.5 }, 2, Infinity);
    // t=2: z=0.1, prior 0 → g=0.1; t=3: z=0.1, prior 0.05 → g = 0.05 + (0.1 − 0.05) = 0.1.
    expect(run.growth[4]).toBeCloseTo(0.1, 12);
    const f = growthForecastFrom(run, x, 4, 3);
    // Last year's value plus φ^h·g; step 3 builds on step 1's forecast.
    expect(f[0]).toBeCloseTo(0.1 + 0.5 * 0.1, 12);
    expect(f[1]).toBeCloseTo(1.1 + 0.25 * 0.1, 12);
    expect(f[2]).toBeCloseTo(0.15 + 0.125 * 0.1, 12);
  });

  it('moves g only by the clip on a shock', () => {
    const x = [0, 0, 0, -5];
    const run = runGrowth(x, { alpha: 0.5, phi: 1 }, 2, 0.2);
    expect(run.growth[4]).toBeCloseTo(-0.1, 12);
  });

  it('follows steady growth closely once fitted', () => {
    const y = growingSeasonal(120, 0.005).map(Math.log);
    const run = fitGrowth(y.slice(0, 108), 12);
    growthForecastFrom(run, y, 108, 3).forEach((f, i) => expect(Math.abs(f - y[108 + i])).toBeLessThan(0.005));
  });

  it('with a discount, fits the recent regime rather than the long past', () => {
    // Ten years of persistent growth swings (a large α fits), then three of white-noise
    // year-on-year changes (a small α fits): discounted, the fit follows the last three years.
    const random = seeded(3);
    const x: number[] = new Array<number>(12).fill(0);
    for (let t = 12; t < 156; t++) {
      const yoy = t < 120 ? 0.1 * Math.sin((2 * Math.PI * t) / 40) : 0.05 * gaussian(random);
      x.push(x[t - 12] + yoy);
    }
    const plain = fitGrowth(x, 12);
    const recent = fitGrowth(x, 12, undefined, 0.9);
    expect(plain.params.alpha).toBeGreaterThan(0.4);
    expect(recent.params.alpha).toBeLessThan(0.2);
    // The discount sets the parameters only: with the same ones, the runs are identical.
    expect(runGrowth(x, recent.params, 12, recent.clip).growth).toEqual(recent.growth);
  });
});
