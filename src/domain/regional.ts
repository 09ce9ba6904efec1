/** Helpers for regional breakdowns. */
import { lastMonthOf, monthPeriod, parsePeriod } from './periods';

/**
 * The newest period that has ended before today's month and holds a value:
 * a year counts as finished once December is past, a month once it is over.
 */
export function latestFinishedPeriod(observations: readonly { period: string; value: number | null }[], today: Date): string | undefined {
  const currentMonth = monthPeriod(today.getUTCFullYear(), today.getUTCMonth() + 1);
  let best: string | undefined;
  for (const o of observations) {
    if (o.value === null) continue;
    const p = parsePeriod(o.period);
    if (!p || monthPeriod(p.year, lastMonthOf(p)) >= currentMonth) continue;
    if (!best || o.period > best) best = o.period;
  }
  return best;
}
