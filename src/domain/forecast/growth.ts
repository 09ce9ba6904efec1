/**
 * Seasonal random walk with damped growth, on logs: next year's month is this year's
 * month times a smoothed, damped year-on-year growth factor.
 *
 *   z_t = x_t − x_{t−m}                           (year-on-year log change)
 *   g_t = φ·g_{t−1} + α·clip(z_t − φ·g_{t−1})     (damped simple smoothing of z)
 *   x̂_{t+h} = x̂_{t+h−m} + φ^h·g_t                 (x̂ = x where observed)
 *
 * It is ARIMA(1,0,1)(0,1,0)_m-like: seasonal naive plus a growth term that fades. Its
 * seasonal pattern is last year's, so a shock (COVID) leaves it after a year, where a
 * Holt–Winters seasonal state carries the scar for many. Shocks beyond `clip` move g only
 * by the clip and contribute a constant to the loss, so they do not set the parameters.
 */
import { nelderMead } from './optimise';
import { yoyScale } from './series';

export interface GrowthParams {
  alpha: number;
  phi: number;
}

export interface GrowthRun {
  params: GrowthParams;
  m: number;
  clip: number;
  /** g after t observations; 0 until a full year is seen. */
  growth: Float64Array;
  loss: number;
}

/**
 * Shocks: beyond 2 robust standard deviations of the year-on-year log change. Tighter than
 * Holt–Winters' 3 because g is itself a year-on-year change, so a shock hits it undiluted.
 */
export function growthClip(x: readonly number[], m: number): number {
  const scale = yoyScale(x, m);
  return scale > 0 ? 2 * scale : Infinity;
}

/**
 * Weight of each month in the loss: its size relative to the surrounding year. MASE is
 * scored in original units, where a peak month's error counts many times a trough month's.
 */
function seasonWeights(x: readonly number[], m: number): Float64Array {
  const w = new Float64Array(x.length);
  let sum = 0;
  for (let t = 0; t < x.length; t++) {
    if (t >= m) w[t] = Math.exp(x[t - m] - sum / m);
    sum += x[t] - (t >= m ? x[t - m] : 0);
  }
  return w;
}

function filter(x: readonly number[], p: GrowthParams, m: number, clip: number, weights: Float64Array, growth?: Float64Array): number {
  let g = 0;
  let loss = 0;
  for (let t = m; t < x.length; t++) {
    const prior = p.phi * g;
    const e = x[t] - x[t - m] - prior;
    const a = Math.abs(e);
    loss += weights[t] * (a <= clip ? e * e : clip * clip);
    g = prior + p.alpha * (a <= clip ? e : e > 0 ? clip : -clip);
    if (growth) growth[t + 1] = g;
  }
  return loss;
}

export function runGrowth(x: readonly number[], params: GrowthParams, m: number, clip = growthClip(x, m)): GrowthRun {
  const growth = new Float64Array(x.length + 1);
  const loss = filter(x, params, m, clip, seasonWeights(x, m), growth);
  return { params, m, clip, growth, loss };
}

const sigmoid = (u: number): number => 1 / (1 + Math.exp(-u));
const PHI_MAX = 0.98;
const toParams = (u: readonly number[]): GrowthParams => ({ alpha: sigmoid(u[0]), phi: PHI_MAX * sigmoid(u[1]) });

/**
 * Fit α and φ by minimising the weighted, trimmed one-step squared error. With `discount` < 1
 * each month's error counts discount^k for k months before the last: growth dynamics drift
 * (the recovery after 2020 is not the 2000s), so the recent past should set the parameters.
 */
export function fitGrowth(x: readonly number[], m: number, clip = growthClip(x, m), discount = 1): GrowthRun {
  const weights = seasonWeights(x, m);
  if (discount < 1) for (let t = x.length - 1, w = 1; t >= 0; t--, w *= discount) weights[t] *= w;
  const best = nelderMead((u) => filter(x, toParams(u), m, clip, weights), [0, 0], { step: 1, maxEvaluations: 150, tolerance: 1e-10 });
  return runGrowth(x, toParams(best.x), m, clip);
}

/** Log forecasts for steps 1..h after `origin` observations (origin ≥ m). */
export function growthForecastFrom(run: GrowthRun, x: readonly number[], origin: number, h: number): number[] {
  const { m } = run;
  const g = run.growth[origin];
  const out: number[] = [];
  let power = 1;
  for (let step = 1; step <= h; step++) {
    power *= run.params.phi;
    const back = origin + step - 1 - m;
    const lastYear = back < origin ? x[back] : out[back - origin];
    out.push(lastYear + power * g);
  }
  return out;
}
