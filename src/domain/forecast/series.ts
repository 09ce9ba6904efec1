/**
 * Turning a published monthly series into something the log models can use.
 *
 * - Leading and trailing missing values are dropped.
 * - Zeros and near-zeros (COVID closures) are floored at 1% of the series median before
 *   taking logs: log(0) is undefined, and a tiny floor would make one closed month
 *   dominate every squared-error fit.
 * - Interior gaps of up to `maxGap` months are filled on the log scale as last year's
 *   value plus a year-on-year change interpolated between the gap's neighbours, so a
 *   missing August is filled like an August, not like the mean of July and September.
 * - Longer gaps split the series; only the last contiguous run is kept, because the
 *   models need an unbroken history and the most recent run is the one being forecast.
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

export function prepareLogSeries(y: readonly Cell[], m = 12, maxGap = 3): LogSeries {
  const positives = y.filter((v): v is number => isValue(v) && v > 0);
  const floor = positives.length ? Math.max(median(positives) * 0.01, Number.MIN_VALUE) : 1;
  const logs: (number | null)[] = y.map((v) => (isValue(v) ? Math.log(Math.max(v, floor)) : null));

  const start = lastRunStart(logs, maxGap);
  let end = logs.length;
  while (end > start && logs[end - 1] === null) end--;
  const slice = logs.slice(start, end);
  const observed = slice.map((v) => v !== null);
  return { x: fillGaps(slice, m), observed, start, floor };
}

/** Start of the last stretch with no gap longer than maxGap (ignoring trailing gaps). */
function lastRunStart(logs: readonly (number | null)[], maxGap: number): number {
  let end = logs.length;
  while (end > 0 && logs[end - 1] === null) end--;
  let gap = 0;
  for (let i = end - 1; i >= 0; i--) {
    if (logs[i] !== null) {
      gap = 0;
      continue;
    }
    gap++;
    if (gap > maxGap) {
      let j = i + gap;
      while (j < end && logs[j] === null) j++;
      return j;
    }
  }
  let first = 0;
  while (first < end && logs[first] === null) first++;
  return first;
}

/** Fill interior nulls (the caller guarantees none are longer than maxGap, none at the ends). */
function fillGaps(logs: readonly (number | null)[], m: number): number[] {
  const out = logs.slice();
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
    const yoyA = a - m >= 0 && out[a - m] !== null ? before - (out[a - m] as number) : null;
    const yoyB = b - m >= 0 && out[b - m] !== null ? after - (out[b - m] as number) : null;
    for (let t = i; t < b; t++) {
      const w = (t - a) / (b - a);
      const lastYear = t - m >= 0 ? out[t - m] : null;
      out[t] =
        lastYear !== null && lastYear !== undefined && yoyA !== null && yoyB !== null
          ? lastYear + (1 - w) * yoyA + w * yoyB
          : (1 - w) * before + w * after;
    }
    i = b;
  }
  return out as number[];
}
