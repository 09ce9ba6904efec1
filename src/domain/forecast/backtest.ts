/**
 * Rolling-origin evaluation. chooseMethod uses it on a series' own recent past to pick a
 * method; backtest uses it (re-running the choice at every origin, so nothing is chosen
 * with hindsight) to measure how well the whole procedure forecasts.
 */
import { DEFAULT_BAND, type BandOptions } from './intervals';
import { DEFAULT_CANDIDATES, METHODS, fitLogModel, forecastLog, minLength, type LogForecast, type MethodName } from './methods';
import { prepareLogSeries } from './series';

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
  const candidates = new Set<MethodName>(['seasonal_naive', ...(options.candidates ?? DEFAULT_CANDIDATES)]);

  const scores: Partial<Record<MethodName, number>> = {};
  for (const method of candidates) {
    if (minLength(method, m) > first) continue;
    const model = fitLogModel(method, x, m, first);
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
  return { method, scores };
}

/** Choose a forecasting method for a raw monthly series (nulls allowed; see prepareLogSeries). */
export function chooseMethod(y: readonly Cell[], options: ChooseOptions = {}): MethodChoice {
  const { x, observed } = prepareLogSeries(y, options.m ?? 12);
  return chooseOnLog(x, observed, options);
}

export interface Score {
  /** Mean absolute scaled error over every origin × horizon scored. */
  mase: number;
  /** Share of published values inside the 80% interval. */
  coverage: number;
  count: number;
}

/** A method scored on its own, or 'chosen': whatever chooseMethod picked at each origin. */
export type Contender = MethodName | 'chosen';

export interface BacktestResult {
  length: number;
  origins: number;
  scores: Partial<Record<Contender, Score>>;
  /** How often each method was chosen across origins. */
  picks: Partial<Record<MethodName, number>>;
  /** Milliseconds spent. */
  ms: number;
}

export interface BacktestOptions {
  m?: number;
  band?: BandOptions;
  /** Passed to chooseMethod at each origin. */
  candidates?: readonly MethodName[];
  /** Methods scored on their own alongside the choice (default: all). */
  compare?: readonly MethodName[];
}

interface Tally {
  scaled: number;
  inside: number;
  count: number;
}

/**
 * Rolling-origin backtest over the last `origins` origins (each leaving room for the longest
 * horizon). At each, every compared method is refitted on the data before it, the choice is
 * re-made on that data alone, and the horizons are scored against the published values.
 * Values filled into gaps are never scored.
 */
export function backtest(y: readonly Cell[], horizons: number[] = [1, 2, 3], origins = 36, options: BacktestOptions = {}): BacktestResult {
  const started = performance.now();
  const m = options.m ?? 12;
  const band = options.band ?? DEFAULT_BAND;
  const { x, observed } = prepareLogSeries(y, m);
  const maxH = Math.max(...horizons);
  const scales = scalesByOrigin(x, m);
  const tallies: Partial<Record<Contender, Tally>> = {};
  const picks: Partial<Record<MethodName, number>> = {};
  const range = originRange(x.length, origins, maxH, m);

  for (const o of range) {
    const train = x.slice(0, o);
    const choice = chooseOnLog(train, observed.slice(0, o), { m, horizons, candidates: options.candidates });
    picks[choice.method] = (picks[choice.method] ?? 0) + 1;
    const forecasts = new Map<MethodName, LogForecast>();
    for (const method of [...(options.compare ?? METHODS), choice.method]) {
      if (forecasts.has(method) || minLength(method, m) > o) continue;
      forecasts.set(method, forecastLog(fitLogModel(method, train, m), train, maxH, band));
    }
    const score = (key: Contender, f: LogForecast): void => {
      if (scales[o] > 0) tally((tallies[key] ??= { scaled: 0, inside: 0, count: 0 }), f, x, observed, o, horizons, scales[o]);
    };
    for (const [method, f] of forecasts) score(method, f);
    const chosen = forecasts.get(choice.method);
    if (chosen) score('chosen', chosen);
  }

  const scores: Partial<Record<Contender, Score>> = {};
  for (const [key, t] of Object.entries(tallies) as [Contender, Tally][]) {
    scores[key] = { mase: t.count ? t.scaled / t.count : NaN, coverage: t.count ? t.inside / t.count : NaN, count: t.count };
  }
  return { length: x.length, origins: range.length, scores, picks, ms: performance.now() - started };
}

function tally(t: Tally, f: LogForecast, x: readonly number[], observed: readonly boolean[], o: number, horizons: readonly number[], scale: number): void {
  for (const h of horizons) {
    const i = o + h - 1;
    if (!observed[i]) continue;
    t.scaled += Math.abs(Math.exp(x[i]) - Math.exp(f.point[h - 1])) / scale;
    t.inside += x[i] >= f.low[h - 1] && x[i] <= f.high[h - 1] ? 1 : 0;
    t.count++;
  }
}

export interface BacktestSummary {
  /** Series with at least one scored forecast. */
  series: number;
  /** Mean over series of each contender's MASE (series where it could not run are skipped). */
  meanMase: Partial<Record<Contender, number>>;
  /** Mean chosen MASE ÷ mean seasonal naive MASE over the series both have; goal ≤ 0.9. */
  relativeMase: number;
  /** Pooled share of values inside the 80% intervals; goal 0.75..0.85. */
  coverage: Partial<Record<Contender, number>>;
  picks: Partial<Record<MethodName, number>>;
  /** Mean milliseconds per series. */
  msPerSeries: number;
}

/** The numbers a benchmark prints: mean MASE per contender, chosen vs seasonal naive, coverage. */
export function summariseBacktests(results: readonly BacktestResult[]): BacktestSummary {
  const meanMase: Partial<Record<Contender, number>> = {};
  const coverage: Partial<Record<Contender, number>> = {};
  const picks: Partial<Record<MethodName, number>> = {};
  const keys = new Set(results.flatMap((r) => Object.keys(r.scores) as Contender[]));
  for (const key of keys) {
    const scored = results.map((r) => r.scores[key]).filter((s): s is Score => !!s && Number.isFinite(s.mase));
    meanMase[key] = mean(scored.map((s) => s.mase));
    const total = scored.reduce((a, s) => a + s.count, 0);
    coverage[key] = total ? scored.reduce((a, s) => a + s.coverage * s.count, 0) / total : NaN;
  }
  for (const r of results) {
    for (const [k, v] of Object.entries(r.picks) as [MethodName, number][]) picks[k] = (picks[k] ?? 0) + v;
  }
  const paired = results.flatMap((r) => {
    const chosen = r.scores.chosen?.mase;
    const naive = r.scores.seasonal_naive?.mase;
    return chosen !== undefined && naive !== undefined && Number.isFinite(chosen) && Number.isFinite(naive) ? [[chosen, naive]] : [];
  });
  return {
    series: results.filter((r) => r.scores.chosen).length,
    meanMase,
    relativeMase: mean(paired.map((p) => p[0])) / mean(paired.map((p) => p[1])),
    coverage,
    picks,
    msPerSeries: mean(results.map((r) => r.ms)),
  };
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}
