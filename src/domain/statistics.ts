/** Which derived statistics a country's series support, and where each is served. */
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
  plan: string;
}

export function supportedStatistics(iso: string, series: SeriesTraits[]): StatisticRef[] {
  const monthlyTotal = (measure: string) =>
    series.find((s) => s.measure === measure && s.breakdown === null && s.freq === 'M');
  const headlineMonthly = series.some((s) => s.headline && s.freq === 'M');
  const originMonthly = series.some((s) => s.breakdown === 'origin' && s.freq === 'M');
  const originAny = series.some((s) => s.breakdown === 'origin');
  const nights = monthlyTotal('nights');
  const arrivals = monthlyTotal('arrivals');
  const out: StatisticRef[] = [];
  const add = (name: string, path: string, plan: string) => out.push({ name, path, plan });
  if (headlineMonthly) add('seasonality', `/v1/seasonality?id=${iso.toLowerCase()}.${(arrivals ?? nights ?? series.find((s) => s.headline && s.freq === 'M'))!.measure}.total.m`, 'developer');
  if (headlineMonthly) add('gaps', `/v1/gaps?country=${iso}`, 'free');
  if (originMonthly || headlineMonthly) add('rivals', `/v1/countries/${iso}/rivals`, 'developer');
  // Eurostat publishes nights and arrivals for the same establishments, so their ratio is a stay length.
  if (nights && arrivals && nights.tableCode.startsWith('tour_occ') && arrivals.tableCode.startsWith('tour_occ'))
    add('stay-length', `/v1/stats/stay-length?country=${iso}`, 'analyst');
  if (headlineMonthly) add('brief', `/v1/countries/${iso}/brief`, 'analyst');
  if (originAny) add('origin-shift', `/v1/stats/origin-shift?country=${iso}`, 'intel');
  return out;
}
