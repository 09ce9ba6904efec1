/**
 * Outlook forecasts for monthly series: the seasonal random walk with damped growth on logs,
 * fitted on a recency-discounted loss, run on the series with the moving holidays (Easter,
 * Whitsun) taken out and forecasting them back in (srw_growth_recent_holidays_log), for every
 * series of two seasons or more; without the months' calendar, the same model unadjusted
 * (srw_growth_recent_log); seasonal naive below two seasons, naive below one. 80% intervals come
 * from the model's own past errors. One fixed method, the best pooled over the monthly headline
 * series, replaces the earlier per-series choice by a short backtest, which added noise; no
 * per-series choice, shrinkage or equal-weight combination tried beat it (`npm run
 * bench:forecast` prints the comparison).
 */
import { DEFAULT_BAND, type BandOptions } from './intervals';
import { calendarAllows, fitLogModel, forecastLog, minLength, OUTLOOK_METHOD, OUTLOOK_WITHOUT_CALENDAR, type MethodName } from './methods';
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

export interface ForecastOptions {
  m?: number;
  band?: BandOptions;
  /** Month index (year × 12 + month − 1, as periods.monthIndex counts) of y[0]; without it no holiday adjustment. */
  firstMonth?: number;
}

/** The outlook's method in words, as the brief serves it beside the forecast (REST meta.outlook, GraphQL outlookMethod). */
export const OUTLOOK_METHOD_IN_WORDS =
  'a seasonal random walk with damped growth on logs, fitted with recent months weighted most, with the shift Easter makes between March and April and Whitsun between May and June taken out and forecast back in';

/** The outlook's method for a prepared series of `length` values whose first value's month is `firstMonth` (undefined: not known). */
export function outlookMethod(length: number, m = 12, firstMonth?: number): MethodName {
  const method = calendarAllows(OUTLOOK_METHOD, m, firstMonth) ? OUTLOOK_METHOD : OUTLOOK_WITHOUT_CALENDAR;
  if (length >= minLength(method, m)) return method;
  return length >= m ? 'seasonal_naive' : 'naive';
}

/**
 * Forecast the next h values of a monthly series (oldest first, nulls allowed). Gaps and
 * zeros are handled as prepareLogSeries documents; values come back in the input's units, > 0.
 */
export function forecast(y: readonly (number | null | undefined)[], h = 3, options: ForecastOptions = {}): Forecast {
  const m = options.m ?? 12;
  const { x, observed, start } = prepareLogSeries(y, m);
  if (x.length === 0) throw new Error('cannot forecast a series with no values');
  const calendar = options.firstMonth === undefined ? undefined : { firstMonth: options.firstMonth + start, observed };
  const method = outlookMethod(x.length, m, calendar?.firstMonth);
  const f = forecastLog(fitLogModel(method, x, m, x.length, calendar), x, h, options.band ?? DEFAULT_BAND);
  return {
    method,
    points: f.point.map((p, i) => ({ value: Math.exp(p), low: Math.exp(f.low[i]), high: Math.exp(f.high[i]) })),
    lastIndex: start + x.length - 1,
  };
}

export { backtest, chooseMethod, summariseBacktests } from './backtest';
export type { BacktestOptions, BacktestResult, BacktestSummary, ChooseOptions, ContenderSummary, MethodChoice, ReferenceForecaster, Score, UnitForecast } from './backtest';
export { DEFAULT_DRIFT, driftForecastFrom } from './drift';
export type { DriftOptions } from './drift';
export { fitGrowth, growthForecastFrom, runGrowth } from './growth';
export type { GrowthParams, GrowthRun } from './growth';
export { fitHoltWinters, forecastFrom, initialStates, runHoltWinters, shockThreshold } from './holtWinters';
export type { HoltWintersParams, HoltWintersRun, HoltWintersSpec } from './holtWinters';
export { DEFAULT_BAND, errorBand, normalQuantile } from './intervals';
export type { BandOptions } from './intervals';
export { mase, pairedDifference, quantile, seasonalNaive, seasonalNaiveMae } from './metrics';
export type { PairedDifference } from './metrics';
export { COMBINED, DEFAULT_CANDIDATES, GROWTH_DISCOUNT, METHODS, OUTLOOK_METHOD, OUTLOOK_WITHOUT_CALENDAR, needsCalendar } from './methods';
export { MOVING_HOLIDAYS, PANDEMIC_YEARS, easterSunday, firstMonthShare, fitHolidayEffects, holidayShift } from './moving-holidays';
export type { HolidayEffect, MovingHoliday } from './moving-holidays';
export type { MethodName, SeriesCalendar } from './methods';
export { nelderMead } from './optimise';
export { median, prepareLogSeries, yoyScale } from './series';
export type { LogSeries } from './series';
