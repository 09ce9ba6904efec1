/**
 * The headline series of a country and measure: the one served when a caller asks for "the
 * country's arrivals" (or nights, spend …) without naming a series or frequency.
 */
import { coarserFreq, periodAt } from './periods';
import type { Freq } from './types';

/**
 * Breakdowns that stand for the whole measure, beside the publisher's own total: UN Tourism's
 * overnight visitors (tourists, the TF/TCE count many countries publish instead of all visitors)
 * and the balance-of-payments travel item of inbound expenditure (the receipts most countries
 * report), the nights of residents and non-residents in hotels and similar establishments (which
 * UN Tourism publishes for many countries without the nights in all accommodation), and the guests and
 * nights of non-residents in accommodation (inbound guests: the third concept of arrivals after visitors
 * at borders and overnight visitors). Parts such as origins, regions, purposes, same-day visitors or passenger transport never
 * stand for the whole.
 */
export const REPRESENTATIVE_BREAKDOWNS: Readonly<Record<string, readonly string[]>> = {
  arrivals: ['type=overnight', 'residence=foreign', 'residence=foreign-in-hotels'],
  departures: ['type=overnight'],
  nights: ['accommodation=hotels', 'residence=foreign', 'residence=foreign-in-hotels'],
  spend: ['item=travel'],
};

/** The rule in words, as served in `meta.headline_rule` and written in docs/methodology.md. */
export const HEADLINE_RULE =
  "The headline series of a country and measure is the representative series (the publisher's total, or UN Tourism's " +
  'overnight visitors for arrivals and departures, the nights of all guests in hotels for nights, the guests or nights of ' +
  'non-residents in accommodation for arrivals and nights, or the travel item for spend) that reaches the most recent period, ' +
  'compared at the coarser of the two frequencies (a monthly series ending 2021-03 reaches 2021 like an annual one); ' +
  "on a tie the finer frequency wins, then the publisher's own total, then a published series over a derived one, " +
  'then the series with more figures.';

export interface HeadlineCandidate {
  alias: string;
  country: string;
  measure: string;
  /** Breakdown dimension, null for the publisher's total. */
  breakdown: string | null;
  member: string | null;
  freq: Freq;
  derived: boolean;
  /** Figures present (periods with a value). */
  points: number;
  /** The last period with a value. */
  last: string;
}

const FREQ_RANK: Record<Freq, number> = { M: 0, Q: 1, A: 2 };

export function isRepresentative(s: Pick<HeadlineCandidate, 'measure' | 'breakdown' | 'member'>): boolean {
  if (s.breakdown === null) return true;
  return (REPRESENTATIVE_BREAKDOWNS[s.measure] ?? []).includes(`${s.breakdown}=${s.member}`);
}

/** 0 for the publisher's total, then the representative breakdowns in their listed order (borders before accommodation). */
function conceptRank(s: Pick<HeadlineCandidate, 'measure' | 'breakdown' | 'member'>): number {
  if (s.breakdown === null) return 0;
  const at = (REPRESENTATIVE_BREAKDOWNS[s.measure] ?? []).indexOf(`${s.breakdown}=${s.member}`);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at + 1;
}

/** Negative when `a` makes the better headline (HEADLINE_RULE, then the alias so the choice is deterministic). */
export function compareHeadlines(a: HeadlineCandidate, b: HeadlineCandidate): number {
  const freq = coarserFreq(a.freq, b.freq);
  const reachA = periodAt(a.last, freq);
  const reachB = periodAt(b.last, freq);
  return (
    (reachA === reachB ? 0 : reachA > reachB ? -1 : 1) ||
    FREQ_RANK[a.freq] - FREQ_RANK[b.freq] ||
    conceptRank(a) - conceptRank(b) ||
    Number(a.derived) - Number(b.derived) ||
    b.points - a.points ||
    a.alias.localeCompare(b.alias)
  );
}

/** The aliases chosen as headline, one per (country, measure) that has a representative series with figures. */
export function chooseHeadlines(series: HeadlineCandidate[]): Set<string> {
  const byKey = new Map<string, HeadlineCandidate[]>();
  for (const s of series) {
    if (!isRepresentative(s) || s.points === 0) continue;
    const key = `${s.country}|${s.measure}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const chosen = new Set<string>();
  for (const candidates of byKey.values()) {
    // Sorted first so that the pairwise rule gives one answer whatever the input order.
    const ordered = [...candidates].sort((a, b) => a.alias.localeCompare(b.alias));
    chosen.add(ordered.reduce((best, s) => (compareHeadlines(s, best) < 0 ? s : best)).alias);
  }
  return chosen;
}
