/**
 * The candidate methods, all working on log values. A fitted model can forecast from any
 * origin inside the data it was run over, so a rolling-origin backtest reuses one run
 * instead of refitting at every origin.
 */
import { driftFirstOrigin, driftForecastFrom } from './drift';
import { fitGrowth, growthForecastFrom, runGrowth } from './growth';
import { fitHoltWinters, forecastFrom, minLengthFor, runHoltWinters, type HoltWintersSpec } from './holtWinters';
import { DEFAULT_BAND, errorBand, type BandOptions } from './intervals';
import { fitHolidayEffects, holidayShift } from './moving-holidays';

/**
 * - seasonal_naive: same month last year.
 * - srw_growth_log: seasonal random walk with damped smoothed growth (growth.ts).
 * - srw_growth_recent_log: the same model with α and φ fitted on a loss discounted by
 *   GROWTH_DISCOUNT per month back, so the recent past sets them.
 * - srw_growth_recent_holidays_log: srw_growth_recent_log on the series with the effects of
 *   Easter and Whitsun taken out (moving-holidays.ts), put back into its forecasts. It needs
 *   the calendar month of the first value.
 * - ets_ana_log: ETS(A,N,A) on logs. ets_aada_log: ETS(A,Ad,A) on logs, i.e. damped Holt–Winters.
 * - drift_log: seasonal random walk with damped recent year-on-year drift (drift.ts).
 * - combined_log: the equal-weight mean, on logs, of COMBINED's forecasts.
 */
export const METHODS = ['seasonal_naive', 'srw_growth_log', 'srw_growth_recent_log', 'srw_growth_recent_holidays_log', 'ets_ana_log', 'ets_aada_log', 'drift_log', 'combined_log'] as const;
/** 'naive' (last value) is only used when a series is shorter than one season. */
export type MethodName = (typeof METHODS)[number] | 'naive';

/**
 * Candidates chooseMethod considers unless told otherwise. The Holt–Winters models are left
 * out: on the Eurostat backtest (2023–2025 origins) their seasonal states still carried the
 * pandemic, and letting a 36-origin backtest pick them made the chosen forecasts worse
 * (relative MASE 0.87 → 0.90–0.94), though they are sound on calmer stretches.
 */
export const DEFAULT_CANDIDATES: readonly MethodName[] = ['seasonal_naive', 'srw_growth_log'];

/**
 * The outlook's method for monthly series of two seasons and more: best pooled over the monthly
 * headline series in `npm run bench:forecast`, ahead of srw_growth_recent_log (the same model
 * without the holiday adjustment, which stands in where the calendar is unknown), of
 * srw_growth_log, of every per-series choice and of COMBINED.
 */
export const OUTLOOK_METHOD: MethodName = 'srw_growth_recent_holidays_log';

/** The outlook's method where the series' months are not known (or m is not 12). */
export const OUTLOOK_WITHOUT_CALENDAR: MethodName = 'srw_growth_recent_log';

/** Methods that need the calendar month of the first value, and monthly data (m = 12). */
export function needsCalendar(method: MethodName): method is 'srw_growth_recent_holidays_log' {
  return method === 'srw_growth_recent_holidays_log';
}

/** Can `method` run on a series with season length `m` whose first value's month is `firstMonth` (undefined: not known)? */
export function calendarAllows(method: MethodName, m: number, firstMonth: number | undefined): boolean {
  return !needsCalendar(method) || (firstMonth !== undefined && m === 12);
}

/**
 * An equal-weight combination, as the tourism forecasting competition (Athanasopoulos et al.,
 * IJF 2011) and M4 found hard to beat: two seasonal random walks on logs whose growth terms err
 * differently (a smoothed, fitted growth and an unfitted recent drift). Holt–Winters is left out
 * for the reason DEFAULT_CANDIDATES gives. On the headline series it came behind
 * srw_growth_recent_log alone, so it is a candidate, not the outlook.
 */
export const COMBINED: readonly MethodName[] = ['srw_growth_recent_log', 'drift_log'];

/**
 * Weight lost per month back in srw_growth_recent_log's loss: 0.98 halves a month's weight in
 * about three years. A round value, not tuned on the evaluation; 0.97 and 0.99 scored alike.
 */
export const GROWTH_DISCOUNT = 0.98;

/** Where a log series sits in the calendar, for methods that adjust for it (needsCalendar). */
export interface SeriesCalendar {
  /** Month index of x[0]: year × 12 + month − 1, as periods.monthIndex counts. */
  firstMonth: number;
  /** false where x was filled in rather than published (LogSeries.observed). */
  observed?: readonly boolean[];
}

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

/** Smallest series length a method accepts; the fitted ones want a season beyond their start-up. */
export function minLength(method: MethodName, m: number): number {
  if (method === 'naive') return 1;
  if (method === 'seasonal_naive') return m;
  if (method === 'srw_growth_log' || method === 'srw_growth_recent_log' || method === 'srw_growth_recent_holidays_log') return 2 * m;
  if (method === 'drift_log') return driftFirstOrigin(m) + 1;
  if (method === 'combined_log') return Math.max(...COMBINED.map((c) => minLength(c, m)));
  return minLengthFor(m) + m;
}

/**
 * Fit `method` on x[0..fitLength) and run it over all of x: parameters see only the
 * first fitLength values, states follow the whole series. needsCalendar methods require `calendar`.
 */
export function fitLogModel(method: MethodName, x: readonly number[], m: number, fitLength = x.length, calendar?: SeriesCalendar): LogModel {
  if (needsCalendar(method)) {
    if (!calendar || !calendarAllows(method, m, calendar.firstMonth)) throw new Error(`${method} needs monthly data and the month of its first value`);
    const { firstMonth } = calendar;
    // Estimated on the fitted stretch only, like every other parameter.
    const effects = fitHolidayEffects(x.slice(0, fitLength), firstMonth, calendar.observed);
    const shift = x.map((_, t) => holidayShift(effects, firstMonth + t));
    const at = (t: number): number => (t < shift.length ? shift[t] : holidayShift(effects, firstMonth + t));
    const inner = fitLogModel('srw_growth_recent_log', x.map((v, t) => v - shift[t]), m, fitLength);
    return { method, firstOrigin: inner.firstOrigin, forecastFrom: (o, h) => inner.forecastFrom(o, h).map((v, i) => v + at(o + i)) };
  }
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
  if (method === 'drift_log') {
    return { method, firstOrigin: driftFirstOrigin(m), forecastFrom: (o, h) => driftForecastFrom(x, m, o, h) };
  }
  if (method === 'combined_log') {
    const members = COMBINED.map((c) => fitLogModel(c, x, m, fitLength, calendar));
    return {
      method,
      firstOrigin: Math.max(...members.map((c) => c.firstOrigin)),
      forecastFrom: (o, h) => {
        const sum = new Array<number>(h).fill(0);
        for (const member of members) member.forecastFrom(o, h).forEach((v, i) => (sum[i] += v));
        return sum.map((v) => v / members.length);
      },
    };
  }
  if (method === 'srw_growth_log' || method === 'srw_growth_recent_log') {
    const fitted = fitGrowth(x.slice(0, fitLength), m, undefined, method === 'srw_growth_recent_log' ? GROWTH_DISCOUNT : 1);
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
  /** Log point forecasts and interval bounds for steps 1..h. */
  point: number[];
  low: number[];
  high: number[];
}

export function forecastLog(model: LogModel, x: readonly number[], h: number, band: BandOptions = DEFAULT_BAND): LogForecast {
  const point = model.forecastFrom(x.length, h);
  const errors = pastErrors(model, x, h);
  // A step with no past errors (very short series) borrows the nearest shorter step's.
  let last = errors[0];
  const bands = errors.map((e) => {
    if (e.length) last = e;
    return errorBand(last, band);
  });
  return {
    method: model.method,
    point,
    low: point.map((p, i) => p + bands[i][0]),
    high: point.map((p, i) => p + bands[i][1]),
  };
}
