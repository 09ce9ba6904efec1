/**
 * Seasonal random walk with damped recent drift, on logs: next year's month is this year's
 * month moved by the mean year-on-year log change of the last `recent` months, faded by
 * `damping` per step ahead.
 *
 *   d_o = mean(x_{o−i} − x_{o−i−m}, i = 1..recent)
 *   x̂_{o+h} = x̂_{o+h−m} + damping^h · d_o                 (x̂ = x where observed)
 *
 * It has no parameters to fit, so it reacts to a turn in growth within `recent` months where
 * the smoothed growth of the srw_growth models lags; combined_log averages it with srw_growth_recent_log.
 */

export interface DriftOptions {
  /** Months of year-on-year change averaged. */
  recent: number;
  /** Fade of the drift per step ahead. */
  damping: number;
}

export const DEFAULT_DRIFT: DriftOptions = { recent: 3, damping: 0.85 };

/** Smallest origin the drift can forecast from: a season plus the months it averages. */
export function driftFirstOrigin(m: number, options: DriftOptions = DEFAULT_DRIFT): number {
  return m + options.recent;
}

/** Log forecasts for steps 1..h after `origin` observations of x (origin ≥ driftFirstOrigin). */
export function driftForecastFrom(x: readonly number[], m: number, origin: number, h: number, options: DriftOptions = DEFAULT_DRIFT): number[] {
  if (origin < driftFirstOrigin(m, options)) throw new Error(`the drift needs ${driftFirstOrigin(m, options)} values before the origin, got ${origin}`);
  let drift = 0;
  for (let i = 1; i <= options.recent; i++) drift += x[origin - i] - x[origin - i - m];
  drift /= options.recent;
  const out: number[] = [];
  let power = 1;
  for (let step = 1; step <= h; step++) {
    power *= options.damping;
    const back = origin + step - 1 - m;
    out.push((back < origin ? x[back] : out[back - origin]) + power * drift);
  }
  return out;
}
