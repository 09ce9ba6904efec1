/**
 * Period-average exchange rates from daily reference rates, and conversion through EUR.
 * Rates are quoted as units of a currency per 1 EUR (the ECB convention); EUR itself is 1.
 * Averages are rounded to 6 decimals (the reference rates carry at most 4–5 significant
 * decimals, so this loses nothing); converted values are not rounded here.
 */
import { mean, round } from './numeric';

export interface DailyRate {
  /** 'YYYY-MM-DD' */
  date: string;
  rate: number | null;
}

/** 'YYYY-MM' → arithmetic mean of the month's daily rates (days without a rate are skipped). */
export function monthlyAverageRates(daily: readonly DailyRate[]): Map<string, number> {
  return averageBy(daily, (date) => date.slice(0, 7));
}

/** 'YYYY' → arithmetic mean of the year's daily rates. */
export function annualAverageRates(daily: readonly DailyRate[]): Map<string, number> {
  return averageBy(daily, (date) => date.slice(0, 4));
}

function averageBy(daily: readonly DailyRate[], periodOf: (date: string) => string): Map<string, number> {
  const ratesByPeriod = new Map<string, number[]>();
  for (const { date, rate } of daily) {
    if (rate === null || !Number.isFinite(rate) || rate <= 0) continue;
    const period = periodOf(date);
    const rates = ratesByPeriod.get(period) ?? [];
    rates.push(rate);
    ratesByPeriod.set(period, rates);
  }
  const averages = new Map<string, number>();
  for (const period of [...ratesByPeriod.keys()].sort()) {
    averages.set(period, round(mean(ratesByPeriod.get(period)!), 6));
  }
  return averages;
}

/**
 * Converts `value` from one currency to another at the cross rate through EUR:
 * value ÷ (from per EUR) × (to per EUR). Same currency needs no rate. Null when a rate is unknown.
 */
export function convert(
  value: number,
  fromCurrency: string,
  toCurrency: string,
  ratesPerEur: Readonly<Record<string, number | undefined>>,
): number | null {
  if (fromCurrency === toCurrency) return value;
  const fromRate = ratePerEur(fromCurrency, ratesPerEur);
  const toRate = ratePerEur(toCurrency, ratesPerEur);
  if (fromRate === null || toRate === null) return null;
  return (value / fromRate) * toRate;
}

function ratePerEur(currency: string, ratesPerEur: Readonly<Record<string, number | undefined>>): number | null {
  if (currency === 'EUR') return 1;
  const rate = ratesPerEur[currency];
  return rate !== undefined && rate > 0 ? rate : null;
}
