/**
 * The headline series of a country and measure, by a written rule:
 * 1. only the publisher's own totals qualify (no breakdown);
 * 2. a monthly series beats a quarterly one, which beats an annual one;
 * 3. a series the publisher publishes beats one we derived;
 * 4. then the series with more figures; then the alias, so the choice is deterministic.
 */
export interface HeadlineCandidate {
  alias: string;
  country: string;
  measure: string;
  breakdown: unknown | null;
  freq: string;
  derived: boolean;
  points: number;
}

const FREQ_RANK: Record<string, number> = { M: 0, Q: 1, A: 2 };

function compareCandidates(a: HeadlineCandidate, b: HeadlineCandidate): number {
  return (
    FREQ_RANK[a.freq] - FREQ_RANK[b.freq] ||
    Number(a.derived) - Number(b.derived) ||
    b.points - a.points ||
    a.alias.localeCompare(b.alias)
  );
}

/** Returns the aliases chosen as headline, one per (country, measure) that has a total. */
export function chooseHeadlines(series: HeadlineCandidate[]): Set<string> {
  const best = new Map<string, HeadlineCandidate>();
  for (const s of series) {
    if (s.breakdown !== null) continue;
    const key = `${s.country}|${s.measure}`;
    const current = best.get(key);
    if (!current || compareCandidates(s, current) < 0) best.set(key, s);
  }
  return new Set([...best.values()].map((s) => s.alias));
}
