/** Small numeric helpers shared by the derived statistics. Pure; no rounding unless asked. */

/**
 * Rounds half away from zero to `decimals` places. Goes through the decimal exponent so that
 * 1.005 → 1.01 (plain `Math.round(x * 100) / 100` gives 1.00 because of binary representation).
 */
export function round(value: number, decimals: number): number {
  const magnitude = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`);
  return value < 0 ? -magnitude : magnitude;
}

/** Rounds unless null: convenient for optional figures. */
export function roundOrNull(value: number | null, decimals: number): number | null {
  return value === null ? null : round(value, decimals);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new Error('mean of nothing');
  return sum(values) / values.length;
}

/** Median; for an even count, the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Sample standard deviation (n − 1 in the denominator); 0 for fewer than two values. */
export function sampleSd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(sum(values.map((v) => (v - m) ** 2)) / (values.length - 1));
}

/** Pearson correlation; null when either side has no spread (the coefficient is undefined). */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length || xs.length < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Ascending string order that does not depend on the locale. */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
