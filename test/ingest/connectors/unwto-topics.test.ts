/**
 * UN Tourism's newer releases: the topic workbooks of 23/12/2025 (long format) and the "all data"
 * workbook of 24/11/2023, read beside the one of 25/01/2023 and put together release by release.
 * Figures are checked against the workbook cells (row numbers as Excel shows them).
 */
import { describe, expect, it } from 'vitest';
import type { ParsedSeries } from '../../../src/domain/types';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import { loadUnwtoWorkbooks, UNWTO_NOVEMBER_2023_FILE } from '../../../src/ingest/connectors/unwto';
import { loadUnTourism } from '../../../src/ingest/connectors/unwto-releases';
import {
  loadUnwtoTopics,
  overviewReleased,
  parseReleaseDay,
  parseTopicWorkbooks,
  statusOfFlags,
  topicUnit,
  type TopicWorkbook,
} from '../../../src/ingest/connectors/unwto-topics';
import { mergeReleases, periodRanges } from '../../../src/ingest/release-merge';
import type { Cell } from '../../../src/ingest/workbook';
import { SOURCES_DIR } from '../../helpers/paths';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

const find = (series: ParsedSeries[], alias: string): ParsedSeries | undefined => {
  const [iso, measure, breakdown] = alias.split('.');
  return series.find(
    (s) => s.country === iso.toUpperCase() && s.measure === measure && (s.breakdown ? `${s.breakdown.dimension}-${s.breakdown.member}` : 'total') === breakdown,
  );
};
const value = (s: ParsedSeries | undefined, period: string) => s?.observations.find((o) => o.period === period)?.value;

describe('topic workbook helpers', () => {
  it('reads the release day, units and flags', () => {
    expect(parseReleaseDay('23 December 2025')).toBe('2025-12-23');
    expect(parseReleaseDay('December 2025')).toBeNull();
    const FIXTURE_OVERVIEW: Cell[][] = [['File content:'], ['Category', 'Content', 'Last release / revision'], ['Inbound Tourism', 'All Countries …', '23 December 2025']];
    expect(overviewReleased(FIXTURE_OVERVIEW)).toBe('2025-12-23');
    expect(topicUnit('thousand trips')).toEqual({ unit: null, currency: null, scale: 'thousands' });
    expect(topicUnit('million US dollars (nominal values)')).toEqual({ unit: 'USD', currency: 'USD', scale: 'millions' });
    expect(topicUnit('percent')).toEqual({ unit: 'percent', currency: null, scale: null });
    expect(topicUnit('overnights')).toBeNull();
    expect(statusOfFlags(['B', 'E'])).toBe('break');
    expect(statusOfFlags(['E'])).toBe('estimated');
    expect(statusOfFlags([])).toBe('published');
  });
});

describe('parseTopicWorkbooks (fixture)', () => {
  const header = ['indicator_code', 'indicator_label', 'indicator_previous_code', 'reporter_area_code', 'reporter_area_label', 'partner_area_code', 'partner_area_label', 'year', 'value', 'flag', 'flag_label', 'unit', 'notes'];
  const row = (code: string, reporter: number, name: string, partner: number, year: number, v: Cell, flag: string | null = null): Cell[] =>
    [code, '…', 'CP', reporter, name, partner, 'World', year, v, flag, null, 'thousand trips', null];
  const FIXTURE_REGION: Cell[][] = [
    header,
    row('INBD_TRIP_AREA_TOTL_TOUR', 8, 'Albania', 999, 2019, 6406),
    row('INBD_TRIP_AREA_TOTL_TOUR', 8, 'Albania', 999, 2020, 2658.4, 'E'),
    row('INBD_TRIP_REGN_TOUR', 8, 'Albania', 40000, 2019, 5800),
    row('INBD_TRIP_REGN_TOUR', 8, 'Albania', 999, 2019, 6406), // World is not a region of origin
    row('INBD_TRIP_AREA_TOTL_TOUR', 250, 'Germany', 999, 2019, 1), // France's code under Germany's name
    row('INBD_TRIP_AREA_TOTL_TOUR', 5351, 'Bonaire', 999, 2019, 2), // decided: no country of its own
    row('INBD_TRIP_AREA_TOTL_TOUR', 8, 'Albania', 999, 2021, '..'),
  ];
  const FIXTURE_PURPOSE: Cell[][] = [header, row('INBD_TRIP_PRPS_TOTL_TOUR', 8, 'Albania', 999, 2019, 6406), row('INBD_TRIP_PRPS_TOTL_TOUR', 8, 'Albania', 999, 2020, 2658)];
  const workbook = (topic: string, data: Cell[][]): [string, TopicWorkbook] => [topic, { file: `unwto/2025-12/UN_Tourism_${topic}_12_2025.xlsx`, url: 'https://example.org', overview: undefined, data }];
  const out = parseTopicWorkbooks(new Map([workbook('inbound_arrivals_by_region', FIXTURE_REGION), workbook('inbound_arrivals_by_purpose', FIXTURE_PURPOSE)]), resolver);

  it('keeps the World total as overnight visitors and regions of origin as breakdowns, flags as status', () => {
    const overnight = find(out.series, 'al.arrivals.type-overnight')!;
    expect(overnight).toMatchObject({ table: 'unwto_inbound_arrivals', unit: 'arrivals', scale: 'thousands', freq: 'A' });
    expect(overnight.observations).toEqual([
      { period: '2019', value: 6406, status: 'published', flags: '' },
      { period: '2020', value: 2658.4, status: 'estimated', flags: 'E' },
    ]);
    expect(value(find(out.series, 'al.arrivals.origin-europe'), '2019')).toBe(5800);
  });

  it('counts every row it cannot use, and the repeated purpose total once, naming the series kept', () => {
    const reasons = out.rejected.map((r) => `${r.row} → ${r.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/row 5: 8 Albania \/ INBD_TRIP_REGN_TOUR → partner area 999 not read/),
        expect.stringMatching(/row 6: 250 Germany .* → place not resolved: code 250 is France/),
        expect.stringMatching(/row 8: .* → 2021: value "\.\." is not a number/),
        expect.stringMatching(/Albania \/ INBD_TRIP_PRPS_TOTL_TOUR \(2 rows\) → same country, measure and breakdown as .*INBD_TRIP_AREA_TOTL_TOUR/),
      ]),
    );
    expect(out.rejected.filter((r) => r.unresolved)).toHaveLength(1);
    expect(out.decisions!.map((d) => `${d.decision.code} ${d.decision.iso}`)).toEqual(['5351 null']);
  });
});

describe('mergeReleases (hand-worked)', () => {
  const series = (values: Record<string, number | null>, table = 't'): ParsedSeries => ({
    country: 'JP',
    measure: 'arrivals',
    breakdown: null,
    freq: 'A',
    unit: 'arrivals',
    currency: null,
    scale: 'thousands',
    table,
    names: { en: 'Arrivals, Japan.' },
    observations: Object.entries(values).map(([period, v]) => ({ period, value: v, status: v === null ? 'not_published' : 'published', flags: '' })),
  });
  const table = (code: string, released: string) => ({ code, publisher: 'UN Tourism', title: code, url: 'u', file: `${code}.xlsx`, released });
  const merged = mergeReleases([
    { released: '2025-12-23', series: [series({ 2019: 31882, 2020: null, 2023: 25066 }, 'new')], tables: [table('new', '2025-12-23')] },
    { released: '2023-01-25', series: [series({ 2018: 31191, 2019: 31881 }, 'old')], tables: [table('old', '2023-01-25')] },
    { released: '2023-11-24', series: [series({ 2019: 31882, 2020: 4115.8 }, 'old')], tables: [table('old', '2023-11-24')] },
  ]);
  const s = merged.series[0];

  it('takes each year from the newest release that gives a figure, keeping older-only years', () => {
    expect(s.observations.map((o) => [o.period, o.value, o.firstReleased])).toEqual([
      ['2018', 31191, '2023-01-25'],
      ['2019', 31882, '2023-01-25'], // first given on 25/01/2023, revised on 24/11/2023, confirmed on 23/12/2025
      ['2020', 4115.8, '2023-11-24'], // the newest release gives no figure: the older one stands
      ['2023', 25066, '2025-12-23'],
    ]);
    expect(s.table).toBe('new');
    expect(s.names.en).toBe("Arrivals, Japan. Figures from UN Tourism's releases of 23/12/2025 (2019, 2023); 24/11/2023 (2020); 25/01/2023 (2018)");
    expect(merged.tables.map((t) => t.code)).toEqual(['new']);
  });

  it('logs a figure changed between releases with the older value and both release dates', () => {
    expect(s.sourceRevisions).toEqual([
      { period: '2019', oldValue: 31881, oldStatus: 'published', newValue: 31882, newStatus: 'published', oldReleased: '2023-01-25', newReleased: '2023-11-24' },
    ]);
  });

  it('writes runs of years (and of months) as ranges', () => {
    expect(periodRanges(['1995', '1996', '1997', '2001', '2003', '2004'])).toBe('1995–1997, 2001, 2003–2004');
    expect(periodRanges(['2019-11', '2019-12', '2020-01', '2020-03'])).toBe('2019-11–2020-01, 2020-03');
  });
});

describe('the topic workbooks of 23/12/2025 (real files)', () => {
  const out = loadUnwtoTopics(SOURCES_DIR, resolver);

  it('dates the release as its Overview sheets do and resolves every reporter by its code', () => {
    expect(out.released).toBe('2025-12-23');
    expect(out.rejected.filter((r) => r.unresolved)).toEqual([]);
  });

  it('arrivals by region: the World total of overnight visitors and the regions of origin', () => {
    // inbound_arrivals_by_region, rows 2947, 2950 (Japan 2019, 2022), 5672 (United States 2022), 14616 (France from Europe 2019)
    expect(value(find(out.series, 'jp.arrivals.type-overnight'), '2019')).toBe(31882);
    expect(value(find(out.series, 'jp.arrivals.type-overnight'), '2022')).toBe(3832.1);
    expect(value(find(out.series, 'us.arrivals.type-overnight'), '2022')).toBe(50869.7);
    expect(value(find(out.series, 'fr.arrivals.origin-europe'), '2019')).toBe(72766.5);
  });

  it('arrivals by purpose and by transport', () => {
    // by_purpose rows 1825, 5832; by_transport rows 2012, 12866 (Japan)
    expect(value(find(out.series, 'jp.arrivals.purpose-business'), '2019')).toBe(1757.4);
    expect(value(find(out.series, 'jp.arrivals.purpose-personal'), '2023')).toBe(23998.666);
    expect(value(find(out.series, 'jp.arrivals.transport-air'), '2019')).toBe(30644.3);
    expect(value(find(out.series, 'jp.arrivals.transport-water'), '2019')).toBe(542.9);
  });

  it('inbound expenditure in US$ millions, to 2024', () => {
    // inbound_expenditure rows 6140, 8108, 8453, 13406
    const jp = find(out.series, 'jp.spend.total')!;
    expect(jp).toMatchObject({ unit: 'USD', currency: 'USD', scale: 'millions', table: 'unwto_inbound_expenditure' });
    expect(value(jp, '2019')).toBe(49209);
    expect(value(find(out.series, 'th.spend.total'), '2024')).toBe(46568.6291681);
    expect(value(find(out.series, 'us.spend.total'), '2024')).toBe(251649);
    expect(value(find(out.series, 'th.spend.item-travel'), '2024')).toBe(42691.1662365); // 42691.166236539, to 12 significant digits
  });

  it('guests and overnights in accommodation, and the hotels’ capacity and occupancy rates', () => {
    // inbound_accommodation rows 841, 8404; domestic_accommodation row 1843; accommodation_hotels rows 17360, 17363, 9163, 1507
    expect(value(find(out.series, 'jp.arrivals.residence-foreign'), '2019')).toBe(72370);
    expect(value(find(out.series, 'jp.nights.residence-foreign-in-hotels'), '2024')).toBe(141461);
    expect(value(find(out.series, 'jp.nights.residence-domestic'), '2019')).toBe(480265);
    const occupancy = find(out.series, 'jp.occupancy.total')!;
    expect(occupancy).toMatchObject({ unit: 'percent', scale: null, table: 'unwto_accommodation_hotels' });
    expect(value(occupancy, '2019')).toBe(62.7);
    expect(value(occupancy, '2022')).toBe(46.6);
    expect(find(out.series, 'jp.capacity.unit-hotel-bedrooms')).toMatchObject({ unit: 'bedrooms', scale: null });
    expect(value(find(out.series, 'jp.capacity.unit-hotel-bedrooms'), '2019')).toBe(1631643);
    expect(value(find(out.series, 'jp.capacity.unit-hotel-establishments'), '2022')).toBe(30360);
  });

  it('names the one indicator it does not read, once, with its row count', () => {
    const unread = out.rejected.filter((r) => r.reason.startsWith('indicator not read'));
    expect(unread.map((r) => r.row)).toEqual(['UN_Tourism_accommodation_hotels_12_2025.xlsx: CPTY_ACCM_HOTL_STAY_AVRG (2950 rows)']);
  });
});

describe('the "all data" workbook of 24/11/2023 and the releases put together (real files)', () => {
  const november = loadUnwtoWorkbooks(SOURCES_DIR, resolver).find((w) => w.tables[0]?.file === UNWTO_NOVEMBER_2023_FILE)!;
  const all = loadUnTourism(SOURCES_DIR, resolver);

  it('reads the update date from the Index sheet ("data updated on 24/11/2023") and the figures to 2022', () => {
    expect(november.tables.every((t) => t.released === '2023-11-24')).toBe(true);
    expect(value(find(november.series, 'jp.arrivals.total'), '2019')).toBe(31882); // 31881 in the release of 25/01/2023
    expect(value(find(november.series, 'jp.arrivals.total'), '2022')).toBe(3832);
    expect(value(find(november.series, 'fr.arrivals.total'), '2019')).toBe(217877);
    expect(value(find(november.series, 'fr.spend.total'), '2021')).toBeGreaterThan(0);
  });

  it('serves each figure from the newest release and logs the revision of the older one', () => {
    const jp = find(all.series, 'jp.arrivals.total')!;
    expect(value(jp, '2019')).toBe(31882);
    expect(jp.sourceRevisions).toContainEqual({
      period: '2019',
      oldValue: 31881,
      oldStatus: 'published',
      newValue: 31882,
      newStatus: 'published',
      oldReleased: '2023-01-25',
      newReleased: '2023-11-24',
    });
    expect(jp.names.en).toMatch(/Figures from UN Tourism's release of 24\/11\/2023 \(1995–2022\)$/);
    expect(value(find(all.series, 'th.spend.total'), '2024')).toBe(46568.6291681);
    expect(all.rejected.filter((r) => r.unresolved)).toEqual([]);
  });

  it('keeps one series per country, measure and breakdown', () => {
    const keys = all.series.map((s) => `${s.country}|${s.measure}|${s.breakdown?.dimension}=${s.breakdown?.member}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
