/**
 * Data gaps of a monthly series, from its first figure to last month (the month before today's).
 * Each month in that range falls in exactly one category, checked in this order:
 *  - held: a value is present (whatever its status);
 *  - not_published: the source marks the value not available;
 *  - withheld: the source marks it confidential;
 *  - pending: after the newest held month and not yet due — at most `pendingMonths` (the usual
 *    publication delay) before today's month, i.e. the release calendar would not call it overdue;
 *  - missing: anything else.
 * Nothing before the first figure counts. completePct = held ÷ (months in range − pending) × 100,
 * rounded to 1 decimal.
 */
import type { ObsStatus } from './types';
import { round } from './numeric';
import { freqOf, monthFromIndex, monthIndex, monthOfDate } from './periods';
import { runLabel } from './series';

export interface GapObservation {
  period: string;
  value: number | null;
  status: ObsStatus;
}

export interface GapReport {
  first: string;
  latest: string;
  monthsHeld: number;
  monthsMissing: number;
  monthsNotPublished: number;
  monthsWithheld: number;
  monthsPending: number;
  completePct: number;
  /** Runs of months: '2020-04' or '2020-04..2020-06', ascending. */
  missing: string[];
  notPublished: string[];
  withheld: string[];
}

type MonthState = 'present' | 'missing' | 'not_published' | 'withheld' | 'pending';

/** Null when the series has no figure before today's month. */
export function gaps(observations: readonly GapObservation[], today: Date, pendingMonths: number): GapReport | null {
  const lastMonth = monthIndex(monthOfDate(today)) - 1;
  const byMonth = monthlyObservations(observations, lastMonth);
  const presentMonths = [...byMonth.entries()].filter(([, o]) => o.value !== null).map(([m]) => m);
  if (presentMonths.length === 0) return null;
  const first = Math.min(...presentMonths);
  const latest = Math.max(...presentMonths);
  const lastNotDue = lastMonth + 1 - pendingMonths; // months from here on are not yet due

  const states: MonthState[] = [];
  for (let m = first; m <= lastMonth; m++) {
    states.push(stateOf(byMonth.get(m), m > latest && m >= lastNotDue));
  }
  return report(states, first, latest);
}

/** Month index → observation, monthly periods up to last month only. */
function monthlyObservations(observations: readonly GapObservation[], lastMonth: number): Map<number, GapObservation> {
  const byMonth = new Map<number, GapObservation>();
  for (const obs of observations) {
    if (freqOf(obs.period) !== 'M') continue;
    const m = monthIndex(obs.period);
    if (m <= lastMonth) byMonth.set(m, obs);
  }
  return byMonth;
}

function stateOf(obs: GapObservation | undefined, notYetDue: boolean): MonthState {
  if (obs && obs.value !== null) return 'present';
  if (obs?.status === 'not_published') return 'not_published';
  if (obs?.status === 'withheld') return 'withheld';
  return notYetDue ? 'pending' : 'missing';
}

function report(states: readonly MonthState[], first: number, latest: number): GapReport {
  const count = (state: MonthState) => states.filter((s) => s === state).length;
  const present = count('present');
  const pending = count('pending');
  return {
    first: monthFromIndex(first),
    latest: monthFromIndex(latest),
    monthsHeld: present,
    monthsMissing: count('missing'),
    monthsNotPublished: count('not_published'),
    monthsWithheld: count('withheld'),
    monthsPending: pending,
    completePct: round((present / (states.length - pending)) * 100, 1),
    missing: runsOf(states, 'missing', first),
    notPublished: runsOf(states, 'not_published', first),
    withheld: runsOf(states, 'withheld', first),
  };
}

/** Consecutive months in `state`, as run labels. */
function runsOf(states: readonly MonthState[], state: MonthState, first: number): string[] {
  const runs: string[] = [];
  let runStart = -1;
  for (let i = 0; i <= states.length; i++) {
    const inState = i < states.length && states[i] === state;
    if (inState && runStart < 0) runStart = i;
    if (!inState && runStart >= 0) {
      runs.push(runLabel(monthFromIndex(first + runStart), monthFromIndex(first + i - 1)));
      runStart = -1;
    }
  }
  return runs;
}
