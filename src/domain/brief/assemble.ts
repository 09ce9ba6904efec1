/**
 * Gathers the figures of a country brief from plain inputs: the country's main monthly series,
 * its region's values for the same month, the trust inputs, context prices and rates, and rivals.
 * Pure: every input is passed in, "today" included.
 */
import { forecast } from '../forecast';
import { finiteOrNull, round, roundOrNull } from '../numeric';
import { addMonths, monthFromIndex } from '../periods';
import { denseMonthly, type PeriodValue } from '../series';
import { vs3yrAvgPct, vsBaselinePct, ytdYoyPct, yoyPct } from '../yoy';
import type { BriefContext, BriefFigures, MonthFigures, OutlookMonth, Rival, Trust } from './types';

export interface BriefInputs {
  country: string;
  name: string;
  region: string | null;
  measure: { name: string; unit: string };
  /** The main monthly series, oldest first (nulls where the publisher gives no figure). */
  observations: PeriodValue[];
  /** The latest month's value of every country of the region with the same measure (self included). */
  regionValues: { country: string; value: number }[];
  trust: Trust | null;
  context: BriefContext;
  rivals: Rival[];
  rivalFor: string[];
  names: Record<string, string>;
}

function valueAt(byPeriod: Map<string, number | null>, month: string): number | null {
  return byPeriod.get(month) ?? null;
}

function monthFigures(byPeriod: Map<string, number | null>, observations: PeriodValue[], month: string): MonthFigures {
  const value = valueAt(byPeriod, month);
  return {
    month,
    value,
    yoyPct: yoyPct(value, valueAt(byPeriod, addMonths(month, -12))),
    vs2019Pct: vsBaselinePct(value, valueAt(byPeriod, `2019-${month.slice(5)}`)),
    vs3yrAvgPct: vs3yrAvgPct(observations, month),
  };
}

function outlook(observations: PeriodValue[], month: string, byPeriod: Map<string, number | null>): { months: OutlookMonth[]; method: string | null } {
  const { y, first } = denseMonthly(observations, month);
  if (y.filter((v) => v !== null).length < 36) return { months: [], method: null };
  const f = forecast(y, 3, { firstMonth: first });
  // A forecast that ran off to a non-finite figure is no outlook at all (as for a short history).
  if (f.points.some((p) => [p.value, p.low, p.high].some((v) => finiteOrNull(v) === null))) return { months: [], method: null };
  const months = f.points.map((p, i) => {
    const m = monthFromIndex(first + f.lastIndex + 1 + i);
    const value = Math.round(p.value);
    return { month: m, value, low: Math.round(p.low), high: Math.round(p.high), yoyPct: yoyPct(value, valueAt(byPeriod, addMonths(m, -12))) };
  });
  return { months, method: f.method };
}

/** Null when the series holds no figure. */
export function assembleBriefFigures(inputs: BriefInputs): BriefFigures | null {
  const present = inputs.observations.filter((o) => o.value !== null);
  const latest = present[present.length - 1];
  if (!latest) return null;
  const month = latest.period;
  const byPeriod = new Map(inputs.observations.map((o) => [o.period, o.value]));
  const ranked = [...inputs.regionValues].sort((a, b) => b.value - a.value || a.country.localeCompare(b.country));
  const rank = ranked.findIndex((r) => r.country === inputs.country) + 1;
  const head = monthFigures(byPeriod, inputs.observations, month);
  const ahead = outlook(inputs.observations, month, byPeriod);
  return {
    country: inputs.country,
    name: inputs.name,
    month,
    measure: inputs.measure,
    region: inputs.region,
    figures: {
      value: latest.value!,
      yoyPct: head.yoyPct,
      vs2019Pct: head.vs2019Pct,
      ytdYoyPct: ytdYoyPct(inputs.observations, month),
      regionRank: rank > 0 ? { rank, of: ranked.length } : null,
      trust: inputs.trust,
    },
    lastSix: [5, 4, 3, 2, 1, 0].map((back) => monthFigures(byPeriod, inputs.observations, addMonths(month, -back))),
    outlook: ahead.months,
    outlookMethod: ahead.method,
    context: inputs.context,
    rivals: inputs.rivals,
    rivalFor: inputs.rivalFor,
    names: inputs.names,
  };
}

/** Year-on-year change of a monthly price or rate list at a month, or the newest month before it. */
export function contextPoint(points: readonly { period: string; value: number }[], month: string): { month: string; value: number; yoyPct: number | null } | null {
  const upTo = points.filter((p) => p.period <= month);
  const last = upTo[upTo.length - 1];
  if (!last) return null;
  const before = points.find((p) => p.period === addMonths(last.period, -12));
  return { month: last.period, value: last.value, yoyPct: roundOrNull(before ? yoyPct(last.value, before.value) : null, 1) };
}

export { round };
