/** Periods: 'YYYY', 'YYYY-MM', 'YYYY-Qn'. Pure helpers shared by every layer. */
import type { Freq } from './types';

const PERIOD_RE = /^(\d{4})(?:-(?:(0[1-9]|1[0-2])|Q([1-4])))?$/;

export interface PeriodParts {
  year: number;
  month?: number; // 1..12
  quarter?: number; // 1..4
}

export function parsePeriod(text: string): PeriodParts | null {
  const m = PERIOD_RE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 1900 || year > 2100) return null;
  if (m[2]) return { year, month: Number(m[2]) };
  if (m[3]) return { year, quarter: Number(m[3]) };
  return { year };
}

export function freqOf(period: string): Freq {
  if (period.length === 4) return 'A';
  return period.includes('Q') ? 'Q' : 'M';
}

export function monthPeriod(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Months since year 0: a total order on months. */
export function monthIndex(period: string): number {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  return p.year * 12 + lastMonthOf(p) - 1;
}

export function monthFromIndex(index: number): string {
  return monthPeriod(Math.floor(index / 12), (index % 12) + 1);
}

export function addMonths(period: string, n: number): string {
  return monthFromIndex(monthIndex(period) + n);
}

/** The last month a period covers: a quarter counts by its last month, a year by December. */
export function lastMonthOf(p: PeriodParts): number {
  if (p.month) return p.month;
  if (p.quarter) return p.quarter * 3;
  return 12;
}

export function firstMonthOf(p: PeriodParts): number {
  if (p.month) return p.month;
  if (p.quarter) return p.quarter * 3 - 2;
  return 1;
}

/**
 * Widened periods already computed: rowsWithin probes the same few thousand stored periods on every
 * request, and parsing them again was a twentieth of a series query's time. Bounded, as bounds from
 * query arguments pass through here too.
 */
const WIDENED_CACHE_MAX = 20_000;
const widenedFrom = new Map<string, string>();
const widenedTo = new Map<string, string>();

function widened(cache: Map<string, string>, period: string, widen: (p: PeriodParts) => number): string {
  let month = cache.get(period);
  if (month === undefined) {
    const p = parsePeriod(period)!;
    month = monthPeriod(p.year, widen(p));
    if (cache.size < WIDENED_CACHE_MAX) cache.set(period, month);
  }
  return month;
}

/** A `from` bound widened to its first month: 2019 → 2019-01, 2019-Q2 → 2019-04. */
export function widenFrom(period: string): string {
  return widened(widenedFrom, period, firstMonthOf);
}

/** A `to` bound widened to its last month: 2019 → 2019-12. */
export function widenTo(period: string): string {
  return widened(widenedTo, period, lastMonthOf);
}

/** Does `period` (any frequency) fall inside [from, to] given as months (either may be absent)? */
export function periodWithin(period: string, fromMonth?: string, toMonth?: string): boolean {
  const p = parsePeriod(period);
  if (!p) return false;
  const first = monthPeriod(p.year, firstMonthOf(p));
  const last = monthPeriod(p.year, lastMonthOf(p));
  if (fromMonth && first < fromMonth) return false;
  if (toMonth && last > toMonth) return false;
  return true;
}

/** The first index in [0, rows.length] whose row passes `test`, for a test false then true along the rows. */
function firstPassing<T>(rows: readonly T[], test: (row: T) => boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(rows[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The rows of one series (one frequency, oldest first) that periodWithin keeps, found by two binary
 * searches: only the few periods they probe are parsed, not every period of the series.
 */
export function rowsWithin<T extends { period: string }>(rows: readonly T[], fromMonth?: string, toMonth?: string): T[] {
  const start = fromMonth ? firstPassing(rows, (r) => widenFrom(r.period) >= fromMonth) : 0;
  const end = toMonth ? firstPassing(rows, (r) => widenTo(r.period) > toMonth) : rows.length;
  return rows.slice(start, Math.max(start, end));
}

/** The month (YYYY-MM) of an ISO date. */
export function monthOfDate(date: Date): string {
  return monthPeriod(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

/**
 * Whole months between the current month and the month after the newest period present:
 * last month present → 0. A quarter counts by its last month, a year by December.
 */
export function monthsBehind(latest: string, today: Date): number {
  const p = parsePeriod(latest);
  if (!p) throw new Error(`bad period ${latest}`);
  const after = p.year * 12 + lastMonthOf(p); // index of the month after (0-based months)
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return Math.max(0, current - after);
}

export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}

/** Orders periods of mixed frequency by the month they end in ('2019' ends after '2019-11'). */
export function comparePeriodEnds(a: string, b: string): number {
  return monthIndex(a) - monthIndex(b) || a.length - b.length;
}

/** The period that ends last (comparePeriodEnds; of periods that tie, the last given), in one pass; undefined for none. */
export function latestPeriodOf(periods: Iterable<string>): string | undefined {
  let latest: string | undefined;
  for (const p of periods) if (latest === undefined || (p !== latest && comparePeriodEnds(p, latest) >= 0)) latest = p;
  return latest;
}

/** The same period one year earlier: 2019-08 → 2018-08, 2019-Q2 → 2018-Q2, 2019 → 2018. */
export function yearBefore(period: string): string {
  return `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
}

const FREQ_COARSENESS: Record<Freq, number> = { M: 0, Q: 1, A: 2 };

/** The coarser of two frequencies: A over Q over M. */
export function coarserFreq(a: Freq, b: Freq): Freq {
  return FREQ_COARSENESS[a] >= FREQ_COARSENESS[b] ? a : b;
}

/** The period of frequency `freq` that holds `period` (never finer than it): 2021-03 at Q → 2021-Q1, at A → 2021. */
export function periodAt(period: string, freq: Freq): string {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  if (freq === 'A' || p.month === undefined && p.quarter === undefined) return String(p.year);
  if (freq === 'Q' || p.quarter !== undefined) return `${p.year}-Q${p.quarter ?? quarterOfMonth(p.month!)}`;
  return period;
}

/** The period after `period` at its own frequency: 2019-12 → 2020-01, 2019-Q4 → 2020-Q1, 2019 → 2020. */
export function nextPeriod(period: string): string {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  if (p.month !== undefined) return addMonths(period, 1);
  if (p.quarter !== undefined) return p.quarter === 4 ? `${p.year + 1}-Q1` : `${p.year}-Q${p.quarter + 1}`;
  return String(p.year + 1);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar date YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}
