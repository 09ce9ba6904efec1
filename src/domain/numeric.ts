/** Small numeric helpers shared by the derived statistics. Pure; no rounding unless asked. */

/** Powers of ten up to 1e22 are exact doubles; beyond, a scaled value is a whole number anyway. */
const EXACT_POWERS = 22;

/**
 * Rounds half away from zero to `decimals` places, as the number is written: 1.005 → 1.01 although
 * its double is 1.00499999999999989… A tie is judged with one unit in the last place of slack, so
 * the binary approximation of a written half still rounds up. Works for every magnitude: a value too
 * large to have digits at that place is returned as it is, and a value too small rounds to 0.
 */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value) || decimals > EXACT_POWERS) return value;
  const power = 10 ** Math.abs(decimals);
  const scaled = decimals >= 0 ? Math.abs(value) * power : Math.abs(value) / power;
  if (scaled >= Number.MAX_SAFE_INTEGER) return value; // no fractional part left at this place
  const whole = Math.round(scaled * (1 + Number.EPSILON));
  if (whole === 0) return 0;
  // Integer ÷ exact power of ten is the double nearest the decimal result.
  const magnitude = decimals >= 0 ? whole / power : whole * power;
  return value < 0 ? -magnitude : magnitude;
}

/** A figure that may leave a domain function: a finite number, else null (the caller adds a note). */
export function finiteOrNull(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) ? value : null;
}

/** Rounds a finite figure; null for null or a non-finite one (a division by zero, say). */
export function roundOrNull(value: number | null | undefined, decimals: number): number | null {
  const finite = finiteOrNull(value);
  return finite === null ? null : round(finite, decimals);
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
