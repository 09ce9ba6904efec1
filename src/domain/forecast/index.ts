/**
 * Outlook forecasts for monthly series. The method is chosen per series by rolling-origin
 * backtest among seasonal naive and a seasonal random walk with damped growth on logs
 * (Holt–Winters ETS(A,N,A) / ETS(A,Ad,A) on logs can be added as candidates; see
 * DEFAULT_CANDIDATES for why they are not by default). 80% intervals come from the chosen
 * model's own past errors.
 */
import { chooseOnLog, type ChooseOptions } from './backtest';
import { DEFAULT_BAND, type BandOptions } from './intervals';
import { fitLogModel, forecastLog, type MethodName } from './methods';
import { prepareLogSeries } from './series';

export interface ForecastPoint {
  value: number;
  /** Bounds of the 80% prediction interval. */
  low: number;
  high: number;
}

export interface Forecast {
  method: MethodName;
  /** Steps 1..h after the last published value (trailing nulls in the input are skipped). */
  points: ForecastPoint[];
  /** Index in the input of the last value used; points[0] is the period after it. */
  lastIndex: number;
}

export interface ForecastOptions extends ChooseOptions {
  band?: BandOptions;
}

/**
 * Forecast the next h values of a monthly series (oldest first, nulls allowed). Gaps and
 * zeros are handled as prepareLogSeries documents; values come back in the input's units, > 0.
 */
export function forecast(y: readonly (number | null | undefined)[], h = 3, options: ForecastOptions = {}): Forecast {
  const m = options.m ?? 12;
  const { x, observed, start } = prepareLogSeries(y, m);
  if (x.length === 0) throw new Error('cannot forecast a series with no values');
  const { method } = chooseOnLog(x, observed, options);
  const f = forecastLog(fitLogModel(method, x, m), x, h, options.band ?? DEFAULT_BAND);
  return {
    method,
    points: f.point.map((p, i) => ({ value: Math.exp(p), low: Math.exp(f.low[i]), high: Math.exp(f.high[i]) })),
    lastIndex: start + x.length - 1,
  };
}

export { backtest, chooseMethod, summariseBacktests } from './backtest';
export type { BacktestOptions, BacktestResult, BacktestSummary, ChooseOptions, Contender, MethodChoice, Score } from './backtest';
export { fitGrowth, growthForecastFrom, runGrowth } from './growth';
export type { GrowthParams, GrowthRun } from './growth';
export { fitHoltWinters, forecastFrom, initialStates, runHoltWinters, shockThreshold } from './holtWinters';
export type { HoltWintersParams, HoltWintersRun, HoltWintersSpec } from './holtWinters';
export { DEFAULT_BAND, errorBand, normalQuantile } from './intervals';
export type { BandOptions } from './intervals';
export { mase, quantile, seasonalNaive, seasonalNaiveMae } from './metrics';
export { DEFAULT_CANDIDATES, METHODS } from './methods';
export type { MethodName } from './methods';
export { nelderMead } from './optimise';
export { median, prepareLogSeries, yoyScale } from './series';
export type { LogSeries } from './series';
