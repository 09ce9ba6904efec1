import { describe, expect, it } from 'vitest';
import { buildSearchIndex, compareRanks, foldText, queryWords, searchNote, searchSeries, type SearchDocument } from '../../src/domain/series-search';

const SPAIN = ['ES', 'Spain', 'España', 'Espagne'];
const AUSTRIA = ['AT', 'Austria', 'Österreich', 'Autriche'];
const JAPAN = ['JP', 'Japan', 'Japón', 'Japon'];

function doc(alias: string, over: Partial<SearchDocument> & { countryNames: string[]; seriesNames: string[] }): SearchDocument {
  const [iso, measure, breakdown, freq] = alias.split('.');
  return {
    id: alias,
    alias,
    country: iso.toUpperCase(),
    measure,
    breakdown: breakdown === 'total' ? null : breakdown.split('-')[0],
    freq: freq.toUpperCase(),
    headline: false,
    last: '2025-12',
    ...over,
  };
}

// Spain's monthly total is the headline; its origin splits are fresher-looking annual rows; an
// Austrian departures series names Spain as its destination.
const DOCS = [
  doc('es.arrivals.origin-de.a', { countryNames: SPAIN, seriesNames: ['Inbound arrivals from Germany, Spain'], last: '2026' }),
  doc('es.arrivals.origin-fr.a', { countryNames: SPAIN, seriesNames: ['Inbound arrivals from France, Spain'], last: '2026' }),
  doc('at.departures.destination-es.a', { countryNames: AUSTRIA, seriesNames: ['Trips of residents of Austria to Spain'], last: '2026' }),
  doc('es.arrivals.total.a', { countryNames: SPAIN, seriesNames: ['Inbound arrivals, total, Spain'], last: '2021' }),
  doc('es.arrivals.total.m', { countryNames: SPAIN, seriesNames: ['Arrivals at tourist accommodation establishments, Spain, total'], headline: true, last: '2026-02' }),
  doc('es.nights.total.m', { countryNames: SPAIN, seriesNames: ['Nights spent at tourist accommodation establishments, Spain, total'], headline: true }),
  doc('jp.arrivals.total.m', { countryNames: JAPAN, seriesNames: ['Visitor arrivals, Japan'], headline: true }),
];
const index = buildSearchIndex(DOCS);
const aliases = (q: string, filters = {}) => searchSeries(index, q, filters).map((d) => d.alias);

describe('foldText and queryWords', () => {
  it('drop case and accents, and split on anything not a letter or digit', () => {
    expect(foldText('Japón')).toBe('japon');
    expect(foldText('ÖSTERREICH')).toBe('osterreich');
    expect(queryWords('  Spain,  ARRIVALS spain ')).toEqual(['spain', 'arrivals']);
  });
});

describe('searchSeries', () => {
  it('ranks country match, then measure match, then headline, then total, then freshness', () => {
    // Austria's departures name Spain but not arrivals, and Japan's is not Spain's: both are out.
    expect(aliases('spain arrivals')).toEqual([
      'es.arrivals.total.m', // country, measure, headline
      'es.arrivals.total.a', // country, measure, total
      'es.arrivals.origin-de.a', // country, measure; fresher than the annual total but a breakdown
      'es.arrivals.origin-fr.a',
    ]);
    // "spain" alone: Spain's series first (headlines, then the total, then splits by freshness), Austria's last.
    expect(aliases('spain')).toEqual([
      'es.arrivals.total.m',
      'es.nights.total.m',
      'es.arrivals.total.a',
      'es.arrivals.origin-de.a',
      'es.arrivals.origin-fr.a',
      'at.departures.destination-es.a',
    ]);
  });

  it('matches country names in every language held, accent-insensitive, words as prefixes', () => {
    expect(aliases('Japón')).toEqual(['jp.arrivals.total.m']);
    expect(aliases('japon arriv')).toEqual(['jp.arrivals.total.m']);
    expect(aliases('españa nights')).toEqual(['es.nights.total.m']);
    expect(aliases('ES nights')).toEqual(['es.nights.total.m']);
  });

  it('filters by country, measure, frequency and headline', () => {
    expect(aliases('spain', { measure: 'nights' })).toEqual(['es.nights.total.m']);
    expect(aliases('spain', { freq: 'M' })).toEqual(['es.arrivals.total.m', 'es.nights.total.m']);
    expect(aliases('arrivals', { headline: true })).toEqual(['es.arrivals.total.m', 'jp.arrivals.total.m']);
    expect(aliases('spain', { country: 'AT' })).toEqual(['at.departures.destination-es.a']);
  });

  it('takes a country as named only by a whole word: "es" is Spain, though it starts "Espagne" and "Estonia"', () => {
    const withEstonia = buildSearchIndex([
      ...DOCS,
      doc('ee.arrivals.total.m', { countryNames: ['EE', 'Estonia', 'Eesti'], seriesNames: ['Arrivals, Estonia'], headline: true, last: '2026-03' }),
    ]);
    const found = searchSeries(withEstonia, 'es arrivals').map((d) => d.alias);
    expect(found.slice(0, 2)).toEqual(['es.arrivals.total.m', 'es.arrivals.total.a']);
    expect(found).toContain('ee.arrivals.total.m');
    expect(found.indexOf('ee.arrivals.total.m')).toBeGreaterThan(found.indexOf('es.arrivals.origin-fr.a'));
  });

  it('finds nothing for a word no series holds', () => {
    expect(aliases('occupancy')).toEqual([]);
    expect(aliases('   ')).toEqual([]);
  });
});

describe('compareRanks', () => {
  const base = { countryMatch: true, measureMatch: true, headline: true, total: true, last: '2025', alias: 'a' };
  it('compares each part in turn', () => {
    expect(compareRanks(base, { ...base, countryMatch: false, last: '2026' })).toBeLessThan(0);
    expect(compareRanks({ ...base, measureMatch: false }, { ...base, headline: false })).toBeGreaterThan(0);
    expect(compareRanks({ ...base, total: false, last: '2026-03' }, base)).toBeGreaterThan(0);
    expect(compareRanks({ ...base, last: '2025-12' }, base)).toBeLessThan(0);
    expect(compareRanks(base, { ...base, alias: 'b' })).toBeLessThan(0);
  });
});

describe('searchNote', () => {
  it("says nothing of occupancy, which UN Tourism's hotels workbook gives", () => {
    expect(searchNote('hotel occupancy greece')).toBeNull();
    expect(searchNote('arrivals', 'occupancy')).toBeNull();
    expect(searchNote('arrivals')).toBeNull();
    expect(searchNote('spain', 'nights')).toBeNull();
  });
});
