/** What a chart shows, independent of how it is drawn (uPlot on the page, SVG for download). */
export type Mark = 'estimated' | 'provisional' | 'break' | 'withheld';
export const MARKS: readonly Mark[] = ['estimated', 'provisional', 'break', 'withheld'];

export interface Line {
  label: string;
  values: (number | null)[];
  color: string;
  dash?: number[];
  /** Join the line across periods without a figure (lines of other frequencies on one axis). */
  spanGaps?: boolean;
}

export interface ChartSpec {
  /** Names the chart's elements and its downloads. */
  id: string;
  title: string;
  /** 'time': x is seconds since 1970 (the start of each period); 'months': x is 1..12. */
  kind: 'time' | 'months';
  x: number[];
  /** The period each x stands for, as the API writes it (or the month's name). */
  periods: string[];
  unit: string;
  lines: Line[];
  /** A level to read the lines against, e.g. 2019's average. */
  reference?: { label: string; value: number };
  /** An interval around the first line, e.g. a forecast's 80% band. */
  band?: { label: string; lower: (number | null)[]; upper: (number | null)[] };
  /** The publisher's marks on the first line's figures. */
  marks?: (Mark | null)[];
}

/** Okabe–Ito colours: told apart with any colour vision. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];

export const MARK_STYLE: Record<Mark, { color: string; label: string }> = {
  estimated: { color: '#D55E00', label: 'estimated (open circle)' },
  provisional: { color: '#E69F00', label: 'provisional (triangle)' },
  break: { color: '#555555', label: 'break in series (dashed vertical line)' },
  withheld: { color: '#CC79A7', label: 'withheld (cross on the axis)' },
};

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Seconds since 1970 at the start of a period: 2019 → 1 Jan 2019, 2019-Q3 → 1 Jul 2019, 2019-08 → 1 Aug 2019 (UTC). */
export function periodTime(period: string): number {
  const year = Number(period.slice(0, 4));
  const quarter = /-Q([1-4])$/.exec(period);
  const month = quarter ? (Number(quarter[1]) - 1) * 3 : period.length === 7 ? Number(period.slice(5, 7)) - 1 : 0;
  return Date.UTC(year, month, 1) / 1000;
}

/** The lowest and highest figure the chart must show (lines, band and reference), or null for none. */
export function valueRange(spec: ChartSpec): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  const take = (v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  };
  for (const line of spec.lines) line.values.forEach(take);
  spec.band?.lower.forEach(take);
  spec.band?.upper.forEach(take);
  if (spec.reference) take(spec.reference.value);
  return lo <= hi ? [lo, hi] : null;
}
