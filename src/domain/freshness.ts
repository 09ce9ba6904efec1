/** Freshness: how far each country's newest period lags behind today. */
import { compareCodes } from './numeric';
import { monthsBehind } from './periods';

export interface FreshnessInput {
  iso: string;
  name: string;
  /** Newest finished period present: 'YYYY', 'YYYY-Qn' or 'YYYY-MM'. */
  latest: string;
}

export interface FreshnessRow extends FreshnessInput {
  months_behind: number;
}

/** Worst first: descending months_behind, then ISO code ascending. `today` is never read from the clock. */
export function freshness(rows: readonly FreshnessInput[], today: Date): FreshnessRow[] {
  return rows
    .map((r) => ({ iso: r.iso, name: r.name, latest: r.latest, months_behind: monthsBehind(r.latest, today) }))
    .sort((a, b) => b.months_behind - a.months_behind || compareCodes(a.iso, b.iso));
}
