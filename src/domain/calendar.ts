/**
 * Release calendar: when a country's next period should arrive, from its past releases.
 *
 * A release's delay is counted in calendar months, from the last month its period covers to
 * the month of the release date: March figures that arrive on 10 May have a delay of 2.
 * Each period counts once, at the first release that brought it (later loads of the same
 * period are revisions, not arrivals).
 *
 * The release log starts with the first ingest, and that first entry says when we first
 * looked, not when the figures came out, so its delay may be too long. When the log holds two
 * or more periods, that first one is therefore left out; with only one, it is all there is, and
 * the usual delay is the months between that period's end and that release date.
 * usualDelayMonths is the median of the delays, rounded up to a whole month (so an even split
 * leans towards not calling a country overdue too early).
 *
 * expectedIn = the last month of nextPeriod + usualDelayMonths. overdue: today's month is
 * after expectedIn.
 */
import { addMonths, freqOf, lastMonthOf, monthIndex, monthOfDate, monthPeriod, parsePeriod } from './periods';
import { compareCodes, median } from './numeric';

export interface ReleaseEntry {
  /** 'YYYY-MM-DD' */
  date: string;
  /** The newest period present after this release. */
  latestPeriod: string;
}

export interface ReleaseCalendarRow {
  latest: string;
  nextPeriod: string;
  /** 'YYYY-MM' */
  expectedIn: string;
  usualDelayMonths: number;
  overdue: boolean;
}

/** Null when the log holds no release to learn the delay from. */
export function releaseCalendar(
  releases: readonly ReleaseEntry[],
  latestPeriod: string,
  today: Date,
): ReleaseCalendarRow | null {
  const delay = usualDelayMonths(releases);
  if (delay === null) return null;
  const next = nextPeriod(latestPeriod);
  const expectedIn = addMonths(lastMonthLabel(next), delay);
  return {
    latest: latestPeriod,
    nextPeriod: next,
    expectedIn: expectedIn,
    usualDelayMonths: delay,
    overdue: monthOfDate(today) > expectedIn,
  };
}

/** Median whole-month delay between a period's end and its first arrival; null without releases. */
export function usualDelayMonths(releases: readonly ReleaseEntry[]): number | null {
  const arrivals = firstArrivals(releases);
  if (arrivals.length === 0) return null;
  const counted = arrivals.length > 1 ? arrivals.slice(1) : arrivals;
  const delays = counted.map(({ period, date }) =>
    Math.max(0, monthIndex(date.slice(0, 7)) - monthIndex(lastMonthLabel(period))),
  );
  return Math.ceil(median(delays));
}

/** Each distinct period with the date it first appeared, in order of arrival. */
function firstArrivals(releases: readonly ReleaseEntry[]): { period: string; date: string }[] {
  const firstDate = new Map<string, string>();
  for (const { date, latestPeriod } of releases) {
    const seen = firstDate.get(latestPeriod);
    if (seen === undefined || date < seen) firstDate.set(latestPeriod, date);
  }
  return [...firstDate.entries()]
    .map(([period, date]) => ({ period, date }))
    .sort((a, b) => compareCodes(a.date, b.date) || compareCodes(a.period, b.period));
}

/** The period after `period`, in its own frequency: 2024-12 → 2025-01, 2024-Q4 → 2025-Q1, 2024 → 2025. */
export function nextPeriod(period: string): string {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  switch (freqOf(period)) {
    case 'M':
      return addMonths(period, 1);
    case 'Q':
      return p.quarter === 4 ? `${p.year + 1}-Q1` : `${p.year}-Q${p.quarter! + 1}`;
    default:
      return String(p.year + 1);
  }
}

function lastMonthLabel(period: string): string {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  return monthPeriod(p.year, lastMonthOf(p));
}
