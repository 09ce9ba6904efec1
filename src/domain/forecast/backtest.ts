/**
 * Rolling-origin evaluation. chooseMethod uses it on a series' own recent past to pick a
 * method; backtest uses it (with chooseMethod re-run at every origin, so nothing is chosen
 * with hindsight) to measure how well the whole procedure forecasts.
 */
import { DEFAULT_BAND, type BandOptions } from './intervals';
import { METHODS, fitLogModel, forecastLog, minLength, type LogForecast, type MethodName } from './methods';
import { median, prepareLogSeries } from './series';

type Cell = number | null | undefined;

export interface MethodChoice {
  method: MethodName;
  /** Backtest MASE of every candidate that could be fitted. */
  scores: Partial<Record<MethodName, number>>;
}

export interface ChooseOptions {
  m?: number;
  origins?: number;
  horizons?: number[];
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

/**
 * Months whose year-on-year log change is within k robust standard deviations of the usual.
 * No method foresees a lockdown or its rebound, so scoring methods on those months would
 * reward whichever happened to chase them, not whichever forecasts ordinary months best.
 */
function normalMonths(x: readonly number[], m: number, k: number): boolean[] {
  const z: number[] = [];
  for (let t = m; t < x.length; t++) z.push(x[t] - x[t - m]);
  const centre = median(z);
  const spread = 1.4826 * median(z.map((v) => Math.abs(v - centre)));
  return x.map((v, t) => t < m || !(spread > 0) || Math.abs(v - x[t - m] - centre) <= k * spread);
}

/** Pick the candidate with the lowest rolling-origin MASE on the log series; seasonal naive wins ties. */
export function chooseOnLog(x: readonly number[], observed: readonly boolean[], options: ChooseOptions = {}): MethodChoice {
  const m = options.m ?? 12;
  const horizons = options.horizons ?? [1, 2, 3];
  const maxH = Math.max(...horizons);
  const n = x.length;
  if (n < m) return { method: 'naive', scores: {} };
  const count = Math.min(options.origins ?? Number(process.env.INNER ?? 24), n - maxH - m - 1);
  if (count < 1) return { method: 'seasonal_naive', scores: {} };
  const first = n - maxH - count + 1;
  const scales = scalesByOrigin(x, m);
  const normal = normalMonths(x, m, Number(process.env.SHOCKX ?? 1e9));

  const scores: Partial<Record<MethodName, number>> = {};
  for (const method of METHODS) {
    if (minLength(method, m) > first) continue;
    if (process.env.CANDS && !process.env.CANDS.split(',').includes(method)) continue;
    const model = fitLogModel(method, x, m, first);
    let sum = 0;
    let k = 0;
    for (let o = first; o < first + count; o++) {
      const f = model.forecastFrom(o, maxH);
      for (const h of horizons) {
        const t = o + h - 1;
        if (!observed[t] || !normal[t] || !(scales[o] > 0)) continue;
        sum += Math.abs(Math.exp(x[t]) - Math.exp(f[h - 1])) / scales[o];
        k++;
      }
    }
    scores[method] = k ? sum / k : NaN;
  }
  let method: MethodName = 'seasonal_naive';
  for (const candidate of METHODS) {
    const s = scores[candidate];
    if (s !== undefined && s < (scores[method] ?? Infinity)) method = candidate;
  }
  return { method, scores };
}

/** Choose a forecasting method for a raw monthly series (nulls allowed; see prepareLogSeries). */
export function chooseMethod(y: readonly Cell[], options: ChooseOptions = {}): MethodChoice {
  const m = options.m ?? 12;
  const { x, observed } = prepareLogSeries(y, m);
  return chooseOnLog(x, observed, options);
}

export interface Score {
  /** Mean absolute scaled error over every origin × horizon scored. */
  mase: number;
  /** Share of actuals inside the 80% interval. */
  coverage: number;
  count: number;
}

export type Contender = MethodName | 'chosen';

export interface BacktestResult {
  length: number;
  origins: number;
  scores: Partial<Record<Contender, Score>>;
  /** How often each method was chosen across origins. */
  picks: Partial<Record<MethodName, number>>;
}

interface Tally {
  scaled: number;
  inside: number;
  count: number;
}

/**
 * Rolling-origin backtest: at each of the last `origins` origins (each leaving room for the
 * longest horizon) every candidate is refitted on the data before it and the method choice
 * is re-made, then horizons are scored against the published values.
 */
export function backtest(y: readonly Cell[], horizons: number[] = [1, 2, 3], origins = 36, m = 12, band: BandOptions = DEFAULT_BAND): BacktestResult {
  const { x, observed } = prepareLogSeries(y, m);
  const maxH = Math.max(...horizons);
  const n = x.length;
  const count = Math.max(0, Math.min(origins, n - maxH - m - 1));
  const scales = scalesByOrigin(x, m);
  const tallies: Partial<Record<Contender, Tally>> = {};
  const picks: Partial<Record<MethodName, number>> = {};

  for (let o = n - maxH - count + 1; o <= n - maxH; o++) {
    const train = x.slice(0, o);
    const choice = chooseOnLog(train, observed.slice(0, o), { m, horizons });
    picks[choice.method] = (picks[choice.method] ?? 0) + 1;
    const forecasts = new Map<MethodName, LogForecast>();
    for (const method of [...METHODS, choice.method]) {
      if (forecasts.has(method) || minLength(method, m) > o) continue;
      forecasts.set(method, forecastLog(fitLogModel(method, train, m), train, maxH, band));
    }
    for (const [method, f] of forecasts) tally(tallies, method, f, x, observed, o, horizons, scales[o]);
    const chosen = forecasts.get(choice.method);
    if (chosen) tally(tallies, 'chosen', chosen, x, observed, o, horizons, scales[o]);
  }

  const scores: Partial<Record<Contender, Score>> = {};
  for (const [key, t] of Object.entries(tallies) as [Contender, Tally][]) {
    scores[key] = { mase: t.count ? t.scaled / t.count : NaN, coverage: t.count ? t.inside / t.count : NaN, count: t.count };
  }
  return { length: n, origins: count, scores, picks };
}

function tally(
  tallies: Partial<Record<Contender, Tally>>,
  key: Contender,
  f: LogForecast,
  x: readonly number[],
  observed: readonly boolean[],
  o: number,
  horizons: readonly number[],
  scale: number,
): void {
  if (!(scale > 0)) return;
  const t = (tallies[key] ??= { scaled: 0, inside: 0, count: 0 });
  for (const h of horizons) {
    const i = o + h - 1;
    if (!observed[i]) continue;
    t.scaled += Math.abs(Math.exp(x[i]) - Math.exp(f.point[h - 1])) / scale;
    t.inside += x[i] >= f.low[h - 1] && x[i] <= f.high[h - 1] ? 1 : 0;
    t.count++;
  }
}

export interface BacktestSummary {
  series: number;
  /** Mean over series of each contender's MASE (series where it could not run are skipped). */
  meanMase: Partial<Record<Contender, number>>;
  /** Mean chosen MASE divided by mean seasonal naive MASE over the same series; goal ≤ 0.9. */
  relativeMase: number;
  /** Pooled share of actuals inside the 80% intervals; goal 0.75..0.85. */
  coverage: Partial<Record<Contender, number>>;
  picks: Partial<Record<MethodName, number>>;
}

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
  for (const r of results) for (const [k, v] of Object.entries(r.picks) as [MethodName, number][]) picks[k] = (picks[k] ?? 0) + v;
  const paired = results.filter((r) => Number.isFinite(r.scores.chosen?.mase) && Number.isFinite(r.scores.seasonal_naive?.mase));
  const relativeMase =
    mean(paired.map((r) => r.scores.chosen!.mase)) / mean(paired.map((r) => r.scores.seasonal_naive!.mase));
  const series = results.filter((r) => r.scores.chosen).length;
  return { series, meanMase, relativeMase, coverage, picks };
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}
