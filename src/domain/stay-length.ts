/** Average length of stay: nights ÷ arrivals per month, rounded to 2 decimals. */
import { compareCodes, round } from './numeric';
import { periodWithin } from './periods';
import { type PeriodValue, valuesByPeriod } from './series';

export interface StayLengthRow {
  period: string;
  nightsPerArrival: number;
}

/**
 * Months where both series have a value and arrivals are positive, ascending.
 * `fromMonth` ('YYYY-MM', already widened by the caller) drops earlier months.
 * Both series should come from the same table, so that nights and arrivals count the same guests.
 */
export function stayLength(
  nights: readonly PeriodValue[],
  arrivals: readonly PeriodValue[],
  fromMonth?: string,
): StayLengthRow[] {
  const nightsByMonth = valuesByPeriod(nights, 'M');
  const arrivalsByMonth = valuesByPeriod(arrivals, 'M');
  const rows: StayLengthRow[] = [];
  for (const [period, nightCount] of nightsByMonth) {
    const arrivalCount = arrivalsByMonth.get(period);
    if (arrivalCount === undefined || arrivalCount <= 0) continue;
    if (!periodWithin(period, fromMonth)) continue;
    rows.push({ period, nightsPerArrival: round(nightCount / arrivalCount, 2) });
  }
  return rows.sort((a, b) => compareCodes(a.period, b.period));
}
