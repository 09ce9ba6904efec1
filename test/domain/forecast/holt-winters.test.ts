import { describe, expect, it } from 'vitest';
import { fitHoltWinters, forecastFrom, initialStates, nelderMead, runHoltWinters } from '../../../src/domain/forecast';
import { SHAPE, growingSeasonal } from './fixtures';

/** Additive: linear trend plus a fixed seasonal pattern, no noise. */
const linearSeasonal = (length: number): number[] => Array.from({ length }, (_, t) => 100 + 0.5 * t + 20 * SHAPE[t % 12]);

describe('Holt–Winters initial states', () => {
  it('recover level, slope and seasonal indices exactly from two seasons of a linear+seasonal series', () => {
    const y = linearSeasonal(24);
    const init = initialStates(y, { m: 12, trend: true });
    expect(init.slope).toBeCloseTo(0.5, 12);
    const meanShape = SHAPE.reduce((a, b) => a + b, 0) / 12;
    init.season.forEach((s, i) => expect(s).toBeCloseTo(20 * (SHAPE[i] - meanShape), 9));
    // One step before the first observation: 100 + 0.5·(−1) + the seasonal mean.
    expect(init.level).toBeCloseTo(100 - 0.5 + 20 * meanShape, 9);
  });
});

describe('damped Holt–Winters (ETS(A,Ad,A))', () => {
  it('recovers a perfectly seasonal linear-trend series almost exactly', () => {
    const y = linearSeasonal(132);
    const run = fitHoltWinters(y.slice(0, 120), { m: 12, trend: true });
    const truth = y.slice(120);
    const forecast = forecastFrom(run, 120, 12);
    // Damping (φ ≤ 0.98) bends the trend slightly: stay within 0.5% over a whole year ahead.
    forecast.forEach((f, i) => expect(Math.abs(f - truth[i]) / truth[i]).toBeLessThan(0.005));
    expect(Math.abs(forecast[0] - truth[0])).toBeLessThan(0.02);
    // In-sample one-step errors are only the damping's pull, about 0.01 on values near 150.
    expect(Math.sqrt(run.loss / 120)).toBeLessThan(0.02);
  });

  it('on logs recovers a growing multiplicative-seasonal series', () => {
    const y = growingSeasonal(132).map(Math.log);
    const run = fitHoltWinters(y.slice(0, 120), { m: 12, trend: true });
    forecastFrom(run, 120, 3).forEach((f, i) => expect(Math.abs(Math.exp(f - y[120 + i]) - 1)).toBeLessThan(0.002));
  });

  it('keeps the fitted parameters inside the admissible region', () => {
    const { params } = fitHoltWinters(linearSeasonal(96), { m: 12, trend: true });
    expect(params.alpha).toBeGreaterThan(0);
    expect(params.alpha).toBeLessThan(1);
    expect(params.beta).toBeLessThanOrEqual(params.alpha);
    expect(params.gamma).toBeLessThanOrEqual(1 - params.alpha);
    expect(params.phi).toBeGreaterThanOrEqual(0.8);
    expect(params.phi).toBeLessThanOrEqual(0.98);
  });

  it('fits a 300-point series for the cost of its evaluation budget (300) of filter passes, measured against one pass in the same run', () => {
    const y = growingSeasonal(300).map((v, t) => Math.log(v) + 0.05 * Math.sin(t * 1.7));
    const spec = { m: 12, trend: true };
    const fitted = fitHoltWinters(y, spec); // also warms up the JIT
    runHoltWinters(y, fitted.params, spec);
    const time = (work: () => void, times: number): number => {
      const started = performance.now();
      for (let i = 0; i < times; i++) work();
      return (performance.now() - started) / times;
    };
    const pass = time(() => runHoltWinters(y, fitted.params, spec), 200);
    const fit = time(() => fitHoltWinters(y, spec), 10);
    expect(fit / pass).toBeLessThan(600);
  });
});

describe('nelderMead', () => {
  it('finds the minimum of a shifted quadratic bowl', () => {
    const result = nelderMead(([a, b]) => (a - 1) ** 2 + 10 * (b + 2) ** 2, [0, 0], { maxEvaluations: 500 });
    expect(result.x[0]).toBeCloseTo(1, 3);
    expect(result.x[1]).toBeCloseTo(-2, 3);
  });
});
