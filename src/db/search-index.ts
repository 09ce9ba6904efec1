/**
 * The series search index of a release (domain/series-search.ts), read once when the release is
 * opened: every series with its names in every language, its country's names in every language
 * present (the country list's, and the national-language NUTS level-0 names) and its ISO code.
 * The ingest stores the index's word lists and order (SearchPosting, Meta `search_order`); a
 * release built before them has its index built when opened.
 */
import { buildSearchIndex, type SearchDocument, type SearchIndex, type WordList } from '../domain/series-search';
import { whenTableAbsent, type Prisma } from './client';
import { Prisma as PrismaNamespace, type Series } from '../generated/prisma/client';

/** A series as the search holds it: its row, so a page of results needs no further read. */
export type SearchableSeries = Series & SearchDocument & { names: { name: string }[] };

export type SeriesSearchIndex = SearchIndex<SearchableSeries>;

/** The columns of Series every row of the index holds. */
export const SERIES_COLUMNS: ReadonlySet<string> = new Set(Object.values(PrismaNamespace.SeriesScalarFieldEnum));

/** The selection of the English name each row holds as `names` (what Series.name selects). */
export const ENGLISH_NAME_SELECTION = { where: { lang: 'en' }, select: { name: true } };

/** The Meta key of the index's order: document indexes, comma-separated. */
export const SEARCH_ORDER_META_KEY = 'search_order';

/** The index's word lists by name, as SearchPosting's `list` holds them. */
export const SEARCH_LISTS = ['all', 'country', 'measure'] as const;

export async function readSearchIndex(prisma: Prisma): Promise<SeriesSearchIndex> {
  const [documents, stored] = await Promise.all([readSearchDocuments(prisma), readStoredLists(prisma)]);
  return stored ? { documents, ...stored } : buildSearchIndex(documents);
}

/** The word lists and order the ingest stored; null for a release built before them. */
async function readStoredLists(prisma: Prisma): Promise<Omit<SeriesSearchIndex, 'documents'> | null> {
  const [order, rows] = await Promise.all([
    prisma.meta.findUnique({ where: { key: SEARCH_ORDER_META_KEY } }),
    // A release file built before the table has its index built instead.
    prisma.searchPosting.findMany().catch(whenTableAbsent([])),
  ]);
  if (!order || rows.length === 0) return null;
  // Words in the order the index's lookups assume, JavaScript's (SQLite's would differ past the BMP).
  rows.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const lists = Object.fromEntries(SEARCH_LISTS.map((l) => [l, { words: [] as string[], postings: [] as number[][] }])) as Record<(typeof SEARCH_LISTS)[number], WordList>;
  for (const r of rows) {
    const list = lists[r.list as (typeof SEARCH_LISTS)[number]];
    list.words.push(r.word);
    list.postings.push(r.documents.split(',').map(Number));
  }
  return { ...lists, order: Uint32Array.from(order.value.split(',').map(Number)) };
}

/** Every series as a search document, in alias order (the order the stored lists' indexes refer to). */
export async function readSearchDocuments(prisma: Prisma): Promise<SearchableSeries[]> {
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
  return series.map((s) => {
    const own = namesOfSeries.get(s.id) ?? [];
    return {
      ...s,
      country: s.countryIso,
      seriesNames: own.map((n) => n.name),
      // The shape of the English-name selection of Series.name (graphql/types/series.ts).
      names: own.filter((n) => n.lang === ENGLISH_NAME_SELECTION.where.lang).map((n) => ({ name: n.name })),
      countryNames: namesOfCountry.get(s.countryIso) ?? [s.countryIso],
    };
  });
}
