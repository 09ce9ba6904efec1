/** Each country's primary series (its freshest headline series; see primarySeries in domain/country-summary.ts). */
import { primarySeries } from '../domain/country-summary';

export interface PrimarySeries {
  id: string;
  countryIso: string;
  measure: string;
  freq: string;
  headline: boolean;
  last: string;
  country: { name: string; regionSlug: string | null };
}

type SeriesColumns = Pick<PrimarySeries, 'id' | 'countryIso' | 'measure' | 'freq' | 'headline' | 'last'>;

/** From the release's series rows (in alias order) and its countries. */
export function primarySeriesByCountry(
  series: readonly SeriesColumns[],
  countries: readonly { iso: string; name: string; regionSlug: string | null }[],
): Map<string, PrimarySeries> {
  const countryOf = new Map(countries.map((c) => [c.iso, { name: c.name, regionSlug: c.regionSlug }]));
  const byIso = new Map<string, PrimarySeries[]>();
  for (const s of series) {
    const country = countryOf.get(s.countryIso);
    if (!s.headline || !country) continue;
    const row = { id: s.id, countryIso: s.countryIso, measure: s.measure, freq: s.freq, headline: s.headline, last: s.last, country };
    const list = byIso.get(s.countryIso);
    if (list) list.push(row);
    else byIso.set(s.countryIso, [row]);
  }
  return new Map([...byIso].map(([iso, list]) => [iso, primarySeries(list)!]));
}
