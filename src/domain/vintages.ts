/**
 * Vintages of one series, ALFRED-style: the values as they stood on a past date, rebuilt from the
 * current observations (each dated by when its figure first arrived) and the revision log (each
 * change with the release that made it); and the dates on which the series changed. A date counts
 * whole: a release loaded on 2026-03-15 is part of the vintage of 2026-03-15.
 */
import { nextPeriod } from './periods';
import { versionDate } from './releases';

export interface DatedObservation {
  period: string;
  value: number | null;
  status: string;
  flags: string;
  /** When the figure first arrived (ISO timestamp). */
  published: string;
}

export interface LoggedRevision {
  period: string;
  oldValue: number | null;
  oldStatus: string;
  /** The release that made the change (a version such as 20260315T060000Z). */
  newRelease: string;
}

/** One period of a regular time axis; status and flags are null where no figure is known for it. */
export interface AxisPoint {
  period: string;
  value: number | null;
  status: string | null;
  flags: string | null;
}

/** One date on which the series changed: figures that arrived, figures that were revised. */
export interface Vintage {
  date: string;
  newPoints: number;
  revisedPoints: number;
}

/** The day (YYYY-MM-DD) of an ISO timestamp or a release version; null when it is neither. */
function dayOf(stamp: string): string | null {
  const iso = /^\d{4}-\d{2}-\d{2}/.test(stamp) ? stamp : versionDate(stamp);
  return iso ? iso.slice(0, 10) : null;
}

/**
 * The observations as they stood at the end of `asOf` (YYYY-MM-DD): periods whose figure arrived later
 * are left out, and a period revised later has the value and status it had before that revision.
 * The revision log keeps no flags, so a period revised since has flags null.
 */
export function observationsAsOf(
  observations: readonly DatedObservation[],
  revisions: readonly LoggedRevision[],
  asOf: string,
): AxisPoint[] {
  // For each period, the earliest revision made after the date: what it replaced is what stood then.
  const undo = new Map<string, { day: string; oldValue: number | null; oldStatus: string }>();
  for (const r of revisions) {
    const day = dayOf(r.newRelease);
    if (day === null || day <= asOf) continue;
    const known = undo.get(r.period);
    if (!known || day < known.day) undo.set(r.period, { day, oldValue: r.oldValue, oldStatus: r.oldStatus });
  }
  const out: AxisPoint[] = [];
  for (const o of observations) {
    const arrived = dayOf(o.published);
    if (arrived !== null && arrived > asOf) continue;
    const before = undo.get(o.period);
    out.push(
      before
        ? { period: o.period, value: before.oldValue, status: before.oldStatus, flags: null }
        : { period: o.period, value: o.value, status: o.status, flags: o.flags },
    );
  }
  return out;
}

/**
 * Every period from the first to the last of `points` (one frequency, oldest first), the ones
 * missing added with value, status and flags null, so the time axis has no holes.
 */
export function regularAxis(points: readonly AxisPoint[]): AxisPoint[] {
  if (points.length === 0) return [];
  const out: AxisPoint[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    // Bounded by the points' own span: a period out of order or of another frequency ends the filling.
    for (let p = nextPeriod(out[out.length - 1].period); p < points[i].period && p.length === points[i].period.length; p = nextPeriod(p)) {
      out.push({ period: p, value: null, status: null, flags: null });
    }
    out.push(points[i]);
  }
  return out;
}

/** The dates on which the series changed, oldest first: when figures first arrived and when they were revised. */
export function vintages(observations: readonly DatedObservation[], revisions: readonly LoggedRevision[]): Vintage[] {
  const byDay = new Map<string, Vintage>();
  const at = (day: string) => {
    let v = byDay.get(day);
    if (!v) byDay.set(day, (v = { date: day, newPoints: 0, revisedPoints: 0 }));
    return v;
  };
  for (const o of observations) {
    const day = dayOf(o.published);
    if (day) at(day).newPoints++;
  }
  for (const r of revisions) {
    const day = dayOf(r.newRelease);
    if (day) at(day).revisedPoints++;
  }
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
