import { describe, expect, it } from 'vitest';
import { METHODS, backtest, chooseMethod, errorBand, forecast, needsCalendar, normalQuantile, pairedDifference, summariseBacktests, type BacktestResult } from '../../../src/domain/forecast';
import { monthIndex } from '../../../src/domain/periods';
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

  it('picks seasonal naive over Holt–Winters too when it is one of the candidates (those needing the calendar are skipped without it)', () => {
    const c = chooseMethod(seasonalRandomWalk(2), { candidates: METHODS });
    expect(c.method).toBe('seasonal_naive');
    expect(Object.keys(c.scores).sort()).toEqual(METHODS.filter((m) => !needsCalendar(m)).sort());
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
    const r = backtest(growingSeasonal(150), [1, 2, 3], 12, { firstMonth: monthIndex('2000-01') });
    expect(r.origins).toBe(12);
    for (const key of [...METHODS, 'chosen']) expect(r.scores[key]?.count).toBe(36);
    expect(r.scores.chosen.coverage).toBe(1);
    expect(r.scores.combined_log.coverage).toBe(1);
    expect(r.scores.chosen.mase).toBeLessThan(0.1 * r.scores.seasonal_naive.mase);
    // The drift half of the combination fades growth by design (tourism growth spurts fade), so a
    // never-ending trend is tracked less closely than by the fitted growth alone.
    expect(r.scores.combined_log.mase).toBeLessThan(0.25 * r.scores.seasonal_naive.mase);
  });

  it('on noisy seasonal data gives 80% intervals that cover roughly 80%', () => {
    const random = seeded(3);
    const y = Array.from({ length: 300 }, (_, t) => 1e5 * SHAPE[t % 12] * Math.exp(0.002 * t + 0.05 * gaussian(random)));
    const r = backtest(y, [1, 2, 3], 60, { compare: ['seasonal_naive', 'combined_log'] });
    for (const key of ['chosen', 'combined_log']) {
      expect(r.scores[key].coverage).toBeGreaterThan(0.65);
      expect(r.scores[key].coverage).toBeLessThan(0.95);
    }
  });

  it('runs named choosers and reference forecasters; a non-finite or throwing reference falls back to seasonal naive and is counted', () => {
    const y = growingSeasonal(100);
    const r = backtest(y, [1, 2, 3], 6, {
      compare: ['seasonal_naive'],
      choosers: { shrunk: { candidates: ['seasonal_naive'], prefer: 'combined_log', margin: 0.1 } },
      references: {
        exact: (train, h, m) => {
          const point = Array.from({ length: h }, (_, i) => train[train.length - m + i] * Math.exp(0.004 * m));
          return { point, low: point, high: point };
        },
        broken: (_train, h) => ({ point: new Array<number>(h).fill(NaN), low: new Array<number>(h).fill(0), high: new Array<number>(h).fill(1) }),
        throws: () => {
          throw new Error('no fit');
        },
      },
    });
    expect(r.scores.exact.mase).toBeLessThan(1e-9);
    expect(r.fallbacks).toEqual({ broken: 6, throws: 6 });
    expect(r.scores.broken.mase).toBeCloseTo(r.scores.seasonal_naive.mase, 12);
    expect(r.picks.shrunk).toEqual({ combined_log: 6 });
    expect(Object.keys(r.msBy).sort()).toEqual(['broken', 'exact', 'seasonal_naive', 'shrunk', 'throws']);
  });
});

describe('chooseMethod with shrinkage', () => {
  it('keeps the preferred method unless another beats it by the margin', () => {
    const y = seasonalRandomWalk(4);
    const free = chooseMethod(y, { candidates: METHODS });
    const kept = chooseMethod(y, { candidates: METHODS, prefer: 'combined_log', margin: 0.5 });
    expect(kept.method).toBe('combined_log');
    const never = chooseMethod(y, { candidates: METHODS, prefer: 'combined_log', margin: 0 });
    expect(never.method).toBe(free.scores[free.method]! < free.scores.combined_log! ? free.method : 'combined_log');
  });
});

describe('pairedDifference', () => {
  it('is the mean of the differences with a normal 95% interval', () => {
    // Differences 1, 2, 3: mean 2, sd 1, half-width 1.959964 / √3.
    const d = pairedDifference([2, 4, 6], [1, 2, 3]);
    expect(d.mean).toBe(2);
    expect(d.high - d.mean).toBeCloseTo(1.959964 / Math.sqrt(3), 9);
    expect(d.mean - d.low).toBeCloseTo(1.959964 / Math.sqrt(3), 9);
    expect(d.n).toBe(3);
    expect(Number.isNaN(pairedDifference([1], [0]).low)).toBe(true);
  });
});

describe('summariseBacktests', () => {
  const result = (outlook: number, naive: number, coverage: number, count = 10): BacktestResult => ({
    length: 100,
    origins: count,
    scores: { combined_log: { mase: outlook, coverage, count }, seasonal_naive: { mase: naive, coverage: 0.5, count } },
    picks: { chosen: { srw_growth_log: count } },
    fallbacks: { arima: 1 },
    ms: 4,
    msBy: { combined_log: 1, seasonal_naive: 3 },
  });

  it('gives mean and median MASE per contender, pools coverage, pairs each with the baseline and compares it with seasonal naive', () => {
    const s = summariseBacktests([result(0.6, 1.0, 0.8), result(1.0, 1.0, 0.7, 30), result(0.5, 0.9, 0.9)], 'combined_log');
    expect(s.series).toBe(3);
    expect(s.baseline).toBe('combined_log');
    expect(s.contenders.combined_log.meanMase).toBeCloseTo(0.7, 12);
    expect(s.contenders.combined_log.medianMase).toBe(0.6);
    expect(s.contenders.seasonal_naive.meanMase).toBeCloseTo(2.9 / 3, 12);
    expect(s.contenders.combined_log.coverage).toBeCloseTo((0.8 * 10 + 0.7 * 30 + 0.9 * 10) / 50, 12);
    expect(s.contenders.combined_log.vsBaseline).toBeUndefined();
    // Naive minus outlook per series: 0.4, 0, 0.4.
    expect(s.contenders.seasonal_naive.vsBaseline!.mean).toBeCloseTo(0.8 / 3, 12);
    expect(s.relativeMase).toBeCloseTo(0.7 / (2.9 / 3), 12);
    expect(s.contenders.seasonal_naive.msPerSeries).toBe(3);
    expect(s.picks.chosen.srw_growth_log).toBe(50);
    expect(s.fallbacks.arima).toBe(3);
    expect(s.msPerSeries).toBe(4);
  });
});
