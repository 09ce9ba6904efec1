/**
 * Outlook forecasts for monthly series: method chosen per series by rolling-origin backtest
 * among seasonal naive, ETS(A,N,A) and ETS(A,Ad,A) on logs; 80% intervals from the chosen
 * model's own past errors.
 */
import { chooseOnLog } from './backtest';
import { DEFAULT_BAND } from './intervals';
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
  points: ForecastPoint[];
}

/**
 * Forecast the next h values of a monthly series (oldest first, nulls allowed). Gaps and
 * zeros are handled as prepareLogSeries documents; values come back in the input's units, > 0.
 */
export function forecast(y: readonly (number | null | undefined)[], h = 3, m = 12): Forecast {
  const { x, observed } = prepareLogSeries(y, m);
  if (x.length === 0) throw new Error('cannot forecast a series with no values');
  const { method } = chooseOnLog(x, observed, { m });
  const f = forecastLog(fitLogModel(method, x, m), x, h, DEFAULT_BAND);
  return {
    method,
    points: f.point.map((p, i) => ({ value: Math.exp(p), low: Math.exp(f.low[i]), high: Math.exp(f.high[i]) })),
  };
}

export { backtest, chooseMethod, summariseBacktests } from './backtest';
export type { BacktestResult, BacktestSummary, ChooseOptions, Contender, MethodChoice, Score } from './backtest';
export { fitHoltWinters, forecastFrom, initialStates, runHoltWinters } from './holtWinters';
export type { HoltWintersParams, HoltWintersRun, HoltWintersSpec } from './holtWinters';
export { DEFAULT_BAND, errorBand, normalQuantile } from './intervals';
export type { BandOptions } from './intervals';
export { mase, quantile, seasonalNaive, seasonalNaiveMae } from './metrics';
export { METHODS } from './methods';
export type { MethodName } from './methods';
export { nelderMead } from './optimise';
export { median, prepareLogSeries } from './series';
export type { LogSeries } from './series';
