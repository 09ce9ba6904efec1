/**
 * The series search index of a release (domain/series-search.ts), read once when the release is
 * opened: every series with its names in every language, its country's names in every language
 * present (the country list's, and the national-language NUTS level-0 names) and its ISO code.
 */
import { buildSearchIndex, type SearchDocument, type SearchIndex } from '../domain/series-search';
import type { Prisma } from './client';
import { Prisma as PrismaNamespace, type Series } from '../generated/prisma/client';

/** A series as the search holds it: its row, so a page of results needs no further read. */
export type SearchableSeries = Series & SearchDocument & { names: { name: string }[] };

export type SeriesSearchIndex = SearchIndex<SearchableSeries>;

/** The columns of Series every row of the index holds. */
export const SERIES_COLUMNS: ReadonlySet<string> = new Set(Object.values(PrismaNamespace.SeriesScalarFieldEnum));

/** The selection of the English name each row holds as `names` (what Series.name selects). */
export const ENGLISH_NAME_SELECTION = { where: { lang: 'en' }, select: { name: true } };

export async function readSearchIndex(prisma: Prisma): Promise<SeriesSearchIndex> {
  const [series, names, countries, countryNames, nationalNames] = await Promise.all([
    prisma.series.findMany({ orderBy: { alias: 'asc' } }),
    prisma.seriesName.findMany({ select: { seriesId: true, lang: true, name: true } }),
    prisma.country.findMany({ select: { iso: true, name: true } }),
    prisma.countryName.findMany({ select: { countryIso: true, name: true } }),
    prisma.regionUnit.findMany({ where: { level: 0 }, select: { countryIso: true, name: true, nameLatin: true } }),
  ]);
  const namesOfCountry = new Map<string, string[]>(countries.map((c) => [c.iso, [c.iso, c.name]]));
  for (const n of countryNames) namesOfCountry.get(n.countryIso)?.push(n.name);
  // "Belgique/België": each national language's name.
  for (const u of nationalNames) namesOfCountry.get(u.countryIso)?.push(...u.name.split('/'), ...(u.nameLatin ? [u.nameLatin] : []));
  const namesOfSeries = new Map<string, { lang: string; name: string }[]>();
  for (const n of names) {
    const list = namesOfSeries.get(n.seriesId);
    if (list) list.push(n);
    else namesOfSeries.set(n.seriesId, [n]);
  }
  return buildSearchIndex(
    series.map((s) => {
      const own = namesOfSeries.get(s.id) ?? [];
      return {
        ...s,
        country: s.countryIso,
        seriesNames: own.map((n) => n.name),
        // The shape of the English-name selection of Series.name (graphql/types/series.ts).
        names: own.filter((n) => n.lang === ENGLISH_NAME_SELECTION.where.lang).map((n) => ({ name: n.name })),
        countryNames: namesOfCountry.get(s.countryIso) ?? [s.countryIso],
      };
    }),
  );
}
