/** Benchmark forecast and the scaled error it is judged by (Hyndman & Koehler 2006). */

/** Seasonal naive: each of the next h values repeats the same month of the last full season. */
export function seasonalNaive(y: readonly number[], h: number, m = 12): number[] {
  if (y.length < m) throw new Error(`seasonal naive needs at least ${m} values, got ${y.length}`);
  const n = y.length;
  return Array.from({ length: h }, (_, i) => y[n - m + (i % m)]);
}

/** Mean absolute error of the in-sample seasonal naive forecast: the MASE denominator. */
export function seasonalNaiveMae(insample: readonly number[], m = 12): number {
  let sum = 0;
  for (let t = m; t < insample.length; t++) sum += Math.abs(insample[t] - insample[t - m]);
  return insample.length > m ? sum / (insample.length - m) : NaN;
}

/**
 * Mean absolute scaled error: MAE of the forecast divided by the in-sample seasonal naive MAE.
 * Below 1 means better than seasonal naive was in sample. NaN when the scale is 0 or undefined.
 */
export function mase(actual: readonly number[], forecast: readonly number[], insample: readonly number[], m = 12): number {
  if (actual.length !== forecast.length) throw new Error('actual and forecast differ in length');
  const scale = seasonalNaiveMae(insample, m);
  if (!(scale > 0) || actual.length === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i] - forecast[i]);
  return sum / actual.length / scale;
}

/** Linear-interpolation quantile (type 7, as R's default) of unsorted values. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export interface PairedDifference {
  /** Mean of a − b over the pairs. */
  mean: number;
  /** 95% interval of that mean (normal approximation: mean ± 1.96 × sd / √n). */
  low: number;
  high: number;
  n: number;
}

/** Mean paired difference a[i] − b[i] with its 95% interval; NaN bounds below two pairs. */
export function pairedDifference(a: readonly number[], b: readonly number[]): PairedDifference {
  if (a.length !== b.length) throw new Error('paired samples differ in length');
  const n = a.length;
  const d = a.map((v, i) => v - b[i]);
  const centre = n ? d.reduce((s, v) => s + v, 0) / n : NaN;
  if (n < 2) return { mean: centre, low: NaN, high: NaN, n };
  const sd = Math.sqrt(d.reduce((s, v) => s + (v - centre) ** 2, 0) / (n - 1));
  const half = 1.959964 * (sd / Math.sqrt(n));
  return { mean: centre, low: centre - half, high: centre + half, n };
}
