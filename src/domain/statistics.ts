/** Which derived statistics a country's series support, and where each is served. */
import type { Plan } from './types';

export interface SeriesTraits {
  measure: string;
  freq: string;
  breakdown: string | null;
  headline: boolean;
  tableCode: string;
}

export interface StatisticRef {
  name: string;
  path: string;
  plan: Plan;
}

/** What needs more than the series list to know: whether rivals and an origin shift can be computed. */
export interface Computed {
  rivals: boolean;
  originShift: boolean;
  /** Whether the country is monthly (MONTHLY_RULE, src/domain/monthly.ts): /v1/gaps reports its months. */
  monthly: boolean;
  /** Whether the country's primary headline series (the one its brief describes) is monthly. */
  primaryMonthly: boolean;
}

export function supportedStatistics(iso: string, series: SeriesTraits[], computed: Computed): StatisticRef[] {
  const monthlyTotal = (measure: string) =>
    series.find((s) => s.measure === measure && s.breakdown === null && s.freq === 'M');
  const nights = monthlyTotal('nights');
  const arrivals = monthlyTotal('arrivals');
  const out: StatisticRef[] = [];
  const add = (name: string, path: string, plan: Plan) => out.push({ name, path, plan });
  const seasonal = arrivals ?? nights;
  if (seasonal) add('seasonality', `/v1/seasonality?id=${iso.toLowerCase()}.${seasonal.measure}.total.m`, 'developer');
  if (computed.monthly) add('gaps', `/v1/gaps?country=${iso}`, 'free');
  if (computed.rivals) add('rivals', `/v1/countries/${iso}/rivals`, 'developer');
  // Eurostat publishes nights and arrivals for the same establishments, so their ratio is a stay length.
  if (nights && arrivals && nights.tableCode.startsWith('tour_occ') && arrivals.tableCode.startsWith('tour_occ'))
    add('stay-length', `/v1/stats/stay-length?country=${iso}`, 'analyst');
  if (computed.primaryMonthly) add('brief', `/v1/countries/${iso}/brief`, 'analyst');
  if (computed.originShift) add('origin-shift', `/v1/stats/origin-shift?country=${iso}`, 'intel');
  return out;
}
