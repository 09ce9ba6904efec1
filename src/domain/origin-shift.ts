/**
 * Origin shift: each origin market's share of the total over the latest 12 months against the
 * 12 before, largest moves first.
 *
 * Windows: the latest window ends at the newest month M for which the total is known in all
 * 24 months M−23..M (so both windows are whole and comparable); the window before is
 * M−23..M−12. The total is the given total series when passed (so markets not broken out
 * still count in the denominator), otherwise the sum of the origins, known only in months
 * where every origin has a value. An origin is listed only when it has a value in all 24
 * months: a share over a partial window would mix in seasonality.
 *
 * sharePct = Σ origin ÷ Σ total over the latest window × 100; changePoints = sharePct −
 * the same share over the window before (percentage points). Both rounded to 1 decimal.
 *
 * 80% band (lo80/hi80, rounded to 1 decimal): the monthly shares are paired by calendar month
 * (Jan with Jan a year before, …), which takes the seasonal swing of a market's share out of
 * the noise; the standard error of the mean of the 12 paired differences, sd ÷ √12, times
 * 1.2816 (the normal 90th percentile) is added to and taken from changePoints. It reflects
 * month-to-month variability only; the annual variant has no band.
 */
import { compareCodes, round, sampleSd, sum } from './numeric';
import { addMonths } from './periods';
import { type PeriodValue, valuesByPeriod } from './series';

export interface OriginSeries {
  /** Origin code as used in the breakdown member, e.g. 'DE'. */
  origin: string;
  observations: readonly PeriodValue[];
}

export interface OriginShiftRow {
  origin: string;
  sharePct: number;
  changePoints: number;
  lo80: number | null;
  hi80: number | null;
}

/** Text labels for `meta.method`. */
export interface OriginShiftMethod {
  window: string;
  against: string;
  value: string;
  lo80: string;
}

export interface OriginShift {
  method: OriginShiftMethod;
  rows: OriginShiftRow[];
}

const Z80 = 1.2816;
const WINDOW = 12;

const SHARE_TEXT =
  "share_pct: the origin's figures summed over the window as a percentage of the total summed over the same months; change_points: share_pct minus the same share over the 'against' window, in percentage points";

/** Monthly origin breakdowns. Null when no 24 consecutive months have a known total. */
export function originShift(originSeries: readonly OriginSeries[], totalObs?: readonly PeriodValue[]): OriginShift | null {
  const origins = originSeries.map((s) => ({ origin: s.origin, values: valuesByPeriod(s.observations, 'M') }));
  const total = totalByPeriod(origins, totalObs, 'M');
  const end = latestWindowEnd(total);
  if (end === null) return null;
  const latest = monthsEndingAt(end);
  const before = monthsEndingAt(addMonths(end, -WINDOW));
  return {
    method: {
      window: `${latest[0]}..${end}`,
      against: `${before[0]}..${before[WINDOW - 1]}`,
      value: `Monthly figures, latest 12 complete months against the 12 before. ${SHARE_TEXT}.`,
      lo80: `80% band for change_points: ± ${Z80} standard errors of the mean of the 12 differences between each month's share and the same month's share a year earlier (month-to-month variability only).`,
    },
    rows: sortByMove(shareRows(origins, total, latest, before, true)),
  };
}

/** Annual origin breakdowns: the latest year with a known total against the year before. No band. */
export function originShiftAnnual(
  originSeries: readonly OriginSeries[],
  totalObs?: readonly PeriodValue[],
): OriginShift | null {
  const origins = originSeries.map((s) => ({ origin: s.origin, values: valuesByPeriod(s.observations, 'A') }));
  const total = totalByPeriod(origins, totalObs, 'A');
  const year = [...total.keys()].sort().reverse().find((y) => total.has(String(Number(y) - 1)));
  if (year === undefined) return null;
  const yearBefore = String(Number(year) - 1);
  return {
    method: {
      window: year,
      against: yearBefore,
      value: `Annual figures, latest year against the year before. ${SHARE_TEXT}.`,
      lo80: 'No band: annual figures give no month-to-month variability to estimate one from (lo80 and hi80 are null).',
    },
    rows: sortByMove(shareRows(origins, total, [year], [yearBefore], false)),
  };
}

interface OriginValues {
  origin: string;
  values: Map<string, number>;
}

/** Period → positive total: the given total series, or the sum of origins where all are known. */
function totalByPeriod(
  origins: readonly OriginValues[],
  totalObs: readonly PeriodValue[] | undefined,
  freq: 'M' | 'A',
): Map<string, number> {
  const total = totalObs ? valuesByPeriod(totalObs, freq) : sumWhereAllKnown(origins);
  for (const [period, value] of total) if (value <= 0) total.delete(period);
  return total;
}

function sumWhereAllKnown(origins: readonly OriginValues[]): Map<string, number> {
  const total = new Map<string, number>();
  if (origins.length === 0) return total;
  for (const period of origins[0].values.keys()) {
    const values = origins.map((o) => o.values.get(period));
    if (values.every((v) => v !== undefined)) total.set(period, sum(values as number[]));
  }
  return total;
}

/** The newest month ending 24 consecutive months of known total, or null. */
function latestWindowEnd(total: ReadonlyMap<string, number>): string | null {
  const months = [...total.keys()].sort().reverse();
  return months.find((end) => monthsEndingAt(end, 2 * WINDOW).every((m) => total.has(m))) ?? null;
}

function monthsEndingAt(end: string, count = WINDOW): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(end, i - count + 1));
}

/** Rows for origins known in every period of both windows; `withBand` pairs the periods index by index. */
function shareRows(
  origins: readonly OriginValues[],
  total: ReadonlyMap<string, number>,
  latest: readonly string[],
  before: readonly string[],
  withBand: boolean,
): (OriginShiftRow & { move: number })[] {
  const rows: (OriginShiftRow & { move: number })[] = [];
  for (const { origin, values } of origins) {
    if (![...latest, ...before].every((p) => values.has(p))) continue;
    const shareOver = (periods: readonly string[]) =>
      (sum(periods.map((p) => values.get(p)!)) / sum(periods.map((p) => total.get(p)!))) * 100;
    const share = shareOver(latest);
    const change = share - shareOver(before);
    const halfBand = withBand ? Z80 * pairedStandardError(values, total, latest, before) : null;
    rows.push({
      origin,
      sharePct: round(share, 1),
      changePoints: round(change, 1),
      lo80: halfBand === null ? null : round(change - halfBand, 1),
      hi80: halfBand === null ? null : round(change + halfBand, 1),
      move: change,
    });
  }
  return rows;
}

/** Standard error of the mean of the paired differences of monthly shares (percentage points). */
function pairedStandardError(
  values: ReadonlyMap<string, number>,
  total: ReadonlyMap<string, number>,
  latest: readonly string[],
  before: readonly string[],
): number {
  const shareIn = (p: string) => (values.get(p)! / total.get(p)!) * 100;
  const differences = latest.map((p, i) => shareIn(p) - shareIn(before[i]));
  return sampleSd(differences) / Math.sqrt(differences.length);
}

/** Largest absolute move first (on the unrounded change), then origin code. */
function sortByMove(rows: (OriginShiftRow & { move: number })[]): OriginShiftRow[] {
  return rows
    .sort((a, b) => Math.abs(b.move) - Math.abs(a.move) || compareCodes(a.origin, b.origin))
    .map(({ move: _move, ...row }) => row);
}
