import { describe, expect, it } from 'vitest';
import { METHODS, backtest, chooseMethod, errorBand, forecast, normalQuantile, summariseBacktests, type BacktestResult } from '../../../src/domain/forecast';
import { SHAPE, gaussian, growingSeasonal, seasonalRandomWalk, seeded } from './fixtures';

describe('forecast', () => {
  it('on a noise-free growing series lands almost on the truth, inside its 80% intervals', () => {
    const y = growingSeasonal(123);
    const truth = growingSeasonal(126).slice(123);
    const f = forecast(y.slice(0, 123), 3);
    expect(f.points).toHaveLength(3);
    expect(f.lastIndex).toBe(122);
    f.points.forEach((p, i) => {
      expect(Math.abs(p.value / truth[i] - 1)).toBeLessThan(0.01);
      expect(p.low).toBeLessThanOrEqual(truth[i]);
      expect(p.high).toBeGreaterThanOrEqual(truth[i]);
    });
  });

  it('keeps every value and bound positive through a pandemic-style collapse to zero', () => {
    const y = growingSeasonal(120);
    for (let t = 98; t < 110; t++) y[t] = t < 101 ? 0 : y[t] * 0.2;
    const f = forecast(y, 3);
    for (const p of f.points) {
      expect(p.low).toBeGreaterThan(0);
      expect(p.low).toBeLessThanOrEqual(p.value);
      expect(p.value).toBeLessThanOrEqual(p.high);
    }
  });

  it('skips trailing nulls and says where the forecast starts', () => {
    const y: (number | null)[] = [...growingSeasonal(60), null, null];
    expect(forecast(y).lastIndex).toBe(59);
  });

  it('uses seasonal naive for a series of one to two seasons and naive below one', () => {
    expect(forecast(growingSeasonal(20)).method).toBe('seasonal_naive');
    const short = forecast([5, 6, 7], 2);
    expect(short.method).toBe('naive');
    expect(short.points.map((p) => Math.round(p.value))).toEqual([7, 7]);
  });
});

describe('chooseMethod', () => {
  it('falls back to seasonal naive on a seasonal random walk (white-noise year-on-year changes)', () => {
    const choices = Array.from({ length: 12 }, (_, i) => chooseMethod(seasonalRandomWalk(i + 1)));
    const naive = choices.filter((c) => c.method === 'seasonal_naive').length;
    expect(naive).toBeGreaterThanOrEqual(8);
    for (const c of choices) {
      // Whatever wins never scores worse than seasonal naive, and only wins by a hair.
      const chosen = c.scores[c.method] as number;
      const sn = c.scores.seasonal_naive as number;
      expect(chosen).toBeLessThanOrEqual(sn);
      expect(chosen).toBeGreaterThan(0.97 * sn);
    }
  });

  it('picks seasonal naive over Holt–Winters too when it is one of the candidates', () => {
    const c = chooseMethod(seasonalRandomWalk(2), { candidates: METHODS });
    expect(c.method).toBe('seasonal_naive');
    expect(Object.keys(c.scores).sort()).toEqual([...METHODS].sort());
  });

  it('prefers the growth model when the series keeps growing', () => {
    const random = seeded(7);
    const y = growingSeasonal(200, 0.006).map((v) => v * Math.exp(0.01 * gaussian(random)));
    expect(chooseMethod(y).method).toBe('srw_growth_log');
  });
});

describe('errorBand', () => {
  it('is the normal 80% band for a symmetric error sample', () => {
    // MAD of {−2,−1,0,1,2} is 1, so the robust sd is 1.4826.
    const [low, high] = errorBand([-2, -1, 0, 1, 2]);
    expect(high).toBeCloseTo(normalQuantile(0.9) * 1.4826, 9);
    expect(low).toBeCloseTo(-high, 9);
  });

  it('is not blown open by a few huge errors', () => {
    const errors = [...Array.from({ length: 100 }, (_, i) => ((i % 11) - 5) / 100), -3, -4, 2.5];
    const [low, high] = errorBand(errors);
    expect(high).toBeLessThan(0.1);
    expect(low).toBeGreaterThan(-0.1);
  });

  it('normalQuantile matches known values', () => {
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815516, 6);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 6);
  });
});

describe('backtest', () => {
  it('scores every method and the choice at each origin, and covers a noise-free series fully', () => {
    const r = backtest(growingSeasonal(150), [1, 2, 3], 12);
    expect(r.origins).toBe(12);
    for (const key of ['seasonal_naive', 'srw_growth_log', 'ets_ana_log', 'ets_aada_log', 'chosen'] as const) {
      expect(r.scores[key]?.count).toBe(36);
    }
    expect(r.scores.chosen!.coverage).toBe(1);
    expect(r.scores.chosen!.mase).toBeLessThan(0.1 * r.scores.seasonal_naive!.mase);
  });

  it('on noisy seasonal data gives 80% intervals that cover roughly 80%', () => {
    const random = seeded(3);
    const y = Array.from({ length: 300 }, (_, t) => 1e5 * SHAPE[t % 12] * Math.exp(0.002 * t + 0.05 * gaussian(random)));
    const r = backtest(y, [1, 2, 3], 60, { compare: ['seasonal_naive'] });
    expect(r.scores.chosen!.coverage).toBeGreaterThan(0.65);
    expect(r.scores.chosen!.coverage).toBeLessThan(0.95);
  });
});

describe('summariseBacktests', () => {
  const result = (chosen: number, naive: number, coverage: number, count = 10): BacktestResult => ({
    length: 100,
    origins: count,
    scores: { chosen: { mase: chosen, coverage, count }, seasonal_naive: { mase: naive, coverage: 0.5, count } },
    picks: { srw_growth_log: count },
    ms: 4,
  });

  it('averages MASE over series, pools coverage and compares with seasonal naive', () => {
    const s = summariseBacktests([result(0.6, 1.0, 0.8), result(1.0, 1.0, 0.7, 30)]);
    expect(s.series).toBe(2);
    expect(s.meanMase.chosen).toBeCloseTo(0.8, 12);
    expect(s.meanMase.seasonal_naive).toBeCloseTo(1.0, 12);
    expect(s.relativeMase).toBeCloseTo(0.8, 12);
    expect(s.coverage.chosen).toBeCloseTo((0.8 * 10 + 0.7 * 30) / 40, 12);
    expect(s.picks.srw_growth_log).toBe(40);
    expect(s.msPerSeries).toBe(4);
  });
});
