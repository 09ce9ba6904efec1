/**
 * Turning a published monthly series into something the log models can use.
 *
 * - Leading and trailing missing values are dropped.
 * - Zeros and near-zeros (COVID closures) are floored at 1% of the series median before
 *   taking logs: log(0) is undefined, and a tiny floor would make one closed month
 *   dominate every squared-error fit.
 * - Interior gaps are filled on the log scale as last year's value plus a year-on-year
 *   change interpolated between the gap's neighbours, so a missing August is filled like an
 *   August, not like the mean of July and September. That needs last year's months to be
 *   there; gaps of up to `shortGap` months without them are interpolated linearly.
 * - Gaps longer than a season, or long ones without last year to copy, split the series:
 *   only the last run is retained, because the models need an unbroken history and the most
 *   recent run is the one being forecast. Filled values are marked and never scored.
 */

export interface LogSeries {
  /** Natural log of the (floored) values, contiguous. */
  x: number[];
  /** false where x was filled in rather than published; filled points are never scored. */
  observed: boolean[];
  /** Index in the input of x[0]. */
  start: number;
  /** The floor applied before taking logs. */
  floor: number;
}

type Cell = number | null | undefined;

function isValue(v: Cell): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function prepareLogSeries(y: readonly Cell[], m = 12, shortGap = 3): LogSeries {
  const positives = y.filter((v): v is number => isValue(v) && v > 0);
  const floor = positives.length ? Math.max(median(positives) * 0.01, Number.MIN_VALUE) : 1;
  const logs: (number | null)[] = y.map((v) => (isValue(v) ? Math.log(Math.max(v, floor)) : null));

  const start = lastRunStart(logs, (from, to) => fillable(logs, from, to, m, shortGap));
  let end = logs.length;
  while (end > start && logs[end - 1] === null) end--;
  const slice = logs.slice(start, end);
  const observed = slice.map((v) => v !== null);
  return { x: fillGaps(slice, m), observed, start, floor };
}

/** Can the gap [from, to) be filled? Short ones always; up to a season when last year is there. */
function fillable(logs: readonly (number | null)[], from: number, to: number, m: number, shortGap: number): boolean {
  const length = to - from;
  if (length <= shortGap) return true;
  if (length > m || from < m) return false;
  for (let t = from; t < to; t++) if (logs[t - m] === null) return false;
  return true;
}

/** Start of the last stretch whose interior gaps are all fillable (trailing gaps ignored). */
function lastRunStart(logs: readonly (number | null)[], canFill: (from: number, to: number) => boolean): number {
  let end = logs.length;
  while (end > 0 && logs[end - 1] === null) end--;
  let t = end - 1;
  while (t >= 0) {
    if (logs[t] !== null) {
      t--;
      continue;
    }
    let from = t;
    while (from > 0 && logs[from - 1] === null) from--;
    if (from === 0 || !canFill(from, t + 1)) return t + 1;
    t = from - 1;
  }
  return 0;
}

/** Fill interior nulls (the caller guarantees every gap is fillable and none is at the ends). */
function fillGaps(logs: readonly (number | null)[], m: number): number[] {
  const out = logs.slice();
  const at = (t: number): number | null => (t >= 0 ? (out[t] ?? null) : null);
  let i = 0;
  while (i < out.length) {
    if (out[i] !== null) {
      i++;
      continue;
    }
    const a = i - 1;
    let b = i;
    while (out[b] === null) b++;
    const before = out[a] as number;
    const after = out[b] as number;
    const lastA = at(a - m);
    const lastB = at(b - m);
    const yoyA = lastA === null ? null : before - lastA;
    const yoyB = lastB === null ? null : after - lastB;
    for (let t = i; t < b; t++) {
      const w = (t - a) / (b - a);
      const lastYear = at(t - m);
      const yoy = yoyA !== null && yoyB !== null ? (1 - w) * yoyA + w * yoyB : (yoyA ?? yoyB);
      out[t] = lastYear !== null && yoy !== null ? lastYear + yoy : (1 - w) * before + w * after;
    }
    i = b;
  }
  return out as number[];
}

/**
 * Robust standard deviation (1.4826 × MAD) of the year-on-year log change: a noise scale
 * every seasonal series has, and one the pandemic months barely move because it is median-based.
 */
export function yoyScale(x: readonly number[], m: number): number {
  const z: number[] = [];
  for (let t = m; t < x.length; t++) z.push(x[t] - x[t - m]);
  const centre = median(z);
  return 1.4826 * median(z.map((v) => Math.abs(v - centre)));
}
