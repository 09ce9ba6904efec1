/**
 * Free-text search over series, in memory: an index built once per release, and the ranking.
 *
 * Text is folded (case, accents and compatibility forms removed: "Japón" is "japon") and cut into
 * words; each word of a query matches as a prefix ("catal" finds "Cataluña"), and a series
 * matches when every word of the query does. Words are matched against the series' names in every
 * language present, its alias, its country's names in every language present and its ISO code, and the
 * words of its measure and frequency.
 *
 * Ranking, best first: a query word is a whole word of the series' country's names or its ISO
 * code; a query word names its measure (as a prefix);
 * the country's headline series of the measure; the publisher's total (no breakdown); then the
 * freshest (newest last period), then by alias.
 */
import { noSourceNote } from './measure-sources';
import { MEASURES, type Freq, type Measure } from './types';

/** What a series offers the search. */
export interface SearchDocument {
  id: string;
  alias: string;
  country: string;
  measure: string;
  breakdown: string | null;
  freq: string;
  headline: boolean;
  /** Newest period present. */
  last: string;
  /** The series' names, every language. */
  seriesNames: readonly string[];
  /** The country's names in every language present, and its ISO code. */
  countryNames: readonly string[];
}

/** Words that name each measure and frequency, beside the measure's own name. */
export const MEASURE_WORDS: Record<Measure, string> = {
  arrivals: 'arrivals visitors tourists',
  nights: 'nights overnight stays',
  spend: 'spend expenditure receipts',
  departures: 'departures outbound',
  occupancy: 'occupancy',
  capacity: 'capacity beds rooms establishments',
};
export const FREQ_WORDS: Record<Freq, string> = { M: 'monthly', Q: 'quarterly', A: 'annual' };

const MEASURE_TEXT = new Map<string, string>(Object.entries(MEASURE_WORDS));
const FREQ_TEXT = new Map<string, string>(Object.entries(FREQ_WORDS));

/** Case-, accent- and width-insensitive form of a text. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The folded words of a text (letters and digits; everything else separates). */
export function wordsOf(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Words of a query: at most 12, as a query of more says nothing more. */
export function queryWords(text: string): string[] {
  return [...new Set(wordsOf(text))].slice(0, 12);
}

/** Each distinct word with the documents holding it, the words sorted so a prefix is one range. */
/** Words in order, each with the documents (their indexes, ascending) that hold it. */
export interface WordList {
  words: string[];
  postings: number[][];
}

function wordList(byWord: Map<string, number[]>): WordList {
  const words = [...byWord.keys()].sort();
  return { words, postings: words.map((w) => byWord.get(w)!) };
}

export interface SearchIndex<D extends SearchDocument = SearchDocument> {
  documents: readonly D[];
  /** Every word of a document. */
  all: WordList;
  /** Words of the country's names only. */
  country: WordList;
  /** Words naming the measure only. */
  measure: WordList;
  /**
   * Every document by the parts of the ranking a query does not change (headline, total, freshest,
   * alias): a search takes its matches in this order, each into its group of country and measure
   * matches, and sorts nothing.
   */
  order: Uint32Array;
}

export function buildSearchIndex<D extends SearchDocument>(documents: readonly D[]): SearchIndex<D> {
  const all = new Map<string, number[]>();
  const country = new Map<string, number[]>();
  const measure = new Map<string, number[]>();
  // Documents are added in order, so a document already listed for a word is the list's last.
  const add = (map: Map<string, number[]>, words: readonly string[], doc: number) => {
    for (const w of words) {
      const docs = map.get(w);
      if (!docs) map.set(w, [doc]);
      else if (docs[docs.length - 1] !== doc) docs.push(doc);
    }
  };
  // Series of one country share its names, and of one measure its words: folded once each.
  const folded = new Map<string, string[]>();
  const foldedWords = (text: string) => {
    let words = folded.get(text);
    if (!words) folded.set(text, (words = wordsOf(text)));
    return words;
  };
  documents.forEach((d, i) => {
    const countryWords = d.countryNames.flatMap(foldedWords);
    const measureWords = foldedWords(`${d.measure} ${MEASURE_TEXT.get(d.measure) ?? ''}`);
    add(all, d.seriesNames.flatMap(wordsOf), i);
    add(all, foldedWords(d.alias), i);
    add(all, countryWords, i);
    add(all, measureWords, i);
    add(all, foldedWords(FREQ_TEXT.get(d.freq) ?? ''), i);
    add(country, countryWords, i);
    add(measure, measureWords, i);
  });
  const ranks = documents.map(queryFreeRank);
  const order = Uint32Array.from([...documents.keys()].sort((a, b) => compareRanks(ranks[a], ranks[b])));
  return { documents, all: wordList(all), country: wordList(country), measure: wordList(measure), order };
}

/** A document's rank with no query word matching its country or measure. */
function queryFreeRank(doc: SearchDocument): SearchRank {
  return { countryMatch: false, measureMatch: false, headline: doc.headline, total: doc.breakdown === null, last: doc.last, alias: doc.alias };
}

/** First index in sorted `words` not below `prefix`. */
function lowerBound(words: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Marks the documents holding a word that starts with `prefix`. */
function markPrefix(list: WordList, prefix: string, marks: Uint8Array): void {
  for (let i = lowerBound(list.words, prefix); i < list.words.length && list.words[i].startsWith(prefix); i++) {
    for (const doc of list.postings[i]) marks[doc] = 1;
  }
}

/** Marks the documents holding the word itself. */
function markWord(list: WordList, word: string, marks: Uint8Array): void {
  const i = lowerBound(list.words, word);
  if (list.words[i] === word) for (const doc of list.postings[i]) marks[doc] = 1;
}

export interface SearchFilters {
  country?: string;
  measure?: string;
  freq?: string;
  headline?: boolean;
}

/** How a matching series ranks: each part compared in turn, larger first except alias. */
export interface SearchRank {
  countryMatch: boolean;
  measureMatch: boolean;
  headline: boolean;
  total: boolean;
  last: string;
  alias: string;
}

/** Orders two ranks, best first (the pure ranking rule). */
export function compareRanks(a: SearchRank, b: SearchRank): number {
  return (
    Number(b.countryMatch) - Number(a.countryMatch) ||
    Number(b.measureMatch) - Number(a.measureMatch) ||
    Number(b.headline) - Number(a.headline) ||
    Number(b.total) - Number(a.total) ||
    // Periods of one year compare as text: "2026-02" after "2025", "2025-12" after "2025".
    (a.last < b.last ? 1 : a.last > b.last ? -1 : 0) ||
    (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0)
  );
}

/** Every series matching the query and the filters, best first. */
export function searchSeries<D extends SearchDocument>(index: SearchIndex<D>, text: string, filters: SearchFilters = {}): D[] {
  const words = queryWords(text);
  const n = index.documents.length;
  if (words.length === 0 || n === 0) return [];
  // A document matches when every query word matches one of its words.
  const hits = new Uint8Array(n);
  const countryHit = new Uint8Array(n);
  const measureHit = new Uint8Array(n);
  const marks = new Uint8Array(n);
  words.forEach((word, k) => {
    marks.fill(0);
    markPrefix(index.all, word, marks);
    for (let d = 0; d < n; d++) hits[d] = (k === 0 || hits[d]) && marks[d] ? 1 : 0;
    // A country is named by a whole word ("es", "spain", "japon"): "es" starts Estonia too.
    markWord(index.country, word, countryHit);
    markPrefix(index.measure, word, measureHit);
  });
  // compareRanks over the matches: country match first, then measure match, then the order the
  // index holds (a stable sort of the documents by the rest of the rank).
  const groups: D[][] = [[], [], [], []];
  for (const d of index.order) {
    if (!hits[d]) continue;
    const doc = index.documents[d];
    if (filters.country !== undefined && doc.country !== filters.country) continue;
    if (filters.measure !== undefined && doc.measure !== filters.measure) continue;
    if (filters.freq !== undefined && doc.freq !== filters.freq) continue;
    if (filters.headline !== undefined && doc.headline !== filters.headline) continue;
    groups[(countryHit[d] ? 0 : 2) + (measureHit[d] ? 0 : 1)].push(doc);
  }
  return groups.flat();
}

/**
 * Why a search found nothing, when it asked for a measure no source present gives: by the measure
 * filter, or by a query word that starts a word of that measure ("occupancy", "occup"). Null otherwise.
 */
export function searchNote(text: string, measure?: string | null): string | null {
  if (measure) return noSourceNote(measure);
  const words = queryWords(text).filter((w) => w.length >= 3);
  for (const m of MEASURES) {
    const note = noSourceNote(m);
    if (note && wordsOf(`${m} ${MEASURE_WORDS[m]}`).some((mw) => words.some((w) => mw.startsWith(w)))) return note;
  }
  return null;
}
