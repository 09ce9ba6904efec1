/**
 * Figures computed from the publisher's own where the publisher gives no figure for a period: a total
 * from a complete breakdown, an annual figure from twelve months. Each rule is a pure function that
 * either gives every figure it may compute, or none with the reason; the ingest applies them once and
 * stores the result in the release, each point marked with the id of its rule.
 */

/** Ids stored in `Observation.derivation` (null there means the publisher's own figure). */
export type DerivationRule = 'sum-of-parts' | 'annual-sum' | 'annual-mean';

/** The rules in words: the sentence stored in `Series.derivationRule`. */
export const DERIVATION_RULES: Readonly<Record<DerivationRule, string>> = {
  'sum-of-parts':
    "Sum of a complete breakdown where the publisher gives the parts but not the total: every part of the publisher's " +
    'classification present in the period, no subtotal added to its own members, and the sum within 0.5% of the ' +
    'published total in every period where the publisher gives both.',
  'annual-sum':
    'Sum of the twelve months of a year for which no annual figure is published, only when all twelve are present, and ' +
    'within 0.5% of the published annual figure in every year where both exist.',
  'annual-mean':
    'Mean of the twelve months of a year for which no annual figure is published (a rate), only when all twelve are ' +
    'present, and within 0.5% of the published annual figure in every year where both exist.',
};

/** The largest relative gap between a computed and a published figure that still counts as agreement. */
export const AGREEMENT_TOLERANCE = 0.005;

export interface Figure {
  period: string;
  value: number | null;
  /** The publisher's status; 'withheld' totals are never computed from their parts. */
  status?: string;
}

export interface Part {
  /** The part's member code in the publisher's classification. */
  member: string;
  figures: readonly Figure[];
}

export interface Disagreement {
  period: string;
  computed: number;
  published: number;
  /** |computed − published| / |published|. */
  gap: number;
}

export type DerivationResult =
  | { ok: true; figures: Array<{ period: string; value: number }>; checked: number }
  | { ok: false; reason: 'no-parts' | 'subtotal-among-parts' | 'disagrees'; detail: string; disagreement?: Disagreement };

/** Relative gap of a computed figure from the published one; a published zero agrees only with zero. */
export function relativeGap(computed: number, published: number): number {
  if (published === 0) return computed === 0 ? 0 : Infinity;
  return Math.abs(computed - published) / Math.abs(published);
}

/** Rounded to the finest decimals any input has, so that a sum of 0.1-steps does not print 0.30000000000000004. */
function roundLike(value: number, inputs: readonly number[]): number {
  const decimals = Math.min(
    10,
    Math.max(0, ...inputs.map((v) => {
      const text = String(v);
      const dot = text.indexOf('.');
      return text.includes('e') ? 10 : dot < 0 ? 0 : text.length - dot - 1;
    })),
  );
  return Number(value.toFixed(decimals));
}

/**
 * The periods in which every part of the classification is present, with the parts' sum. A part
 * belongs to the classification from the first period it has a figure (a publisher adds columns over
 * time); from then on, a period lacking its figure is incomplete.
 */
export function completeSums(parts: readonly Part[]): Map<string, number> {
  const byPart = parts.map((p) => new Map(p.figures.filter((f) => f.value !== null).map((f) => [f.period, f.value as number])));
  const firstOf = byPart.map((m) => [...m.keys()].sort()[0]);
  const periods = [...new Set(byPart.flatMap((m) => [...m.keys()]))].sort();
  const sums = new Map<string, number>();
  for (const period of periods) {
    const values: number[] = [];
    let complete = true;
    byPart.forEach((m, i) => {
      if (firstOf[i] === undefined || firstOf[i] > period) return;
      const v = m.get(period);
      if (v === undefined) complete = false;
      else values.push(v);
    });
    if (complete && values.length > 0) sums.set(period, roundLike(values.reduce((a, b) => a + b, 0), values));
  }
  return sums;
}

/**
 * The total of a breakdown for the periods the publisher gives its parts but not its total.
 * `subtotals` maps a member that is itself the sum of other members to those members: a breakdown
 * holding both a subtotal and any of its members is rejected (it would count them twice).
 */
export function sumOfParts(
  total: readonly Figure[],
  parts: readonly Part[],
  subtotals: Readonly<Record<string, readonly string[]>> = {},
): DerivationResult {
  if (parts.length === 0) return { ok: false, reason: 'no-parts', detail: 'no parts' };
  const members = new Set(parts.map((p) => p.member));
  for (const [subtotal, of] of Object.entries(subtotals)) {
    const inside = of.filter((m) => members.has(m));
    if (members.has(subtotal) && inside.length > 0) {
      return { ok: false, reason: 'subtotal-among-parts', detail: `${subtotal} is the sum of ${inside.join(', ')}, which are parts too` };
    }
  }
  return fillFromComputed(total, completeSums(parts));
}

/** Every period where both exist is checked; the computed figure fills only the periods without a published one. */
function fillFromComputed(published: readonly Figure[], computed: Map<string, number>): DerivationResult {
  const byPeriod = new Map(published.map((f) => [f.period, f]));
  let checked = 0;
  for (const [period, value] of computed) {
    const p = byPeriod.get(period);
    if (!p || p.value === null) continue;
    checked++;
    const gap = relativeGap(value, p.value);
    if (gap > AGREEMENT_TOLERANCE) {
      return {
        ok: false,
        reason: 'disagrees',
        detail: `${period}: computed ${value} against published ${p.value} (${(gap * 100).toFixed(2)}% apart)`,
        disagreement: { period, computed: value, published: p.value, gap },
      };
    }
  }
  const figures = [...computed]
    .filter(([period]) => {
      const p = byPeriod.get(period);
      return !p || (p.value === null && p.status !== 'withheld');
    })
    .map(([period, value]) => ({ period, value }));
  return { ok: true, figures, checked };
}

/** Sum (counts, money) or mean (rates) of a year's twelve months; years lacking a month give nothing. */
export function annualFromMonths(months: readonly Figure[], how: 'sum' | 'mean'): Map<string, number> {
  const byYear = new Map<string, number[]>();
  for (const f of months) {
    if (f.value === null || !/^\d{4}-\d{2}$/.test(f.period)) continue;
    const year = f.period.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), f.value]);
  }
  const out = new Map<string, number>();
  for (const [year, values] of [...byYear].sort(([a], [b]) => a.localeCompare(b))) {
    if (values.length !== 12) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    out.set(year, roundLike(how === 'sum' ? sum : sum / 12, how === 'sum' ? values : [...values, 0.01]));
  }
  return out;
}

/**
 * The annual figures of the years no annual figure is published for, from complete months, checked
 * against every published annual figure that has its twelve months.
 */
export function annualFigures(annual: readonly Figure[], months: readonly Figure[], how: 'sum' | 'mean'): DerivationResult {
  return fillFromComputed(annual, annualFromMonths(months, how));
}

/** Whether the unit is a rate, whose annual figure is the mean of the months rather than their sum. */
export function isRateUnit(unit: string): boolean {
  return /percent|rate|%|per /i.test(unit);
}
