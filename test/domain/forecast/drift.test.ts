import { describe, expect, it } from 'vitest';
import { COMBINED, driftForecastFrom, forecast, prepareLogSeries } from '../../../src/domain/forecast';
import { fitLogModel, forecastLog, type MethodName } from '../../../src/domain/forecast/methods';
import { SHAPE, growingSeasonal } from './fixtures';

/** A pure seasonal pattern: the same twelve months every year. */
const pattern = (years: number): number[] => Array.from({ length: 12 * years }, (_, t) => 1000 * SHAPE[t % 12]);

describe('drift_log', () => {
  it('forecasts a pure seasonal pattern exactly', () => {
    const x = pattern(4).map(Math.log);
    const f = driftForecastFrom(x, 12, x.length, 14);
    f.forEach((v, i) => expect(Math.exp(v)).toBeCloseTo(1000 * SHAPE[i % 12], 9));
  });

  it('carries the mean year-on-year change of the last three months, damped per step (hand-worked)', () => {
    // Last year flat at log 0; the last three months are up 0.3, 0.6 and 0.9 on a year before: drift 0.6.
    const x = [...new Array<number>(21).fill(0), 0.3, 0.6, 0.9];
    const f = driftForecastFrom(x, 12, 24, 3, { recent: 3, damping: 0.5 });
    expect(f[0]).toBeCloseTo(0.3, 12);
    expect(f[1]).toBeCloseTo(0.15, 12);
    expect(f[2]).toBeCloseTo(0.075, 12);
  });

  it('refuses an origin without a season and the months it averages', () => {
    expect(() => driftForecastFrom(new Array<number>(20).fill(0), 12, 14, 1)).toThrow(/needs 15 values/);
  });
});

describe('combined_log', () => {
  it('is the mean on logs of its members', () => {
    const x = growingSeasonal(60).map((v, t) => Math.log(v) + 0.05 * Math.sin(t));
    const combined = fitLogModel('combined_log', x, 12).forecastFrom(60, 3);
    const members = COMBINED.map((m) => fitLogModel(m, x, 12).forecastFrom(60, 3));
    combined.forEach((v, i) => expect(v).toBeCloseTo(members.reduce((s, f) => s + f[i], 0) / members.length, 12));
  });

});

/** Forecast y with one method through the outlook's own steps: prepare, fit, forecast with a band. */
function forecastWith(method: MethodName, y: readonly (number | null)[], h: number) {
  const { x } = prepareLogSeries(y);
  const f = forecastLog(fitLogModel(method, x, 12), x, h);
  return f.point.map((p, i) => ({ value: Math.exp(p), low: Math.exp(f.low[i]), high: Math.exp(f.high[i]) }));
}

describe.each(['srw_growth_log', 'srw_growth_recent_log', 'drift_log', 'combined_log'] as const)('%s', (method) => {
  it('forecasts a pure seasonal pattern exactly, with a tight band around it', () => {
    forecastWith(method, pattern(5), 12).forEach((p, i) => {
      expect(p.value).toBeCloseTo(1000 * SHAPE[i % 12], 6);
      expect(p.low).toBeLessThanOrEqual(p.value);
      expect(p.high).toBeGreaterThanOrEqual(p.value);
      expect(p.high / p.low).toBeLessThan(1.0001);
    });
  });

  it('is not broken by a missing month: the gap is filled like its neighbours and the forecast stays on the pattern', () => {
    const y: (number | null)[] = pattern(5);
    y[40] = null;
    expect(prepareLogSeries(y).observed[40]).toBe(false);
    forecastWith(method, y, 3).forEach((p, i) => expect(p.value).toBeCloseTo(1000 * SHAPE[i % 12], 6));
  });
});

describe('the outlook', () => {
  it('without the months\' calendar is srw_growth_recent_log from two seasons on, exact on a pure seasonal pattern and through a missing month', () => {
    const y: (number | null)[] = pattern(5);
    expect(forecast(y, 3).method).toBe('srw_growth_recent_log');
    y[40] = null;
    const f = forecast(y, 3);
    expect(f.lastIndex).toBe(59);
    f.points.forEach((p, i) => expect(p.value).toBeCloseTo(1000 * SHAPE[i % 12], 6));
  });
});
