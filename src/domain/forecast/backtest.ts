/**
 * Rolling-origin evaluation. chooseMethod uses it on a series' own recent past to pick a
 * method; backtest uses it (re-running the choice at every origin, so nothing is chosen
 * with hindsight) to measure how well the whole procedure forecasts.
 */
import { DEFAULT_BAND, type BandOptions } from './intervals';
import { DEFAULT_CANDIDATES, METHODS, calendarAllows, fitLogModel, forecastLog, minLength, type MethodName } from './methods';
import { pairedDifference, type PairedDifference } from './metrics';
import { median, prepareLogSeries } from './series';

type Cell = number | null | undefined;

export interface MethodChoice {
  method: MethodName;
  /** Backtest MASE of every candidate that could be fitted. */
  scores: Partial<Record<MethodName, number>>;
}

export interface ChooseOptions {
  m?: number;
  /** Rolling origins to score (default 36: three years of origins steadies the choice). */
  origins?: number;
  horizons?: number[];
  /** Methods to choose among; seasonal naive is always added. */
  candidates?: readonly MethodName[];
  /**
   * Shrinkage toward a method that wins pooled over many series: `prefer` is retained unless another
   * candidate's score is below (1 − margin) × its own on this series.
   */
  prefer?: MethodName;
  margin?: number;
  /** Month index (year × 12 + month − 1) of the first value given; methods that need it are skipped without it. */
  firstMonth?: number;
}

/** In-sample seasonal naive MAE of exp(x[0..o)) for every o, from one running sum. */
function scalesByOrigin(x: readonly number[], m: number): number[] {
  const scales = new Array<number>(x.length + 1).fill(NaN);
  let sum = 0;
  for (let t = m; t < x.length; t++) {
    sum += Math.abs(Math.exp(x[t]) - Math.exp(x[t - m]));
    scales[t + 1] = sum / (t + 1 - m);
  }
  return scales;
}

/** Origins o (observations before the forecast) for a backtest leaving room for maxH steps. */
function originRange(n: number, wanted: number, maxH: number, m: number): number[] {
  const count = Math.max(0, Math.min(wanted, n - maxH - m - 1));
  return Array.from({ length: count }, (_, i) => n - maxH - count + 1 + i);
}

/**
 * Pick the candidate with the lowest rolling-origin MASE on the log series. Parameters are
 * fitted once on the data before the first origin and states run on, which keeps the choice
 * honest and costs one fit per candidate. Seasonal naive is always scored and wins ties, so
 * the choice is never worse than it on this backtest.
 */
export function chooseOnLog(x: readonly number[], observed: readonly boolean[], options: ChooseOptions = {}): MethodChoice {
  const m = options.m ?? 12;
  const horizons = options.horizons ?? [1, 2, 3];
  const maxH = Math.max(...horizons);
  if (x.length < m) return { method: 'naive', scores: {} };
  const origins = originRange(x.length, options.origins ?? 36, maxH, m);
  if (origins.length === 0) return { method: 'seasonal_naive', scores: {} };
  const first = origins[0];
  const scales = scalesByOrigin(x, m);
  const candidates = new Set<MethodName>(['seasonal_naive', ...(options.candidates ?? DEFAULT_CANDIDATES), ...(options.prefer ? [options.prefer] : [])]);

  const scores: Partial<Record<MethodName, number>> = {};
  for (const method of candidates) {
    if (minLength(method, m) > first || !calendarAllows(method, m, options.firstMonth)) continue;
    const model = fitLogModel(method, x, m, first, options.firstMonth === undefined ? undefined : { firstMonth: options.firstMonth, observed });
    let sum = 0;
    let k = 0;
    for (const o of origins) {
      const f = model.forecastFrom(o, maxH);
      for (const h of horizons) {
        const t = o + h - 1;
        if (!observed[t] || !(scales[o] > 0)) continue;
        sum += Math.abs(Math.exp(x[t]) - Math.exp(f[h - 1])) / scales[o];
        k++;
      }
    }
    scores[method] = k ? sum / k : NaN;
  }
  let method: MethodName = 'seasonal_naive';
  for (const [candidate, score] of Object.entries(scores) as [MethodName, number][]) {
    if (score < (scores[method] ?? Infinity)) method = candidate;
  }
  const preferred = options.prefer && scores[options.prefer];
  if (preferred !== undefined && !((scores[method] ?? Infinity) < (1 - (options.margin ?? 0)) * preferred)) method = options.prefer!;
  return { method, scores };
}

/** Choose a forecasting method for a raw monthly series (nulls allowed; see prepareLogSeries). */
export function chooseMethod(y: readonly Cell[], options: ChooseOptions = {}): MethodChoice {
  const { x, observed, start } = prepareLogSeries(y, options.m ?? 12);
  return chooseOnLog(x, observed, { ...options, firstMonth: options.firstMonth === undefined ? undefined : options.firstMonth + start });
}

export interface Score {
  /** Mean absolute scaled error over every origin × horizon scored. */
  mase: number;
  /** Share of published values inside the 80% interval. */
  coverage: number;
  count: number;
}

/** Point forecasts and 80% bounds for steps 1..h, in the series' own units. */
export interface UnitForecast {
  point: number[];
  low: number[];
  high: number[];
}

/**
 * A forecaster from outside this module (a library's model), given the training values in the
 * series' own units (gaps filled as prepareLogSeries does). null, or any non-finite number, counts
 * as a failed fit: seasonal naive stands in for it and the failure is counted.
 */
export type ReferenceForecaster = (train: readonly number[], h: number, m: number) => UnitForecast | null;

export interface BacktestResult {
  length: number;
  origins: number;
  /** By contender: each compared method, each chooser, each reference forecaster. */
  scores: Record<string, Score>;
  /** By chooser: how often each method was chosen across origins. */
  picks: Record<string, Partial<Record<MethodName, number>>>;
  /** By reference forecaster: origins where it failed and seasonal naive stood in. */
  fallbacks: Record<string, number>;
  /** Milliseconds spent, in all and by contender (fitting and forecasting). */
  ms: number;
  msBy: Record<string, number>;
}

export interface BacktestOptions {
  m?: number;
  band?: BandOptions;
  /** Methods scored on their own (default: all). */
  compare?: readonly MethodName[];
  /** Per-series choices re-made at each origin, by name (default: `chosen` with chooseMethod's defaults). */
  choosers?: Readonly<Record<string, ChooseOptions>>;
  /** Forecasters from outside, by name, scored on the same origins. */
  references?: Readonly<Record<string, ReferenceForecaster>>;
  /** Month index (year × 12 + month − 1) of y[0]; methods that need it are skipped without it. */
  firstMonth?: number;
}

interface Tally {
  scaled: number;
  inside: number;
  count: number;
}

const DEFAULT_CHOOSERS: Readonly<Record<string, ChooseOptions>> = { chosen: {} };

/**
 * Rolling-origin backtest over the last `origins` origins (each leaving room for the longest
 * horizon). At each, every compared method is refitted on the data before it, each choice is
 * re-made on that data alone, and the horizons are scored against the published values.
 * Values filled into gaps are never scored.
 */
export function backtest(y: readonly Cell[], horizons: number[] = [1, 2, 3], origins = 36, options: BacktestOptions = {}): BacktestResult {
  const started = performance.now();
  const m = options.m ?? 12;
  const band = options.band ?? DEFAULT_BAND;
  const choosers = options.choosers ?? DEFAULT_CHOOSERS;
  const { x, observed, start } = prepareLogSeries(y, m);
  const firstMonth = options.firstMonth === undefined ? undefined : options.firstMonth + start;
  const units = x.map(Math.exp);
  const maxH = Math.max(...horizons);
  const scales = scalesByOrigin(x, m);
  const tallies: Record<string, Tally> = {};
  const picks: Record<string, Partial<Record<MethodName, number>>> = {};
  const fallbacks: Record<string, number> = {};
  const msBy: Record<string, number> = {};
  const range = originRange(x.length, origins, maxH, m);
  const timed = <T>(key: string, work: () => T): T => {
    const t0 = performance.now();
    const out = work();
    msBy[key] = (msBy[key] ?? 0) + performance.now() - t0;
    return out;
  };

  for (const o of range) {
    if (!(scales[o] > 0)) continue;
    const train = x.slice(0, o);
    const forecasts = new Map<MethodName, UnitForecast>();
    const methodForecast = (method: MethodName): UnitForecast | undefined => {
      if (!forecasts.has(method) && minLength(method, m) <= o && calendarAllows(method, m, firstMonth)) {
        const calendar = firstMonth === undefined ? undefined : { firstMonth, observed: observed.slice(0, o) };
        const f = forecastLog(fitLogModel(method, train, m, o, calendar), train, maxH, band);
        forecasts.set(method, { point: f.point.map(Math.exp), low: f.low.map(Math.exp), high: f.high.map(Math.exp) });
      }
      return forecasts.get(method);
    };
    const score = (key: string, f: UnitForecast): void => tally((tallies[key] ??= { scaled: 0, inside: 0, count: 0 }), f, units, observed, o, horizons, scales[o]);

    for (const method of options.compare ?? METHODS) {
      const f = timed(method, () => methodForecast(method));
      if (f) score(method, f);
    }
    for (const [name, choose] of Object.entries(choosers)) {
      const f = timed(name, () => {
        const choice = chooseOnLog(train, observed.slice(0, o), { m, horizons, ...choose, firstMonth });
        const counts = (picks[name] ??= {});
        counts[choice.method] = (counts[choice.method] ?? 0) + 1;
        return methodForecast(choice.method);
      });
      if (f) score(name, f);
    }
    for (const [name, reference] of Object.entries(options.references ?? {})) {
      const f = timed(name, () => {
        let out: UnitForecast | null = null;
        try {
          out = reference(units.slice(0, o), maxH, m);
        } catch {
          out = null;
        }
        if (out && [out.point, out.low, out.high].every((v) => v.length >= maxH && v.every(Number.isFinite))) return out;
        fallbacks[name] = (fallbacks[name] ?? 0) + 1;
        return methodForecast('seasonal_naive');
      });
      if (f) score(name, f);
    }
  }

  const scores: Record<string, Score> = {};
  for (const [key, t] of Object.entries(tallies)) {
    scores[key] = { mase: t.count ? t.scaled / t.count : NaN, coverage: t.count ? t.inside / t.count : NaN, count: t.count };
  }
  return { length: x.length, origins: range.length, scores, picks, fallbacks, ms: performance.now() - started, msBy };
}

function tally(t: Tally, f: UnitForecast, units: readonly number[], observed: readonly boolean[], o: number, horizons: readonly number[], scale: number): void {
  for (const h of horizons) {
    const i = o + h - 1;
    if (!observed[i]) continue;
    t.scaled += Math.abs(units[i] - f.point[h - 1]) / scale;
    t.inside += units[i] >= f.low[h - 1] && units[i] <= f.high[h - 1] ? 1 : 0;
    t.count++;
  }
}

export interface ContenderSummary {
  /** Series with a score. */
  series: number;
  /** Mean and median over series of MASE. */
  meanMase: number;
  medianMase: number;
  /** Pooled share of values inside the 80% intervals; goal 0.75..0.85. */
  coverage: number;
  /** Mean milliseconds per series spent on this contender. */
  msPerSeries: number;
  /** This contender's MASE minus the baseline's, paired by series (absent for the baseline). */
  vsBaseline?: PairedDifference;
}

export interface BacktestSummary {
  /** Series with at least one scored forecast. */
  series: number;
  contenders: Record<string, ContenderSummary>;
  /** The contender differences are measured against. */
  baseline: string;
  /** Baseline mean MASE ÷ seasonal naive's over the series both have; goal ≤ 0.9. */
  relativeMase: number;
  /** By chooser, summed over series. */
  picks: Record<string, Partial<Record<MethodName, number>>>;
  fallbacks: Record<string, number>;
  /** Mean milliseconds per series for the whole backtest. */
  msPerSeries: number;
}

/** The numbers a benchmark prints: per contender mean and median MASE, coverage, time, and the paired difference to `baseline`. */
export function summariseBacktests(results: readonly BacktestResult[], baseline = 'chosen'): BacktestSummary {
  const contenders: Record<string, ContenderSummary> = {};
  const picks: Record<string, Partial<Record<MethodName, number>>> = {};
  const fallbacks: Record<string, number> = {};
  const finite = (r: BacktestResult, key: string): number | undefined => {
    const s = r.scores[key];
    return s && Number.isFinite(s.mase) ? s.mase : undefined;
  };
  const paired = (key: string): [number[], number[]] => {
    const a: number[] = [];
    const b: number[] = [];
    for (const r of results) {
      const u = finite(r, key);
      const v = finite(r, baseline);
      if (u !== undefined && v !== undefined) a.push(u), b.push(v);
    }
    return [a, b];
  };
  const keys = new Set(results.flatMap((r) => Object.keys(r.scores)));
  for (const key of keys) {
    const scored = results.filter((r) => finite(r, key) !== undefined);
    const mases = scored.map((r) => r.scores[key].mase);
    const total = scored.reduce((a, r) => a + r.scores[key].count, 0);
    contenders[key] = {
      series: scored.length,
      meanMase: mean(mases),
      medianMase: median(mases),
      coverage: total ? scored.reduce((a, r) => a + r.scores[key].coverage * r.scores[key].count, 0) / total : NaN,
      msPerSeries: mean(scored.map((r) => r.msBy[key] ?? 0)),
      ...(key === baseline ? {} : { vsBaseline: pairedDifference(...paired(key)) }),
    };
  }
  for (const r of results) {
    for (const [name, counts] of Object.entries(r.picks)) {
      const into = (picks[name] ??= {});
      for (const [k, v] of Object.entries(counts) as [MethodName, number][]) into[k] = (into[k] ?? 0) + v;
    }
    for (const [name, n] of Object.entries(r.fallbacks)) fallbacks[name] = (fallbacks[name] ?? 0) + n;
  }
  const [naive, base] = paired('seasonal_naive');
  return {
    series: results.filter((r) => r.scores[baseline]).length,
    contenders,
    baseline,
    relativeMase: mean(base) / mean(naive),
    picks,
    fallbacks,
    msPerSeries: mean(results.map((r) => r.ms)),
  };
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}
