/**
 * The candidate methods, all working on log values: seasonal naive, ETS(A,N,A) and
 * ETS(A,Ad,A). A fitted model can forecast from any origin inside the data it was run
 * over, which lets a rolling-origin backtest reuse one run instead of refitting per origin.
 */
import { fitHoltWinters, forecastFrom, minLengthFor, runHoltWinters, type HoltWintersSpec } from './holtWinters';
import { fitGrowth, growthForecastFrom, runGrowth } from './growth';
import { errorBand, type BandOptions, DEFAULT_BAND } from './intervals';

export const METHODS = ['seasonal_naive', 'srw_growth_log', 'ets_ana_log', 'ets_aada_log'] as const;
export type MethodName = (typeof METHODS)[number] | 'naive';

export interface LogModel {
  method: MethodName;
  /** Log point forecasts for steps 1..h after `origin` observations. */
  forecastFrom(origin: number, h: number): number[];
  /** Smallest origin this model can forecast from. */
  firstOrigin: number;
}

const HW_SPECS: Record<'ets_ana_log' | 'ets_aada_log', (m: number) => HoltWintersSpec> = {
  ets_ana_log: (m) => ({ m, trend: false }),
  ets_aada_log: (m) => ({ m, trend: true }),
};

/** Smallest series length a method accepts. Holt–Winters wants one season beyond its two-season start. */
export function minLength(method: MethodName, m: number): number {
  if (method === 'naive') return 1;
  if (method === 'seasonal_naive') return m;
  if (method === 'srw_growth_log') return 2 * m;
  return minLengthFor(m) + m;
}

/**
 * Fit `method` on x[0..fitLength) and run it over all of x: parameters see only the
 * first fitLength values, states follow the whole series.
 */
export function fitLogModel(method: MethodName, x: readonly number[], m: number, fitLength = x.length): LogModel {
  if (method === 'naive') {
    return { method, firstOrigin: 1, forecastFrom: (o, h) => new Array<number>(h).fill(x[o - 1]) };
  }
  if (method === 'seasonal_naive') {
    return {
      method,
      firstOrigin: m,
      forecastFrom: (o, h) => Array.from({ length: h }, (_, i) => x[o - m + (i % m)]),
    };
  }
  if (method === 'srw_growth_log') {
    const fitted = fitGrowth(x.slice(0, fitLength), m);
    const run = fitLength === x.length ? fitted : runGrowth(x, fitted.params, m, fitted.clip);
    return { method, firstOrigin: m + 1, forecastFrom: (o, h) => growthForecastFrom(run, x, o, h) };
  }
  const spec = HW_SPECS[method](m);
  const fitted = fitHoltWinters(x.slice(0, fitLength), spec);
  const run = fitLength === x.length ? fitted : runHoltWinters(x, fitted.params, spec, fitted.clip);
  return { method, firstOrigin: 2 * m, forecastFrom: (o, h) => forecastFrom(run, o, h) };
}

/** The model's own h-step errors over the data it was run on, for each step 1..h. */
export function pastErrors(model: LogModel, x: readonly number[], h: number): number[][] {
  const errors: number[][] = Array.from({ length: h }, () => []);
  for (let o = model.firstOrigin; o < x.length; o++) {
    const f = model.forecastFrom(o, Math.min(h, x.length - o));
    f.forEach((v, i) => errors[i].push(x[o + i] - v));
  }
  return errors;
}

export interface LogForecast {
  method: MethodName;
  /** Log point forecasts and band edges for steps 1..h. */
  point: number[];
  low: number[];
  high: number[];
}

export function forecastLog(model: LogModel, x: readonly number[], h: number, band: BandOptions = DEFAULT_BAND): LogForecast {
  const point = model.forecastFrom(x.length, h);
  const errors = pastErrors(model, x, h);
  const bands = errors.map((e, i) => errorBand(e.length ? e : errors[Math.max(0, i - 1)], band));
  return {
    method: model.method,
    point,
    low: point.map((p, i) => p + bands[i][0]),
    high: point.map((p, i) => p + bands[i][1]),
  };
}
