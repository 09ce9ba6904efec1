/**
 * The sources whose files bring no figure to a release, so /v1/status gives them no period reached;
 * every other source says the period it reaches. Each with why.
 */
export const SOURCES_WITHOUT_FIGURES: Readonly<Record<string, string>> = {
  'eurostat/geo': 'a code list: the labels of Eurostat geo codes',
  'nuts/2021': 'a classification: the names of the NUTS regions',
  'country-codes': 'a code list: ISO, M49 and Wikidata codes of each country',
  'unwto/domestic_trips': 'fetched, not read: no measure of the service holds domestic trips',
  // The service holds monthly prices: it reads the monthly averages (brent-monthly, wti-monthly) only.
  'eia/brent-daily': 'fetched, not read: daily prices',
  'eia/brent-weekly': 'fetched, not read: weekly prices',
  'eia/brent-year': 'fetched, not read: yearly averages',
  'eia/wti-daily': 'fetched, not read: daily prices',
  'eia/wti-weekly': 'fetched, not read: weekly prices',
  'eia/wti-year': 'fetched, not read: yearly averages',
  'worldbank/derived-tourism-economy': 'fetched, not read: a third-party compilation of WDI indicators the service reads from the Bank',
};

/** The /v1/status sources that give no period reached, by id. */
export function withoutPeriod(sources: readonly { id: string; period_reached: string | null }[]): string[] {
  return sources.filter((s) => s.period_reached === null).map((s) => s.id).sort();
}
