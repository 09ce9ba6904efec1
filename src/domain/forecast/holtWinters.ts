/**
 * Additive Holt–Winters in error-correction form: ETS(A,Ad,A) when `trend` is set,
 * ETS(A,N,A) otherwise. The caller passes log values, which makes the seasonality
 * multiplicative in the original units and keeps back-transformed forecasts positive.
 * Shocks are damped by a robust filter (see `filter`), so the pandemic does not set the fit.
 */
import { nelderMead } from './optimise';
import { yoyScale } from './series';

export interface HoltWintersParams {
  alpha: number;
  /** Trend smoothing in error-correction form (β = α·β*), so 0 < beta < alpha. 0 without trend. */
  beta: number;
  /** 0 < gamma < 1 − alpha. */
  gamma: number;
  /** Damping, 0.8..0.98 as in Hyndman's forecast package. 1 without trend (unused). */
  phi: number;
}

export interface HoltWintersSpec {
  m: number;
  trend: boolean;
}

/** States after each observation: level[t] and slope[t] after t observations; season[t + m] set at time t. */
export interface HoltWintersRun {
  params: HoltWintersParams;
  spec: HoltWintersSpec;
  level: Float64Array;
  slope: Float64Array;
  season: Float64Array;
  /** Shock threshold used (log units); see filter. */
  clip: number;
  /** Trimmed squared one-step error over the run (shocks count as the threshold squared). */
  loss: number;
}

export function minLengthFor(m: number): number {
  return 2 * m;
}

export interface InitialStates {
  level: number;
  slope: number;
  season: number[];
}

/** Level, slope and seasonal indices from the first two seasons, so a linear+seasonal series starts exactly on track. */
export function initialStates(x: readonly number[], spec: HoltWintersSpec): InitialStates {
  const { m, trend } = spec;
  if (x.length < 2 * m) throw new Error(`Holt–Winters needs at least ${2 * m} values`);
  const mean1 = mean(x.slice(0, m));
  const mean2 = mean(x.slice(m, 2 * m));
  const slope = trend ? (mean2 - mean1) / m : 0;
  const centre = trend ? mean1 : (mean1 + mean2) / 2;
  // The first season's mean sits at its middle, (m−1)/2.
  const levelAt = (t: number): number => centre + slope * (t - (m - 1) / 2);
  const season = Array.from({ length: m }, (_, i) => (x[i] - levelAt(i) + x[i + m] - levelAt(i + m)) / 2);
  const shift = mean(season);
  return { level: levelAt(-1), slope, season: season.map((s) => s - shift) };
}

/**
 * One pass of the filter. Errors beyond `clip` are shocks (COVID closures, one-off events):
 * every state sees only the clipped error (a robust filter in the manner of Gelper, Fried &
 * Croux 2010), so a locked-down April does not teach the model that Aprils are small, and a
 * shock adds a constant to the loss (trimmed squares), so a handful of collapsed months
 * cannot set the parameters.
 */
function filter(
  x: readonly number[],
  p: HoltWintersParams,
  spec: HoltWintersSpec,
  init: InitialStates,
  clip: number,
  states?: { level: Float64Array; slope: Float64Array; season: Float64Array },
): number {
  const m = spec.m;
  const phi = spec.trend ? p.phi : 0;
  // Recording keeps every seasonal state; the loss-only pass cycles through m of them.
  const season = states ? states.season : Float64Array.from(init.season);
  if (states) season.set(init.season, 0);
  let level = init.level;
  let slope = init.slope;
  let loss = 0;
  for (let t = 0; t < x.length; t++) {
    const read = states ? t : t % m;
    const base = level + phi * slope;
    const e = x[t] - base - season[read];
    const shock = Math.abs(e) > clip;
    loss += shock ? clip * clip : e * e;
    const ec = shock ? Math.sign(e) * clip : e;
    level = base + p.alpha * ec;
    slope = phi * slope + p.beta * ec;
    const s = season[read] + p.gamma * ec;
    if (states) {
      season[t + m] = s;
      states.level[t + 1] = level;
      states.slope[t + 1] = slope;
    } else season[read] = s;
  }
  return loss;
}

/** Shock threshold for Holt–Winters: 3 robust standard deviations of the year-on-year log change. */
export function shockThreshold(x: readonly number[], m: number): number {
  const scale = yoyScale(x, m);
  return scale > 0 ? 3 * scale : Infinity;
}

export function runHoltWinters(
  x: readonly number[],
  params: HoltWintersParams,
  spec: HoltWintersSpec,
  clip = shockThreshold(x, spec.m),
): HoltWintersRun {
  const n = x.length;
  const states = { level: new Float64Array(n + 1), slope: new Float64Array(n + 1), season: new Float64Array(n + spec.m) };
  const init = initialStates(x, spec);
  states.level[0] = init.level;
  states.slope[0] = init.slope;
  const loss = filter(x, params, spec, init, clip, states);
  return { params, spec, clip, ...states, loss };
}

/** Forecasts for steps 1..h made after `origin` observations (origin ≤ length of the run). */
export function forecastFrom(run: HoltWintersRun, origin: number, h: number): number[] {
  const { m, trend } = run.spec;
  const phi = trend ? run.params.phi : 0;
  const out: number[] = [];
  let damp = 0;
  let power = 1;
  for (let step = 1; step <= h; step++) {
    power *= phi;
    damp += power;
    out.push(run.level[origin] + damp * run.slope[origin] + run.season[origin + ((step - 1) % m)]);
  }
  return out;
}

const sigmoid = (u: number): number => 1 / (1 + Math.exp(-u));
const logit = (p: number): number => Math.log(p / (1 - p));
const EDGE = 1e-3;
const within = (u: number, lo: number, hi: number): number => lo + (hi - lo) * sigmoid(u);

/** Map unconstrained optimiser coordinates onto the admissible region. */
function toParams(u: readonly number[], spec: HoltWintersSpec): HoltWintersParams {
  const alpha = within(u[0], EDGE, 1 - EDGE);
  const gamma = within(u[1], 0, 1 - alpha);
  if (!spec.trend) return { alpha, beta: 0, gamma, phi: 1 };
  return { alpha, gamma, beta: within(u[2], 0, alpha), phi: within(u[3], 0.8, 0.98) };
}

function fromParams(p: HoltWintersParams, spec: HoltWintersSpec): number[] {
  const inv = (v: number, lo: number, hi: number): number => logit(Math.min(Math.max((v - lo) / (hi - lo), 1e-6), 1 - 1e-6));
  const u = [inv(p.alpha, EDGE, 1 - EDGE), inv(p.gamma, 0, 1 - p.alpha)];
  return spec.trend ? [...u, inv(p.beta, 0, p.alpha), inv(p.phi, 0.8, 0.98)] : u;
}

const START: HoltWintersParams = { alpha: 0.3, beta: 0.03, gamma: 0.1, phi: 0.95 };

/** Fit the smoothing parameters by minimising the in-sample one-step squared error, trimmed at shocks. */
export function fitHoltWinters(x: readonly number[], spec: HoltWintersSpec, clip = shockThreshold(x, spec.m)): HoltWintersRun {
  const init = initialStates(x, spec);
  const loss = (u: number[]): number => filter(x, toParams(u, spec), spec, init, clip);
  const best = nelderMead(loss, fromParams(START, spec), { step: 1, maxEvaluations: spec.trend ? 300 : 150, tolerance: 1e-9 });
  return runHoltWinters(x, toParams(best.x, spec), spec, clip);
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
