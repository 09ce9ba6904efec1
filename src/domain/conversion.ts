/**
 * Currency conversion of a series at each period's reference rate (ECB, units per 1 EUR):
 * a month at the monthly average of daily rates, a year at the annual average, a quarter at the
 * mean of its three monthly averages. Cross rates go through EUR.
 */
import { annualAverageRates, monthlyAverageRates, type DailyRate } from './fx-average';
import { mean, round } from './numeric';
import { parsePeriod, monthPeriod, firstMonthOf } from './periods';

export interface PeriodRates {
  monthly: Map<string, number>;
  annual: Map<string, number>;
}

export const CONVERSION_METHOD =
  'ECB euro reference rates: a month at the monthly average of daily rates, a year at the annual average, ' +
  'a quarter at the mean of its monthly averages; cross rates through EUR. rate = units of the target currency per unit of the published currency.';

export function periodRates(daily: readonly DailyRate[]): PeriodRates {
  return { monthly: monthlyAverageRates(daily), annual: annualAverageRates(daily) };
}

/** Units of the currency per 1 EUR for a period, or null when the ECB gives none. */
export function ratePerEur(rates: PeriodRates | 'EUR', period: string): number | null {
  if (rates === 'EUR') return 1;
  const p = parsePeriod(period);
  if (!p) return null;
  if (p.month) return rates.monthly.get(period) ?? null;
  if (p.quarter) {
    const first = firstMonthOf(p);
    const months = [0, 1, 2].map((i) => rates.monthly.get(monthPeriod(p.year, first + i)));
    return months.every((r): r is number => r !== undefined) ? mean(months) : null;
  }
  return rates.annual.get(String(p.year)) ?? null;
}

export interface ConvertedPoint {
  period: string;
  value: number;
  rate: number;
}

/** Converts each observation; periods without a rate on either side are returned in `skipped`. */
export function convertObservations(
  observations: readonly { period: string; value: number }[],
  from: PeriodRates | 'EUR',
  to: PeriodRates | 'EUR',
): { points: ConvertedPoint[]; skipped: string[] } {
  const points: ConvertedPoint[] = [];
  const skipped: string[] = [];
  for (const o of observations) {
    const fromPerEur = ratePerEur(from, o.period);
    const toPerEur = ratePerEur(to, o.period);
    if (fromPerEur === null || toPerEur === null) {
      skipped.push(o.period);
      continue;
    }
    // The value is computed with the rate as shown, so value = published × rate can be checked.
    const rate = round(toPerEur / fromPerEur, 6);
    points.push({ period: o.period, value: round(o.value * rate, 4), rate });
  }
  return { points, skipped };
}
