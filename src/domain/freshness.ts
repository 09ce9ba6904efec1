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
  monthsBehind: number;
}

/** Worst first: descending monthsBehind, then ISO code ascending. `today` is never read from the clock. */
export function freshness(rows: readonly FreshnessInput[], today: Date): FreshnessRow[] {
  return rows
    .map((r) => ({ iso: r.iso, name: r.name, latest: r.latest, monthsBehind: monthsBehind(r.latest, today) }))
    .sort((a, b) => b.monthsBehind - a.monthsBehind || compareCodes(a.iso, b.iso));
}
