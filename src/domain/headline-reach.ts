/**
 * Whether each country's headline for a measure reaches the newest year any of its series of that
 * measure holds, and where it does not, why: the figures that reach further are parts of a breakdown
 * that is not complete, parts whose sum disagrees with the published total, or a different concept.
 */
export interface ReachSeries {
  country: string;
  measure: string;
  breakdown: string | null;
  member: string | null;
  /** Last period with a value. */
  last: string;
  headline: boolean;
  alias: string;
}

/** A rule that computed nothing for a country (as the ingest records it). */
export interface ReachError {
  country: string;
  rule: string;
  target: string;
  reason: string;
  detail: string;
  /** The kind of rule; releases written before it was recorded lack it (then read from `rule`). */
  derivation?: string;
}

/**
 * Whether a rule that computed nothing did so because a breakdown's sum disagrees with the publisher's total. An annual figure
 * whose months disagree with the published year is another matter: its months are the same measure,
 * not parts of a breakdown, so it never explains why parts reach further than the headline.
 */
export function isSumDisagreement(r: ReachError): boolean {
  const derivation = r.derivation ?? (r.rule.startsWith('annual-') ? 'annual' : 'sum-of-parts');
  return derivation === 'sum-of-parts' && r.reason === 'disagrees';
}

export type ReachReason = 'no-complete-breakdown' | 'sums-disagree' | 'different-concept';

export interface ReachRow {
  country: string;
  measure: string;
  /** Newest year any series of the country and measure reaches. */
  newest: string;
  /** Year the headline reaches; null without a headline. */
  headline: string | null;
  headlineAlias: string | null;
  reaches: boolean;
  reason: ReachReason | null;
  /** The series that reach further, and the error that applied. */
  detail: string;
}

export const REACH_REASONS: Readonly<Record<ReachReason, string>> = {
  'no-complete-breakdown': 'no complete breakdown',
  'sums-disagree': 'sums disagree with the published total',
  'different-concept': 'a different concept',
};

/** Breakdowns whose members are parts of the measure (a complete set of them sums to its total). */
const PART_DIMENSIONS = new Set(['origin', 'purpose', 'transport', 'item', 'accommodation', 'outbound-item']);

/** One row per country and measure, in country then measure order. */
export function headlineReach(series: readonly ReachSeries[], reachErrors: readonly ReachError[], measures: readonly string[]): ReachRow[] {
  const groups = new Map<string, ReachSeries[]>();
  for (const s of series) {
    if (!measures.includes(s.measure) || !s.last) continue;
    const key = `${s.country}|${s.measure}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const rows: ReachRow[] = [];
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [country, measure] = key.split('|');
    const newest = list.map((s) => s.last.slice(0, 4)).sort().at(-1)!;
    const head = list.find((s) => s.headline) ?? null;
    const headYear = head ? head.last.slice(0, 4) : null;
    if (headYear === newest) {
      rows.push({ country, measure, newest, headline: headYear, headlineAlias: head!.alias, reaches: true, reason: null, detail: '' });
      continue;
    }
    const further = list.filter((s) => s.last.slice(0, 4) === newest);
    const parts = further.filter((s) => s.breakdown !== null && PART_DIMENSIONS.has(s.breakdown));
    const rejected = reachErrors.filter((r) => r.country === country && isSumDisagreement(r) && r.target.split('.')[1] === measure);
    let reason: ReachReason;
    let detail: string;
    if (parts.length > 0 && rejected.length > 0) {
      reason = 'sums-disagree';
      detail = rejected.map((r) => `${r.rule}: ${r.detail}`).join('; ');
    } else if (parts.length > 0) {
      reason = 'no-complete-breakdown';
      detail = `only parts reach ${newest}: ${parts.map((s) => s.alias).slice(0, 6).join(', ')}${parts.length > 6 ? ` and ${parts.length - 6} more` : ''}`;
    } else {
      reason = 'different-concept';
      detail = `reaching ${newest}: ${further.map((s) => s.alias).join(', ')}`;
    }
    rows.push({ country, measure, newest, headline: headYear, headlineAlias: head?.alias ?? null, reaches: false, reason, detail });
  }
  return rows;
}
