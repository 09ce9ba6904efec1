import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import {
  loadJnto,
  parseJnto,
  parseJntoMonthLabel,
  parseJntoNumber,
  parseStatusNote,
} from '../../../src/ingest/connectors/jnto';
import type { ParsedSeries } from '../../../src/domain/types';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

describe('JNTO parsing helpers', () => {
  it('reads numbers with thousands separators and trailing spaces', () => {
    const FIXTURE_THOUSANDS = '52,945 ';
    const FIXTURE_MILLIONS = '2,035,800 ';
    const FIXTURE_SMALL = '933 ';
    expect(parseJntoNumber(FIXTURE_THOUSANDS)).toBe(52945);
    expect(parseJntoNumber(FIXTURE_MILLIONS)).toBe(2035800);
    expect(parseJntoNumber(FIXTURE_SMALL)).toBe(933);
    expect(parseJntoNumber('')).toBeNull();
    expect(parseJntoNumber('12,34')).toBeNaN();
    expect(parseJntoNumber('n/a')).toBeNaN();
  });

  it('reads full-width month labels', () => {
    const FIXTURE_JANUARY = '1996\u3000Jan\uFF0E'; // "1996　Jan．"
    const FIXTURE_FEBRUARY = 'Feb\uFF0E';
    const FIXTURE_OCTOBER_ASCII_DOT = 'Oct.\u3000';
    expect(parseJntoMonthLabel(FIXTURE_JANUARY)).toEqual({ year: 1996, month: 1 });
    expect(parseJntoMonthLabel(FIXTURE_FEBRUARY)).toEqual({ year: null, month: 2 });
    expect(parseJntoMonthLabel(FIXTURE_OCTOBER_ASCII_DOT)).toEqual({ year: null, month: 10 });
    expect(parseJntoMonthLabel('Year TOTAL')).toBeNull();
    expect(parseJntoMonthLabel('2016')).toBeNull();
  });

  it('reads the arrow status notes', () => {
    expect(parseStatusNote('↑Final')).toEqual({ direction: 'up', status: 'published', word: 'final' });
    expect(parseStatusNote('↓Preliminary ')).toEqual({ direction: 'down', status: 'provisional', word: 'preliminary' });
    expect(parseStatusNote('↓Estimated ')).toEqual({ direction: 'down', status: 'estimated', word: 'estimated' });
    expect(parseStatusNote('Final')).toBeNull();
  });
});

/** A miniature of the file: BOM, CR-only lines, 3 header rows, notes in column A, an annual block. */
const FIXTURE_JNTO_CSV = [
  '\uFEFFVisitor Arrivals by Nationality & Purpose of Visit to Japan,,,,,,,,,,,,,,',
  ',,,,,,,,,,,,,,',
  ',,North America,,,,,,,,,,,,',
  ',,North America Total,,,U.S.A.,,,Atlantis,,,Grand Total,,,',
  ',,Total,Tourist,Business,Total,Tourist,Business,Total,Tourist,Business,Total,Tourist,Business,',
  ',2015\u3000Nov\uFF0E,"1,100 ",600 ,500 ,"1,000 ",550 ,450 ,1 ,,,"10,000 ","6,000 ","4,000 ",',
  '↑Final,Dec\uFF0E,"1,200 ",700 ,500 ,"1,100 ",650 ,450 ,,,,"11,000 ","7,000 ","4,000 ",',
  '↓Preliminary,2016\u3000Jan\uFF0E,"1,300 ",800 ,500 ,"1,200 ",750 ,450 ,,,,"12,000 ","8,000 ","4,000 ",',
  '↓Estimated ,Feb\uFF0E,,,,"1,250 ",,,,,,"12,500 ",,,',
  ',,,,,,,,,,,,,,',
  ',Year TOTAL,,,,,,,,,,,,,',
  ',2015,"13,000 ",,,,,,,,,,,,',
].join('\r');

describe('parseJnto (fixture)', () => {
  const out = parseJnto(FIXTURE_JNTO_CSV, resolver);
  const byMember = (member: string | null) => out.series.find((s) => (s.breakdown?.member ?? null) === member)!;

  it('maps the columns: grand total, its purposes, region subtotals and nationalities', () => {
    const members = out.series.map((s) => (s.breakdown ? `${s.breakdown.dimension}=${s.breakdown.member}` : 'total'));
    expect(members).toEqual(['origin=region-north-america', 'origin=us', 'total', 'purpose=tourist', 'purpose=business']);
    expect(out.rejected).toEqual([{ table: 'jnto_visitor_arrivals', row: 'column 9: Atlantis', reason: 'nationality not recognised' }]);
  });

  it('dates months from full-width labels and applies the status notes', () => {
    expect(byMember('us').observations).toEqual([
      { period: '2015-11', value: 1000, status: 'published', flags: '' },
      { period: '2015-12', value: 1100, status: 'published', flags: '' },
      { period: '2016-01', value: 1200, status: 'provisional', flags: 'preliminary' },
      { period: '2016-02', value: 1250, status: 'estimated', flags: 'estimated' },
    ]);
    // trailing empty cells are dropped; the annual block is not read
    expect(byMember('region-north-america').observations.map((o) => o.period)).toEqual(['2015-11', '2015-12', '2016-01']);
  });
});

describe('loadJnto (real file)', () => {
  const out = loadJnto(SOURCES_DIR, resolver);
  const byMember = (member: string | null): ParsedSeries =>
    out.series.find((s) => (s.breakdown?.member ?? null) === member)!;
  const sumOfYear = (s: ParsedSeries, year: string) =>
    s.observations.filter((o) => o.period.startsWith(year)).reduce((sum, o) => sum + (o.value ?? 0), 0);

  it('describes the table and rejects nothing', () => {
    expect(out.tables[0]).toMatchObject({ code: 'jnto_visitor_arrivals', publisher: 'Japan National Tourism Organization' });
    expect(out.rejected).toEqual([]);
  });

  it('gives monthly Japan arrival series with English names', () => {
    expect(out.series).toHaveLength(19);
    for (const s of out.series) {
      expect(s).toMatchObject({ country: 'JP', measure: 'arrivals', freq: 'M', unit: 'arrivals', table: 'jnto_visitor_arrivals' });
      expect(s.names.en).toMatch(/^Visitor arrivals to Japan, /);
    }
  });

  it('reads the grand total from 1996-01 to 2017-03', () => {
    const total = byMember(null);
    expect(total.observations[0]).toEqual({ period: '1996-01', value: 276086, status: 'published', flags: '' });
    expect(total.observations.at(-1)).toEqual({ period: '2017-03', value: 2205700, status: 'estimated', flags: 'estimated' });
    expect(total.observations).toHaveLength(255);
  });

  it('sums the final 2015 months to the published annual total 19,737,409', () => {
    expect(sumOfYear(byMember(null), '2015')).toBe(19737409);
  });

  it('marks 2016-02 to 2017-01 provisional (between "↓Preliminary" and "↑Preliminary")', () => {
    const statuses = byMember(null).observations.filter((o) => o.status === 'provisional').map((o) => o.period);
    expect(statuses[0]).toBe('2016-02');
    expect(statuses.at(-1)).toBe('2017-01');
    expect(statuses).toHaveLength(12);
    const jan2016 = byMember(null).observations.find((o) => o.period === '2016-01');
    expect(jan2016?.status).toBe('published');
  });

  it('maps nationalities, region subtotals and residual columns', () => {
    const members = out.series.map((s) => s.breakdown?.member ?? 'total');
    expect(members).toEqual(
      expect.arrayContaining(['us', 'ca', 'mx', 'br', 'au', 'nz', 'region-africa', 'region-oceania', 'other-north-america', 'stateless']),
    );
    expect(byMember('us').observations[0].value).toBe(44265);
    expect(byMember('us').breakdown).toEqual({ dimension: 'origin', member: 'us' });
  });

  it('splits the grand total by purpose', () => {
    const purposes = out.series.filter((s) => s.breakdown?.dimension === 'purpose').map((s) => s.breakdown!.member);
    expect(purposes).toEqual(['tourist', 'business', 'others', 'short-excursion']);
    expect(byMember('tourist').observations[0].value).toBe(122537);
  });
});
