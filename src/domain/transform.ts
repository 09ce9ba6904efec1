/**
 * Transformations of a series' observations with FRED's formulas: aggregation to a coarser
 * frequency (sum, average, end of period), then units (changes, percent changes, natural log).
 * Pure; every result is a derived figure whose status and flags come from the figures it is made of.
 */
import { finiteOrNull, round } from './numeric';
import { addMonths, freqOf, monthIndex, parsePeriod, periodAt, yearBefore } from './periods';
import { decimalPlaces } from './scale';
import type { Freq } from './types';

export const UNITS = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'log'] as const;
export type Units = (typeof UNITS)[number];

export const AGGREGATIONS = ['sum', 'avg', 'eop'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Each unit's formula, in the words the docs and the schema use (n: periods per year, 12, 4 or 1). */
export const UNITS_FORMULAS: Record<Units, string> = {
  lin: 'levels as published: x(t)',
  chg: 'change: x(t) − x(t−1)',
  ch1: 'change from a year ago: x(t) − x(t−n)',
  pch: 'percent change: (x(t) / x(t−1) − 1) × 100',
  pc1: 'percent change from a year ago: (x(t) / x(t−n) − 1) × 100',
  pca: 'compounded annual rate of change: ((x(t) / x(t−1))^n − 1) × 100',
  log: 'natural log: ln(x(t))',
};

export const AGGREGATION_RULES: Record<Aggregation, string> = {
  sum: 'the sum of its sub-periods',
  avg: 'the mean of its sub-periods',
  eop: 'the figure of its last sub-period',
};

/** Decimal places of the percentages (pch, pc1, pca) and of the natural log. */
export const PERCENT_PLACES = 4;
export const LOG_PLACES = 6;
/** An average keeps this many places more than the figures it averages. */
export const AVERAGE_EXTRA_PLACES = 2;

/** One period of a series; status and flags null where no figure is known for it (a hole on a regular axis). */
export interface TransformPoint {
  period: string;
  value: number | null;
  status: string | null;
  flags: string | null;
}

export interface TransformOptions {
  units?: Units | null;
  /** The frequency to aggregate to; a series already at it or coarser is left at its own. */
  freq?: Freq | null;
  /** How sub-periods make a period; the series' default (defaultAggregation) when absent. */
  aggregation?: Aggregation | null;
}

/** What a series is, as far as its transformations go. */
export interface TransformedSeries {
  freq: Freq;
  measure: string;
  unit: string;
}

export const PERIODS_PER_YEAR: Record<Freq, number> = { M: 12, Q: 4, A: 1 };

/** Measures that are levels at a time or rates, which add up over periods to nothing: averaged, not summed. */
const AVERAGED_MEASURES: ReadonlySet<string> = new Set(['occupancy', 'capacity']);
const RATE_UNITS: ReadonlySet<string> = new Set(['percent']);

/** Sum for counts and money (arrivals, nights, departures, spend); average for rates and capacity. */
export function defaultAggregation(series: { measure: string; unit: string }): Aggregation {
  return AVERAGED_MEASURES.has(series.measure) || RATE_UNITS.has(series.unit) ? 'avg' : 'sum';
}

/** The frequency the answer is at: the one asked for when it is coarser than the series', else the series' own. */
export function outputFreq(seriesFreq: Freq, asked: Freq | null | undefined): Freq {
  return asked && PERIODS_PER_YEAR[asked] < PERIODS_PER_YEAR[seriesFreq] ? asked : seriesFreq;
}

/**
 * Statuses ranked: a figure made of several takes the highest rank among them, so a change computed
 * from a provisional figure is provisional, and a period with a withheld month is withheld.
 */
const STATUS_RANK: Record<string, number> = { published: 0, break: 1, estimated: 2, provisional: 3, not_published: 4, withheld: 5 };

function worstStatus(points: readonly TransformPoint[]): string | null {
  let worst: string | null = null;
  for (const p of points) {
    if (p.status === null) continue;
    if (worst === null || (STATUS_RANK[p.status] ?? 0) > (STATUS_RANK[worst] ?? 0)) worst = p.status;
  }
  return worst;
}

/** The publisher's flag letters of all the figures, each once in the order met; null when one's flags are unknown. */
function joinedFlags(points: readonly TransformPoint[]): string | null {
  if (points.some((p) => p.flags === null)) return null;
  return [...new Set(points.flatMap((p) => [...(p.flags ?? '')]))].join('');
}

/** A period with no figure known (an axis hole): neither a value nor a status. */
function isHole(p: TransformPoint): boolean {
  return p.value === null && p.status === null;
}

/** A figure made of `parts`: null (with the null part's status) when one of them has no value. */
function madeOf(period: string, parts: readonly TransformPoint[], compute: (values: number[]) => number | null): TransformPoint {
  const status = worstStatus(parts);
  const flags = joinedFlags(parts);
  const values = parts.map((p) => p.value);
  if (values.some((v) => v === null)) return { period, value: null, status: worstStatus(parts.filter((p) => p.value === null)) ?? status, flags };
  return { period, value: finiteOrNull(compute(values as number[])), status, flags };
}

const maxPlaces = (values: readonly number[]) => Math.max(0, ...values.map(decimalPlaces));

/**
 * The points (one frequency finer than `to`, oldest first) aggregated to `to`: a period is made only
 * when every one of its sub-periods has an entry (a withheld or unpublished one makes it null with
 * that status); periods with a sub-period missing are left out. Sums and end-of-period figures keep
 * the places of their inputs, averages two more.
 */
export function aggregate(points: readonly TransformPoint[], to: Freq, how: Aggregation): TransformPoint[] {
  const groups = new Map<string, TransformPoint[]>();
  let from: Freq | null = null;
  for (const p of points) {
    if (isHole(p)) continue;
    from ??= freqOf(p.period);
    const key = periodAt(p.period, to);
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  if (from === null) return [];
  const needed = PERIODS_PER_YEAR[from] / PERIODS_PER_YEAR[to];
  const out: TransformPoint[] = [];
  for (const [period, group] of groups) {
    if (new Set(group.map((p) => p.period)).size !== needed) continue;
    const parts = [...group].sort((a, b) => monthIndex(a.period) - monthIndex(b.period));
    out.push(
      madeOf(period, parts, (values) => {
        const places = maxPlaces(values);
        if (how === 'eop') return values[values.length - 1];
        const total = values.reduce((s, v) => s + v, 0);
        return how === 'sum' ? round(total, places) : round(total / values.length, places + AVERAGE_EXTRA_PLACES);
      }),
    );
  }
  return out.sort((a, b) => monthIndex(a.period) - monthIndex(b.period));
}

/** The period before `period` at its own frequency: 2020-01 → 2019-12, 2020-Q1 → 2019-Q4, 2020 → 2019. */
export function previousPeriod(period: string): string {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  if (p.month !== undefined) return addMonths(period, -1);
  if (p.quarter !== undefined) return p.quarter === 1 ? `${p.year - 1}-Q4` : `${p.year}-Q${p.quarter - 1}`;
  return String(p.year - 1);
}

/**
 * The points in `units` (FRED's formulas, UNITS_FORMULAS). A period whose earlier figure has no
 * entry is left out; one whose figure or earlier figure is null (withheld, not published) is null
 * with that status; a ratio with a zero denominator and the log of a figure not above zero are null.
 * Changes keep the places of their inputs, percentages PERCENT_PLACES, logs LOG_PLACES.
 */
export function applyUnits(points: readonly TransformPoint[], units: Units): TransformPoint[] {
  if (units === 'lin') return points.filter((p) => !isHole(p));
  const byPeriod = new Map(points.map((p) => [p.period, p]));
  const out: TransformPoint[] = [];
  for (const p of points) {
    if (isHole(p)) continue;
    if (units === 'log') {
      out.push(madeOf(p.period, [p], ([x]) => (x > 0 ? round(Math.log(x), LOG_PLACES) : null)));
      continue;
    }
    const lagged = byPeriod.get(units === 'ch1' || units === 'pc1' ? yearBefore(p.period) : previousPeriod(p.period));
    if (!lagged || isHole(lagged)) continue;
    const n = PERIODS_PER_YEAR[freqOf(p.period)];
    out.push(
      madeOf(p.period, [lagged, p], ([before, x]) => {
        switch (units) {
          case 'chg':
          case 'ch1':
            return round(x - before, maxPlaces([x, before]));
          case 'pch':
          case 'pc1':
            return before === 0 ? null : round((x / before - 1) * 100, PERCENT_PLACES);
          case 'pca':
            return before === 0 ? null : round(((x / before) ** n - 1) * 100, PERCENT_PLACES);
        }
      }),
    );
  }
  return out;
}

/**
 * A series' points (oldest first) transformed: aggregated to `freq` when it is coarser than the
 * series' (by `aggregation`, else the series' default), then put in `units`. Without options, the
 * points as they are.
 */
export function transformObservations(points: readonly TransformPoint[], series: TransformedSeries, options: TransformOptions): TransformPoint[] {
  const freq = outputFreq(series.freq, options.freq);
  let out: readonly TransformPoint[] = points;
  if (freq !== series.freq) out = aggregate(out, freq, options.aggregation ?? defaultAggregation(series));
  if (options.units && options.units !== 'lin') out = applyUnits(out, options.units);
  return out === points ? [...points] : (out as TransformPoint[]);
}

/** Whether the options change anything for this series. */
export function transforms(series: { freq: Freq }, options: TransformOptions): boolean {
  return outputFreq(series.freq, options.freq) !== series.freq || (options.units != null && options.units !== 'lin');
}

/** The unit of a transformed figure: the published unit's label for levels and changes, percent for rates of change. */
export function transformedUnit(unitLabel: string, units: Units | null | undefined): string {
  switch (units ?? 'lin') {
    case 'lin':
      return unitLabel;
    case 'chg':
      return `change in ${unitLabel}`;
    case 'ch1':
      return `change from a year ago in ${unitLabel}`;
    case 'pch':
      return 'percent change';
    case 'pc1':
      return 'percent change from a year ago';
    case 'pca':
      return 'compounded annual rate of change, percent';
    case 'log':
      return `natural log of ${unitLabel}`;
  }
}

const FREQ_WORDS: Record<Freq, { period: string; adjective: string }> = {
  M: { period: 'month', adjective: 'monthly' },
  Q: { period: 'quarter', adjective: 'quarterly' },
  A: { period: 'year', adjective: 'annual' },
};

/** Why a series is served at its own frequency although another was asked for (one not coarser); null when it is not. */
export function frequencyUnchangedNote(seriesFreq: Freq, asked: Freq | null | undefined): string | null {
  if (!asked || asked === seriesFreq || outputFreq(seriesFreq, asked) !== seriesFreq) return null;
  return `The series is ${FREQ_WORDS[seriesFreq].adjective}: it is not made ${FREQ_WORDS[asked].adjective} (observations are only aggregated to a coarser frequency).`;
}

/**
 * The rule a transformed answer was computed by, in words; null when nothing was asked. Without the
 * series' frequency (a list of series of several), the rule is said for any of them.
 */
export function transformRule(series: { measure: string; unit: string; freq?: Freq }, options: TransformOptions): string | null {
  const parts: string[] = [];
  const freq = series.freq ? outputFreq(series.freq, options.freq) : options.freq ?? null;
  const unchangedNote = series.freq ? frequencyUnchangedNote(series.freq, options.freq) : null;
  if (unchangedNote) parts.push(unchangedNote);
  if (freq && options.freq && (!series.freq || freq !== series.freq)) {
    const how = options.aggregation ?? defaultAggregation(series);
    parts.push(
      `Each ${FREQ_WORDS[freq].period} is ${AGGREGATION_RULES[how]} (${how}), made only when all its sub-periods are held` +
        `${series.freq ? '' : ' (a series already at that frequency or coarser is left at its own)'}; its status is the gravest of theirs.`,
    );
  }
  if (options.units && options.units !== 'lin') {
    const formula = UNITS_FORMULAS[options.units];
    const n = /x\(t−n\)|\^n/.test(formula) ? `, n = ${freq ? PERIODS_PER_YEAR[freq] : '12, 4 or 1 by frequency'}` : '';
    parts.push(`Units ${options.units}, ${formula}${n}; its status is the gravest of the figures it uses.`);
  }
  return parts.length ? parts.join(' ') : null;
}
