import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedObservation, ParsedSeries } from '../../../src/domain/types';
import type { ConnectorOutput } from '../../../src/ingest/records';
import {
  countryOfGeo,
  parseCell,
  parseEurostatTsv,
  regionLevel,
  statusOf,
} from '../../../src/ingest/connectors/eurostat-tsv';
import { loadEurostat } from '../../../src/ingest/connectors/eurostat';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import { SOURCES_DIR } from '../../helpers/paths';

// ---- hand-written fixtures --------------------------------------------------------------------

const CELL_PLAIN = '72418691 ';
const CELL_ESTIMATED = '51658 e';
const CELL_BREAK = '2.87 b';
const CELL_BREAK_ESTIMATED = '454584 be';
const CELL_LOW_RELIABILITY = '775777 u';
const CELL_PROVISIONAL = '1200 p';
const CELL_MISSING = ': ';
const CELL_MISSING_AT_LINE_END = ':';
const CELL_MISSING_LOW_RELIABILITY = ': u';
const CELL_WITHHELD = ': @C';
const CELL_CONFIDENTIAL = ': c';
const CELL_NEGATIVE_DECIMAL = '-0.5 ';
const CELL_NOT_A_NUMBER = '12x45 ';
const CELL_THOUSANDS_SPACE = '12 345 ';
const CELL_EMPTY = '';

/** Two series, CRLF line ends, header periods with trailing spaces, one unreadable cell. */
const TSV_SMALL = [
  'freq,unit,geo\\TIME_PERIOD\t2019-07 \t2019-08 \t2019-09 ',
  'M,NR,ES\t: \t72418691 \t: @C',
  'M,NR,EL\t100 e\t12x45 \t300 b',
  'M,PCH_SM,ES\t1.5 \t2.5 \t-0.4 ',
].join('\r\n');

const TSV_DESCENDING_PERIODS = ['freq,geo\\TIME_PERIOD\t2020 \t2019 ', 'A,FR\t2 \t1 '].join('\n');
const TSV_SHORT_ROW = ['freq,geo\\TIME_PERIOD\t2019 \t2020 ', 'A,FR\t1 '].join('\n');

describe('parseCell', () => {
  it('reads a value with no flag', () => {
    expect(parseCell(CELL_PLAIN)).toEqual({ ok: true, value: 72418691, flags: '' });
  });
  it('reads value and flags', () => {
    expect(parseCell(CELL_ESTIMATED)).toEqual({ ok: true, value: 51658, flags: 'e' });
    expect(parseCell(CELL_BREAK)).toEqual({ ok: true, value: 2.87, flags: 'b' });
    expect(parseCell(CELL_BREAK_ESTIMATED)).toEqual({ ok: true, value: 454584, flags: 'be' });
    expect(parseCell(CELL_NEGATIVE_DECIMAL)).toEqual({ ok: true, value: -0.5, flags: '' });
  });
  it('reads ":" as a missing value, keeping its flags', () => {
    expect(parseCell(CELL_MISSING)).toEqual({ ok: true, value: null, flags: '' });
    expect(parseCell(CELL_MISSING_AT_LINE_END)).toEqual({ ok: true, value: null, flags: '' });
    expect(parseCell(CELL_WITHHELD)).toEqual({ ok: true, value: null, flags: '@C' });
    expect(parseCell(CELL_MISSING_LOW_RELIABILITY)).toEqual({ ok: true, value: null, flags: 'u' });
  });
  it('refuses what is not a number', () => {
    expect(parseCell(CELL_NOT_A_NUMBER).ok).toBe(false);
    expect(parseCell(CELL_THOUSANDS_SPACE).ok).toBe(false);
    expect(parseCell(CELL_EMPTY).ok).toBe(false);
  });
});

describe('statusOf', () => {
  const statusOfCell = (raw: string) => {
    const cell = parseCell(raw);
    if (!cell.ok) throw new Error(cell.reason);
    return statusOf(cell.value, cell.flags);
  };
  it('maps flags to statuses', () => {
    expect(statusOfCell(CELL_PLAIN)).toBe('published');
    expect(statusOfCell(CELL_ESTIMATED)).toBe('estimated');
    expect(statusOfCell(CELL_PROVISIONAL)).toBe('provisional');
    expect(statusOfCell(CELL_BREAK)).toBe('break');
    expect(statusOfCell(CELL_BREAK_ESTIMATED)).toBe('break');
    expect(statusOfCell(CELL_LOW_RELIABILITY)).toBe('published');
  });
  it('tells withheld from not published', () => {
    expect(statusOfCell(CELL_WITHHELD)).toBe('withheld');
    expect(statusOfCell(CELL_CONFIDENTIAL)).toBe('withheld');
    expect(statusOfCell(CELL_MISSING)).toBe('not_published');
    expect(statusOfCell(CELL_MISSING_LOW_RELIABILITY)).toBe('not_published');
  });
});

describe('parseEurostatTsv', () => {
  it('reads dimensions, trimmed periods and cells', () => {
    const tsv = parseEurostatTsv(TSV_SMALL, { table: 'fixture' });
    expect(tsv.dimensions).toEqual(['freq', 'unit', 'geo']);
    expect(tsv.periods).toEqual(['2019-07', '2019-08', '2019-09']);
    expect(tsv.rows).toHaveLength(3);
    const es = tsv.rows[0];
    expect(es.dims).toEqual({ freq: 'M', unit: 'NR', geo: 'ES' });
    expect(es.cells).toEqual([
      { period: '2019-07', value: null, status: 'not_published', flags: '' },
      { period: '2019-08', value: 72418691, status: 'published', flags: '' },
      { period: '2019-09', value: null, status: 'withheld', flags: '@C' },
    ]);
  });

  it('rejects an unreadable cell but keeps the rest of its row', () => {
    const tsv = parseEurostatTsv(TSV_SMALL, { table: 'fixture' });
    const el = tsv.rows.find((row) => row.dims.geo === 'EL')!;
    expect(el.cells.map((cell) => cell.period)).toEqual(['2019-07', '2019-09']);
    expect(el.cells[1]).toEqual({ period: '2019-09', value: 300, status: 'break', flags: 'b' });
    expect(tsv.rejected).toHaveLength(1);
    expect(tsv.rejected[0].table).toBe('fixture');
    expect(tsv.rejected[0].row.startsWith('M,NR,EL')).toBe(true);
    expect(tsv.rejected[0].reason).toContain('2019-08');
  });

  it('skips unwanted rows before parsing them', () => {
    const tsv = parseEurostatTsv(TSV_SMALL, { table: 'fixture', keepRow: (dims) => dims.unit === 'NR' });
    expect(tsv.rows.map((row) => row.key)).toEqual(['M,NR,ES', 'M,NR,EL']);
  });

  it('orders cells by period', () => {
    const tsv = parseEurostatTsv(TSV_DESCENDING_PERIODS, { table: 'fixture' });
    expect(tsv.rows[0].cells.map((cell) => [cell.period, cell.value])).toEqual([
      ['2019', 1],
      ['2020', 2],
    ]);
  });

  it('rejects a row whose cells do not line up with the periods', () => {
    const tsv = parseEurostatTsv(TSV_SHORT_ROW, { table: 'fixture' });
    expect(tsv.rows).toHaveLength(0);
    expect(tsv.rejected).toHaveLength(1);
  });

  it('refuses a file that is not a Eurostat TSV', () => {
    expect(() => parseEurostatTsv('a,b,c\n1,2,3', { table: 'fixture' })).toThrow();
  });
});

describe('geo codes', () => {
  it('maps countries to ISO codes and never aggregates', () => {
    expect(countryOfGeo('ES')).toBe('ES');
    expect(countryOfGeo('EL')).toBe('GR');
    expect(countryOfGeo('UK')).toBe('GB');
    for (const aggregate of ['EA', 'EU', 'EA20', 'EU27_2020', 'EU28', 'EFTA']) expect(countryOfGeo(aggregate)).toBeNull();
    expect(countryOfGeo('ES51')).toBeNull();
  });
  it('tells NUTS levels of regional codes', () => {
    expect(regionLevel('ES5')).toBe(1);
    expect(regionLevel('ES51')).toBe(2);
    expect(regionLevel('AL011')).toBe(3);
    expect(regionLevel('EU27_2020')).toBeNull();
    expect(regionLevel('EU28')).toBeNull();
  });
});

// ---- the real files ---------------------------------------------------------------------------

describe('loadEurostat on the real files', () => {
  let out: ConnectorOutput;

  // How fast the files load is `npm run bench:ingest`'s to show (each step's time is in its log).
  beforeAll(() => {
    out = loadEurostat(SOURCES_DIR, CountryResolver.fromSources(SOURCES_DIR));
  });

  function seriesOf(table: string, country: string, dimension?: string, member?: string): ParsedSeries {
    const found = out.series.filter(
      (s) =>
        s.table === table &&
        s.country === country &&
        (dimension === undefined ? s.breakdown === null : s.breakdown?.dimension === dimension && s.breakdown.member === member),
    );
    expect(found, `${table} ${country} ${dimension ?? 'total'} ${member ?? ''}`).toHaveLength(1);
    return found[0];
  }

  function observationAt(series: ParsedSeries, period: string): ParsedObservation | undefined {
    return series.observations.find((o) => o.period === period);
  }

  it('loads all five files and rejects nothing', () => {
    expect(out.rejected).toEqual([]);
    expect(out.tables.map((t) => t.code)).toEqual([
      'tour_occ_nim',
      'tour_occ_arm',
      'tour_cap_nat',
      'tour_occ_arn2',
      'tour_occ_nin2',
    ]);
  });

  it('describes each table', () => {
    const nin2 = out.tables.find((t) => t.code === 'tour_occ_nin2')!;
    expect(nin2.publisher).toBe('Eurostat');
    expect(nin2.file).toBe('eurostat/estat_tour_occ_nin2_extract_2020-2024.tsv');
    expect(nin2.url).toBe('https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nin2?format=TSV&compressed=true');
    expect(out.tables.find((t) => t.code === 'tour_occ_nim')!.title).toMatch(/^Nights spent at tourist accommodation establishments/);
  });

  it('gives the check values of SOURCES.md', () => {
    expect(observationAt(seriesOf('tour_occ_nim', 'ES'), '2019-08')?.value).toBe(72418691);
    expect(observationAt(seriesOf('tour_occ_nim', 'ES', 'residence', 'foreign'), '2019-08')?.value).toBe(40609737);
    expect(observationAt(seriesOf('tour_occ_nim', 'FR'), '2019-08')?.value).toBe(89610216);
    expect(observationAt(seriesOf('tour_occ_arm', 'ES'), '2019-08')?.value).toBe(17738068);
    expect(observationAt(seriesOf('tour_cap_nat', 'ES'), '2019')?.value).toBe(3638875);
    expect(observationAt(seriesOf('tour_cap_nat', 'ES', 'unit', 'establishments'), '2019')?.value).toBe(52894);
  });

  it('describes the series', () => {
    const nights = seriesOf('tour_occ_nim', 'ES');
    expect(nights).toMatchObject({ measure: 'nights', freq: 'M', unit: 'nights', scale: null, currency: null });
    expect(nights.names.en).toBe('Nights spent at tourist accommodation establishments, Spain, total');
    expect(nights.names.de).toBe('Übernachtungen in Beherbergungsbetrieben, Spanien, insgesamt');
    expect(nights.names.fr).toBe("Nuitées dans les établissements d'hébergement touristique, Espagne, total");
    expect(seriesOf('tour_occ_nim', 'ES', 'residence', 'foreign').names.en).toBe(
      'Nights spent at tourist accommodation establishments, Spain, non-residents',
    );
    expect(seriesOf('tour_occ_nim', 'ES', 'accommodation', 'hotels').names.en).toBe(
      'Nights spent at tourist accommodation establishments, Spain, hotels',
    );
    expect(seriesOf('tour_occ_arm', 'ES')).toMatchObject({ measure: 'arrivals', unit: 'arrivals', freq: 'M' });
    expect(seriesOf('tour_cap_nat', 'ES')).toMatchObject({ measure: 'capacity', unit: 'bed-places', freq: 'A' });
    expect(seriesOf('tour_cap_nat', 'ES', 'unit', 'establishments').unit).toBe('establishments');
  });

  it('keeps bedrooms, published for hotels only, as the hotels\' own series', () => {
    const bedrooms = seriesOf('tour_cap_nat', 'ES', 'unit', 'hotel-bedrooms');
    expect(bedrooms).toMatchObject({ measure: 'capacity', unit: 'bedrooms', freq: 'A' });
    expect(bedrooms.names.en).toBe('Number of establishments, bedrooms and bed-places, Spain, bedrooms in hotels and similar accommodation');
    expect(observationAt(bedrooms, '2019')?.value).toBe(933500);
    // Only the all-accommodation rows of the other units are kept: no hotel-only bed places or establishments.
    const spanish = out.series.filter((s) => s.table === 'tour_cap_nat' && s.country === 'ES');
    expect(spanish.map((s) => s.unit).sort()).toEqual(['bed-places', 'bedrooms', 'establishments']);
  });

  it('offers single-dimension breakdowns only', () => {
    const members = out.series
      .filter((s) => s.table === 'tour_occ_nim' && s.country === 'ES')
      .map((s) => (s.breakdown ? `${s.breakdown.dimension}:${s.breakdown.member}` : 'total'))
      .sort();
    expect(members).toEqual([
      'accommodation:camping',
      'accommodation:holiday',
      'accommodation:holiday-camping',
      'accommodation:hotels',
      'residence:domestic',
      'residence:foreign',
      'total',
    ]);
  });

  it('serves Greece and the United Kingdom under ISO codes and no aggregate as a country', () => {
    const countries = new Set(out.series.map((s) => s.country));
    expect(countries.has('GR')).toBe(true);
    expect(countries.has('GB')).toBe(true);
    for (const eurostatOnly of ['EL', 'UK', 'EU', 'EA']) expect(countries.has(eurostatOnly)).toBe(false);
    for (const country of countries) expect(country).toMatch(/^[A-Z]{2}$/);
    expect(observationAt(seriesOf('tour_occ_nim', 'GB'), '2018-11')).toEqual({
      period: '2018-11',
      value: 20534297,
      status: 'estimated',
      flags: 'e',
    });
  });

  it('keeps the status and raw flags of flagged cells', () => {
    expect(observationAt(seriesOf('tour_occ_nim', 'GR'), '2025-08')).toEqual({
      period: '2025-08',
      value: 33942944,
      status: 'estimated',
      flags: 'e',
    });
    expect(observationAt(seriesOf('tour_occ_nim', 'BE'), '2015-01')).toEqual({
      period: '2015-01',
      value: 1563436,
      status: 'break',
      flags: 'b',
    });
    expect(observationAt(seriesOf('tour_occ_nim', 'AL'), '2020-11')).toEqual({
      period: '2020-11',
      value: null,
      status: 'withheld',
      flags: '@C',
    });
    expect(observationAt(seriesOf('tour_occ_nim', 'AL', 'residence', 'domestic'), '2017-06')).toEqual({
      period: '2017-06',
      value: 59300,
      status: 'published',
      flags: 'u',
    });
  });

  it('starts each series at its first figure, keeps later gaps, and orders by period', () => {
    for (const series of out.series) {
      expect(series.observations[0].value).not.toBeNull();
      const periods = series.observations.map((o) => o.period);
      expect(periods).toEqual([...periods].sort());
    }
    // ES51 arrivals: figures 1990–1994, a gap 1995–1999, figures again from 2000.
    const es51 = seriesOf('tour_occ_arn2', 'ES', 'region', 'es51');
    expect(es51.observations[0]).toMatchObject({ period: '1990', value: 5913575 });
    expect(observationAt(es51, '1997')).toEqual({ period: '1997', value: null, status: 'not_published', flags: '' });
    expect(observationAt(es51, '2020')?.value).toBe(8365287);
    // Albania's nights start in 2017, not at the table's 1990-01 column.
    expect(seriesOf('tour_occ_nim', 'AL').observations[0].period > '2010-01').toBe(true);
  });

  it('keeps only counts (no percentage changes)', () => {
    const negative = out.series.some((s) => s.observations.some((o) => o.value !== null && o.value < 0));
    expect(negative).toBe(false);
  });

  it('loads regions with English, national and latin names', () => {
    const es51 = seriesOf('tour_occ_arn2', 'ES', 'region', 'es51');
    expect(es51).toMatchObject({ measure: 'arrivals', freq: 'A', unit: 'arrivals' });
    expect(es51.names.en).toBe('Arrivals at tourist accommodation establishments, Cataluña (ES51)');
    expect(es51.names.es).toBe('Cataluña (ES51)');

    const attiki = seriesOf('tour_occ_nin2', 'GR', 'region', 'el30');
    expect(attiki).toMatchObject({ measure: 'nights', freq: 'A', unit: 'nights' });
    expect(attiki.names.en).toBe('Nights spent at tourist accommodation establishments, Attiki (EL30)');
    expect(attiki.names.el).toBe('\u0041\u03c4\u03c4\u03b9\u03ba\u03ae (EL30)');
    expect(attiki.names['el-Latn']).toBe('Attiki (EL30)');

    const bavaria = seriesOf('tour_occ_arn2', 'DE', 'region', 'de2');
    expect(bavaria.names.de).toBe('Ankünfte in Beherbergungsbetrieben, Bayern (DE2)');
  });

  it('serves NUTS 1–3 regions only, never country rows or aggregates', () => {
    const regional = out.series.filter((s) => s.breakdown?.dimension === 'region');
    for (const s of regional) {
      expect(s.breakdown!.member).toMatch(/^[a-z]{2}[0-9a-z]{1,3}$/);
      expect(s.breakdown!.member.startsWith('eu')).toBe(false);
      expect(s.breakdown!.member.startsWith('ea')).toBe(false);
    }
    expect(regional.some((s) => s.table === 'tour_occ_nin2' && s.breakdown!.member === 'al011')).toBe(true);
    const regionalTables = new Set(regional.map((s) => s.table));
    expect([...regionalTables].sort()).toEqual(['tour_occ_arn2', 'tour_occ_nin2']);
    expect(out.series.filter((s) => regionalTables.has(s.table)).every((s) => s.breakdown?.dimension === 'region')).toBe(true);
  });

  it('skips series that are ":" throughout', () => {
    expect(out.series.every((s) => s.observations.some((o) => o.value !== null))).toBe(true);
  });

  it('returns the geo labels and the NUTS units', () => {
    expect(out.geoLabels!.EL).toBe('Greece');
    expect(out.regionUnits!.length).toBe(2121);
  });
});
