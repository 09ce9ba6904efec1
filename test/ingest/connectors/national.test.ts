/**
 * The national offices' monthly visitor arrivals, each read from its real file: the check figures
 * of ../shared/data/SOURCES.md, the flags of partial and preliminary months, and origins resolved
 * by the publisher's codes (or names, counted when they fail).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import type { ParsedSeries } from '../../../src/domain/types';
import type { ConnectorOutput } from '../../../src/ingest/records';
import { loadAbs } from '../../../src/ingest/connectors/abs';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import { daysInMonth, loadHkImmd, parseHkImmd } from '../../../src/ingest/connectors/hk-immd';
import { loadJntoNationality } from '../../../src/ingest/connectors/jnto-nationality';
import { loadMalaysia, parseMalaysia } from '../../../src/ingest/connectors/malaysia';
import { loadMtur, mturOrigin } from '../../../src/ingest/connectors/mtur-brazil';
import { englishMonth, parseGroupedNumber } from '../../../src/ingest/connectors/national-arrivals';
import { loadNtto, nttoMonth } from '../../../src/ingest/connectors/ntto';
import { loadSingstat, SINGSTAT_API_FILE, singstatMonth } from '../../../src/ingest/connectors/singstat';
import { loadStatcan, STATCAN_FULL_TABLE_FILE, statcanMonth, withoutFootnote } from '../../../src/ingest/connectors/statcan';
import { infoshareMonth, loadInfoshare } from '../../../src/ingest/connectors/statsnz';
import { loadStatsNz, mergeStatsNz } from '../../../src/ingest/connectors/statsnz-releases';
import { loadStatsNzWorkbook, parseStatsNzWorkbook, statsNzWorkbookFile, type StatsNzWorkbook } from '../../../src/ingest/connectors/statsnz-workbook';
import { checkSourceFile, delimitedProblem } from '../../../src/ingest/source-shape';
import { SOURCE_FILES } from '../../../src/ingest/source-files';
import { editXlsxEntry } from '../../helpers/xlsx-edit';
import { displayedFigures, FULL_TABLE_HEADER, singstatApiJson, statcanFullTableCsv } from '../../helpers/fetched-formats';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

const find = (series: ParsedSeries[], member: string | null) => {
  const s = series.find((x) => (x.breakdown?.member ?? null) === member);
  if (!s) throw new Error(`no series ${member ?? 'total'}`);
  return s;
};
const at = (s: ParsedSeries, period: string) => s.observations.find((o) => o.period === period);
const valueAt = (s: ParsedSeries, period: string) => at(s, period)?.value;
const sum = (s: ParsedSeries, year: string) => s.observations.filter((o) => o.period.startsWith(year)).reduce((n, o) => n + (o.value ?? 0), 0);

describe('shared parsing', () => {
  it('reads English month names, grouped numbers and the publishers’ month labels', () => {
    expect([englishMonth('January'), englishMonth('oct'), englishMonth('Marco'), englishMonth('Ma')]).toEqual([1, 10, 0, 0]);
    expect([parseGroupedNumber('1,567,317'), parseGroupedNumber(' 42 '), parseGroupedNumber(''), parseGroupedNumber('1,56')]).toEqual([1567317, 42, null, NaN]);
    expect([statcanMonth('October 2025'), singstatMonth('2024Nov'), infoshareMonth('2003M07'), infoshareMonth('2003M13')]).toEqual(['2025-10', '2024-11', '2003-07', null]);
    expect(withoutFootnote('Americas, n.o.s. 3')).toBe('Americas, n.o.s.');
    expect(daysInMonth('2024-02')).toBe(29);
  });

  it('reads NTTO month headers: serial days, text months and their notes', () => {
    expect(nttoMonth(43678)).toEqual({ period: '2019-08', status: 'published', flags: '' });
    expect(nttoMonth('2022-1')).toEqual({ period: '2022-01', status: 'published', flags: '' });
    expect(nttoMonth('2022-12\r\nFinal as Available')).toEqual({ period: '2022-12', status: 'published', flags: 'final as available' });
    expect(nttoMonth('2023-01\r\nPreliminary')).toEqual({ period: '2023-01', status: 'provisional', flags: 'preliminary' });
    expect(nttoMonth('Notes:')).toBeNull();
  });
});

describe('ABS 3401.0 Table 1 (Australia)', () => {
  const out = loadAbs(SOURCES_DIR);
  const total = find(out.series, null);

  it('gives short-term visitors arriving, Original series: the SOURCES.md check figures', () => {
    expect(out.series).toHaveLength(1);
    expect(total).toMatchObject({ country: 'AU', freq: 'M', table: 'abs_3401_table1' });
    expect(valueAt(total, '2019-08')).toBe(789200);
    expect(valueAt(total, '2026-03')).toBe(818990);
    expect(total.observations[0].period).toBe('1976-01');
    expect(total.observations.at(-1)?.period).toBe('2026-03');
    expect(out.rejected).toEqual([]);
  });
});

describe('StatCan 24-10-0050-01 (Canada)', () => {
  const out = loadStatcan(SOURCES_DIR);

  it('gives all non-resident visitors, the SOURCES.md check figure, with the release date', () => {
    expect(valueAt(find(out.series, null), '2025-10')).toBe(2363398);
    expect(find(out.series, null).observations[0].period).toBe('2020-01');
    expect(out.tables[0].released).toBe('2025-12-22');
  });

  it('gives United States residents as origin us and the groups as regions and n.o.s. residuals', () => {
    const us = valueAt(find(out.series, 'us'), '2025-10') ?? 0;
    const rest = valueAt(find(out.series, 'region-other-than-united-states'), '2025-10') ?? 0;
    expect(us + rest).toBe(2363398);
    expect(valueAt(find(out.series, 'region-europe'), '2025-10')).toBe(254266);
    expect(find(out.series, 'other-americas')).toBeDefined();
    expect(out.series).toHaveLength(38);
    expect(out.rejected).toEqual([]);
  });
});

/** A sources folder holding the held exports and `files` (fetched formats) beside them; removed after `run`. */
function withFetched<T>(files: Record<string, string>, run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-fetched-'));
  try {
    for (const held of ['statcan/2410005001cad-eng.csv', 'singstat/international_visitor_arrivals.csv']) {
      fs.mkdirSync(path.dirname(path.join(dir, held)), { recursive: true });
      fs.copyFileSync(path.join(SOURCES_DIR, held), path.join(dir, held));
    }
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    return run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('StatCan 24-10-0050-01 from the full-table download the refresh fetches', () => {
  const held = loadStatcan(SOURCES_DIR);
  const figures = displayedFigures();

  it('gives the same series, names and figures as the table as displayed, from the same figures', () => {
    // Rows the displayed table has no row for: the provinces' and single countries' ('..': no figure, as StatCan marks them).
    const extra = [
      { refDate: '2025-10', geo: 'Ontario', member: 'Europe', value: '', status: '..' },
      { refDate: '2025-10', geo: 'Canada', member: 'France', value: '', status: '..' },
    ];
    const out = withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv({ extra }) }, (dir) => loadStatcan(dir));
    expect(out.tables[0]).toMatchObject({ code: 'statcan_24100050', file: STATCAN_FULL_TABLE_FILE });
    expect(out.tables[0].released).toBeUndefined(); // the data CSV carries no release date
    expect(out.series).toEqual(held.series);
    expect(valueAt(find(out.series, null), '2025-10')).toBe(2363398);
    expect(out.rejected).toEqual([]);
  });

  it('reads only Canada’s rows, and serves a month the download adds', () => {
    const total = 'Non-resident visitors entering Canada';
    const extra = [
      // Test fixtures, not StatCan's figures: 2025-11 carries the held 2024-11 figure; Ontario's row carries Canada's.
      { refDate: '2025-11', geo: 'Canada', member: total, value: figures.get(total)?.get('2024-11') ?? '' },
      { refDate: '2025-10', geo: 'Ontario', member: total, value: figures.get(total)?.get('2025-10') ?? '' },
    ];
    const out = withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv({ extra }) }, (dir) => loadStatcan(dir));
    const series = find(out.series, null);
    expect(series.observations.at(-1)).toEqual({ period: '2025-11', value: valueAt(find(held.series, null), '2024-11'), status: 'published', flags: '' });
    expect(series.observations.slice(0, -1)).toEqual(find(held.series, null).observations);
    expect(out.rejected).toEqual([]);
  });

  it('counts figures it cannot take: not a number, not in units', () => {
    const extra = [
      { refDate: '2025-11', geo: 'Canada', member: 'Europe', value: '1,2' },
      { refDate: '2025-11', geo: 'Canada', member: 'Asia', value: figures.get('Asia')?.get('2024-11') ?? '', scalar: 'thousands' },
    ];
    const out = withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv({ extra }) }, (dir) => loadStatcan(dir));
    expect(out.rejected.map((r) => r.reason)).toEqual(['not a number', 'figures not in units are not read']);
    expect(out.series).toEqual(held.series);
  });

  it('refuses to guess when the dimensions between DGUID and UOM are not the one it reads', () => {
    const header = [...FULL_TABLE_HEADER.slice(0, 4), 'Traveller characteristics', ...FULL_TABLE_HEADER.slice(4)];
    const out = withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv({ keep: () => false, header }) }, (dir) => loadStatcan(dir));
    expect(out.series).toEqual([]);
    expect(out.rejected[0].reason).toMatch(/one dimension \(Country of residence\) between DGUID and UOM/);
  });
});

describe('SingStat M550001 (Singapore)', () => {
  const out = loadSingstat(SOURCES_DIR, resolver);

  it('gives the total, the SOURCES.md check figure, and markets resolved by name', () => {
    expect(valueAt(find(out.series, null), '2024-11')).toBe(1340888);
    expect(find(out.series, null).observations[0].period).toBe('1978-01');
    expect(valueAt(find(out.series, 'hk'), '2024-11')).toBe(29421); // "Hong Kong SAR"
    expect(valueAt(find(out.series, 'us'), '2024-11')).toBe(60653); // "USA"
    expect(valueAt(find(out.series, 'region-southeast-asia'), '2024-11')).toBe(471019);
    expect(out.rejected).toEqual([]);
  });
});

describe('SingStat M550001 from the Table Builder API answer the refresh fetches', () => {
  const held = loadSingstat(SOURCES_DIR, resolver);

  it('gives the same series, names and figures as the table-builder CSV, from the same figures', () => {
    const out = withFetched({ [SINGSTAT_API_FILE]: singstatApiJson() }, (dir) => loadSingstat(dir, resolver));
    expect(out.tables[0]).toMatchObject({ code: 'singstat_m550001', file: SINGSTAT_API_FILE });
    expect(out.series).toEqual(held.series);
    expect(valueAt(find(out.series, null), '2024-11')).toBe(1340888);
    expect(out.rejected).toEqual(held.rejected);
  });

  it('serves a month the answer adds', () => {
    const total = 'Total International Visitor Arrivals By Inbound Tourism Markets';
    // A test fixture, not SingStat's figure: 2024 Dec carries the held 2023-12 total.
    const dec2023 = String(valueAt(find(held.series, null), '2023-12'));
    const out = withFetched({ [SINGSTAT_API_FILE]: singstatApiJson({ extra: { [total]: [{ key: '2024 Dec', value: dec2023 }] } }) }, (dir) => loadSingstat(dir, resolver));
    const series = find(out.series, null);
    expect(series.observations.at(-1)).toEqual({ period: '2024-12', value: Number(dec2023), status: 'published', flags: '' });
    expect(series.observations.slice(0, -1)).toEqual(find(held.series, null).observations);
    expect(find(out.series, 'us').observations).toEqual(find(held.series, 'us').observations);
  });
});

describe('Hong Kong Immigration Department daily passenger traffic', () => {
  const out = loadHkImmd(SOURCES_DIR);

  it('sums Mainland and other visitors of the arrival rows: the SOURCES.md check figures', () => {
    const total = find(out.series, null);
    expect(valueAt(total, '2024-08')).toBe(4454169);
    expect(valueAt(total, '2026-02')).toBe(5142035);
    expect(total.derived).toBe(true);
    expect((valueAt(find(out.series, 'cn'), '2024-08') ?? 0) + (valueAt(find(out.series, 'other'), '2024-08') ?? 0)).toBe(4454169);
  });

  it('leaves out March 2026, whose days are not all in the file, and counts it', () => {
    expect(find(out.series, null).observations.at(-1)?.period).toBe('2026-02');
    expect(out.rejected).toEqual([{ table: 'hk_immd_daily_passenger_traffic', row: '2026-03', reason: 'month incomplete: 8 of 31 days in the file, not served' }]);
  });

  it('counts residents and departures out (hand-worked fixture)', () => {
    const lines = ['\uFEFFDate,Control Point,Arrival / Departure,Hong Kong Residents,Mainland Visitors,Other Visitors,Total,'];
    for (let d = 1; d <= 28; d++) {
      const day = `${String(d).padStart(2, '0')}-02-2023`;
      lines.push(`${day},Airport,Arrival,100,2,3,105,`, `${day},Airport,Departure,100,50,50,200,`, `${day},Lo Wu,Arrival,7,1,0,8,`);
    }
    lines.push('01-03-2023,Airport,Arrival,1,1,1,3,');
    const fixture = parseHkImmd(lines.join('\n'));
    expect(find(fixture.series, null).observations).toEqual([{ period: '2023-02', value: 28 * 6, status: 'published', flags: '' }]);
    expect(find(fixture.series, 'cn').observations[0].value).toBe(28 * 3);
  });
});

describe('NTTO I-94 monthly arrivals (United States)', () => {
  const out = loadNtto(SOURCES_DIR, resolver);
  const total = find(out.series, null);

  it('gives TOTAL ALL COUNTRIES and countries of residence: the SOURCES.md check figures', () => {
    expect(valueAt(total, '2019-08')).toBe(8114715);
    expect(valueAt(find(out.series, 'ca'), '2019-08')).toBe(2435091);
    expect(valueAt(find(out.series, 'mx'), '2019-08')).toBe(1617176);
    expect(valueAt(find(out.series, 'jp'), '2019-08')).toBe(401562);
    expect(at(total, '2019-08')?.status).toBe('published');
  });

  it('ends the total at 2022-11: the partial months 2022-12 and 2023-01 leave it empty', () => {
    expect(total.observations.at(-1)?.period).toBe('2022-11');
    expect(at(total, '2022-11')).toMatchObject({ status: 'provisional', flags: 'subject to revision' });
  });

  it('flags the overseas rows of the partial months: final as available, then preliminary', () => {
    const jp = find(out.series, 'jp');
    expect(at(jp, '2022-12')).toMatchObject({ status: 'published', flags: 'final as available' });
    expect(at(jp, '2023-01')).toMatchObject({ status: 'provisional', flags: 'preliminary' });
    expect(at(jp, '2022-11')).toMatchObject({ status: 'published', flags: '' });
  });

  it('resolves every country row; air-only rows and places that are no country are counted', () => {
    expect(out.rejected.filter((r) => r.reason === 'country of residence not recognised')).toEqual([]);
    expect(out.rejected.map((r) => r.row)).toEqual([
      'row 17: Overseas (air only)',
      'row 18: Canada (air only)',
      'row 19: Mexico (air only)',
      'row 116: Indian Ocean Areas (French)',
      'row 169: Netherlands Antilles',
      'row 248: West Indies (French)',
      'row 252: Yugoslavia',
    ]);
    expect(valueAt(find(out.series, 'cd'), '2019-08')).toBeGreaterThan(0); // "Zaire ( formerly Congo, Democratic Republic of)"
  });
});

describe('Stats NZ Infoshare visitor arrivals by citizenship (New Zealand)', () => {
  const out = loadInfoshare(SOURCES_DIR, resolver);

  it('gives TOTAL ALL CITIZENSHIPS from 2003-07 to 2024-06 and each citizenship’s total', () => {
    const total = find(out.series, null);
    expect(total.observations[0]).toEqual({ period: '2003-07', value: 145566, status: 'published', flags: '' });
    expect(total.observations.at(-1)).toEqual({ period: '2024-06', value: 185294, status: 'published', flags: '' });
    expect(valueAt(find(out.series, 'au'), '2024-06')).toBe(64945);
    expect(valueAt(find(out.series, 'cn'), '2003-07')).toBe(3600); // "China, People's Republic of"
    expect(out.series).toHaveLength(10);
    expect(out.tables[0].released).toBe('2024-08-13');
    expect(out.rejected).toEqual([]);
  });
});

const WORKBOOK = 'statsnz/international-visitor-arrivals-to-new-zealand-may-2024.xlsx';
/** The workbook's sheet "Tables 1&2" inside the zip (xl/workbook.xml's rId8). */
const TABLES_XML = 'xl/worksheets/sheet8.xml';

describe('Stats NZ monthly release workbook, May 2024 (New Zealand)', () => {
  const workbook = loadStatsNzWorkbook(SOURCES_DIR)!;
  const total = find(workbook.out.series, null);

  it('reads Table 1, the five years to May 2024, as the cells give them', () => {
    expect(statsNzWorkbookFile(SOURCES_DIR)).toBe(WORKBOOK);
    expect(total.observations).toHaveLength(60);
    expect([total.observations[0].period, total.observations.at(-1)!.period]).toEqual(['2019-06', '2024-05']);
    // Checked by hand against the sheet's XML: B9 (2019/20, Jun), B19 (2019/20, Apr), F15 (2023/24, Dec), F20 (2023/24, May).
    expect(at(total, '2019-06')).toEqual({ period: '2019-06', value: 213536, status: 'published', flags: '' });
    expect(valueAt(total, '2020-04')).toBe(1721);
    expect(valueAt(total, '2023-12')).toBe(418869);
    expect(valueAt(total, '2024-05')).toBe(179665);
    // Table 2, year ended May 2024 (B42): the sum of the 2023/24 column.
    expect(total.observations.filter((o) => o.period >= '2023-06').reduce((n, o) => n + o.value!, 0)).toBe(3206459);
    expect(workbook.out.series).toHaveLength(1);
    expect(workbook.out.rejected).toEqual([]);
  });

  it('is dated by the month it says it was published in, at that month’s end', () => {
    expect([workbook.released, workbook.dated]).toEqual(['2024-07-31', 'July 2024']);
    expect(workbook.out.tables[0]).toMatchObject({ code: 'statsnz_iva_monthly_release', file: WORKBOOK, released: '2024-07-31' });
  });

  it('does not read a year column that does not sum to Table 2’s year ended May', () => {
    const data = editXlsxEntry(fs.readFileSync(path.join(SOURCES_DIR, WORKBOOK)), TABLES_XML, (xml) => xml.replace('<c r="F20" s="76"><v>179665</v>', '<c r="F20" s="76"><v>179666</v>'));
    const edited = parseStatsNzWorkbook(data, WORKBOOK);
    expect(edited.out.rejected.map((r) => [r.row, r.reason])).toEqual([
      [`${WORKBOOK}: Tables 1&2, Table 1, 2023/24`, 'the months (12 figures) sum to 3206460, Table 2 gives 3206459 for the year ended May 2024: not read'],
    ]);
    expect(find(edited.out.series, null).observations.at(-1)!.period).toBe('2023-05');
  });

  it('takes the newest workbook in the folder by the month and year its name carries', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statsnz-'));
    try {
      fs.mkdirSync(path.join(dir, 'statsnz'));
      const names = ['may-2024', 'december-2025', 'april-2026', 'march-2026'].map((m) => `international-visitor-arrivals-to-new-zealand-${m}.xlsx`);
      for (const name of [...names, 'international-visitor-arrivals-to-new-zealand-2027.xlsx']) fs.writeFileSync(path.join(dir, 'statsnz', name), '');
      expect(statsNzWorkbookFile(dir)).toBe(`statsnz/${names[2]}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('New Zealand from both Stats NZ publications: the newest wins for each month it gives', () => {
  const infoshare = loadInfoshare(SOURCES_DIR, resolver);
  const workbook = loadStatsNzWorkbook(SOURCES_DIR)!;
  /** The workbook as a later release would be: dated after the Infoshare export, one figure changed. */
  const later = (change: Record<string, number>): StatsNzWorkbook => ({
    ...workbook,
    released: '2024-09-30',
    dated: 'September 2024',
    out: {
      ...workbook.out,
      series: workbook.out.series.map((s) => ({ ...s, observations: s.observations.map((o) => (o.period in change ? { ...o, value: change[o.period] } : o)) })),
    },
  });

  it('as held: the export of 13/08/2024 is newer than the workbook of July 2024 and gives every month; the months both give agree', () => {
    const out = loadStatsNz(SOURCES_DIR, resolver);
    const total = find(out.series, null);
    expect(total.observations).toHaveLength(252);
    expect(at(total, '2024-05')).toEqual({ period: '2024-05', value: 179665, status: 'published', flags: '', firstReleased: '2024-07-31' });
    expect(at(total, '2024-06')).toEqual({ period: '2024-06', value: 185294, status: 'published', flags: '', firstReleased: '2024-08-13' });
    expect(at(total, '2019-05')?.firstReleased).toBe('2024-08-13');
    expect(total.sourceRevisions).toBeUndefined();
    expect(total.table).toBe('statsnz_itm_visitor_arrivals_citizenship');
    expect(total.names.en).toBe("Visitor arrivals to New Zealand. Figures from Stats NZ's release of 13/08/2024 (2003-07–2024-06)");
    expect(out.series).toHaveLength(10);
    expect(out.tables.map((t) => t.code)).toEqual(['statsnz_itm_visitor_arrivals_citizenship']);
    expect(out.rejected).toEqual([]);
  });

  it('a later workbook: its months from it, a changed figure logged as Stats NZ’s revision, the export’s newer month kept', () => {
    const total = find(mergeStatsNz(infoshare, later({ '2024-05': 179700 })).series, null);
    expect(valueAt(total, '2024-05')).toBe(179700);
    expect(valueAt(total, '2024-06')).toBe(185294); // only the export gives it
    expect(total.sourceRevisions).toEqual([
      { period: '2024-05', oldValue: 179665, oldStatus: 'published', newValue: 179700, newStatus: 'published', oldReleased: '2024-08-13', newReleased: '2024-09-30' },
    ]);
    expect(total.table).toBe('statsnz_iva_monthly_release');
    expect(total.names.en).toBe(
      "Visitor arrivals to New Zealand. Figures from Stats NZ's releases of September 2024 (2019-06–2024-05); 13/08/2024 (2003-07–2019-05, 2024-06)",
    );
  });

  it('an older export: the months only the workbook gives come from it', () => {
    const older: ConnectorOutput = {
      ...infoshare,
      tables: infoshare.tables.map((t) => ({ ...t, released: '2024-02-14' })),
      series: infoshare.series.map((s) => ({ ...s, observations: s.observations.filter((o) => o.period <= '2023-12') })),
    };
    const total = find(mergeStatsNz(older, workbook).series, null);
    expect(total.observations.at(-1)).toEqual({ period: '2024-05', value: 179665, status: 'published', flags: '', firstReleased: '2024-07-31' });
    expect(at(total, '2024-01')).toMatchObject({ value: 326427, firstReleased: '2024-07-31' });
    expect(at(total, '2003-07')).toMatchObject({ value: 145566, firstReleased: '2024-02-14' });
    expect(total.sourceRevisions).toBeUndefined();
  });
});

describe('data.gov.my arrivals_soe (Malaysia)', () => {
  const out = loadMalaysia(SOURCES_DIR, resolver);

  it('sums every nationality and state of entry into the national total, 2020-01 to 2024-10', () => {
    const total = find(out.series, null);
    expect(total.observations[0].period).toBe('2020-01');
    expect(total.observations.at(-1)).toEqual({ period: '2024-10', value: 3099807, status: 'published', flags: '' });
    expect(sum(total, '2023')).toBe(30515304);
    expect(valueAt(find(out.series, 'sg'), '2024-10')).toBe(1560379);
  });

  it('resolves nationalities by ISO3; codes of no country stay in the total and are counted', () => {
    expect(out.rejected.map((r) => r.row).sort()).toEqual(['nationality ANT (49 rows)', 'nationality XXX (597 rows)', 'nationality ZAR (58 rows)']);
    const fixture = parseMalaysia('date,country,soe,arrivals,arrivals_male,arrivals_female\n2024-01-01,SGP,Johor,10,5,5\n2024-01-01,SGP,Sabah,2,1,1\n2024-01-01,XXX,Johor,1,1,0\n', resolver);
    expect(find(fixture.series, null).observations[0].value).toBe(13);
    expect(find(fixture.series, 'sg').observations[0].value).toBe(12);
  });
});

describe('JNTO visitor arrivals by nationality 1996–2025 (Japan)', () => {
  const out = loadJntoNationality(SOURCES_DIR, resolver);

  it('gives each nationality from 1996 (JNTO’s totals, e.g. the United States in 2019-08) and no grand total', () => {
    expect(out.series.some((s) => s.breakdown === null)).toBe(false);
    expect(valueAt(find(out.series, 'us'), '2019-08')).toBe(117828);
    expect(valueAt(find(out.series, 'kr'), '1996-01')).toBe(89392);
    expect(valueAt(find(out.series, 'nl'), '2019-08')).toBeGreaterThan(0); // "Netherland"
    expect(find(out.series, 'region-gcc')).toBeDefined();
    expect(out.rejected).toEqual([]);
  });

  it('marks the months with rounded totals and no purposes (2025-03, 2025-04) provisional', () => {
    const kr = find(out.series, 'kr');
    expect(at(kr, '2025-02')).toEqual({ period: '2025-02', value: 847358, status: 'published', flags: '' });
    expect(at(kr, '2025-04')).toEqual({ period: '2025-04', value: 721600, status: 'provisional', flags: 'provisional' });
  });
});

describe('MTur chegadas (Brazil)', () => {
  const out = loadMtur(SOURCES_DIR, resolver);

  it('sums 2023 to the SOURCES.md total and resolves countries by the ministry’s cod pais', () => {
    expect(sum(find(out.series, null), '2023')).toBe(5908341);
    expect(find(out.series, null).observations).toHaveLength(12);
    expect(out.rejected).toEqual([]);
    expect(find(out.series, 'ar')).toMatchObject({ derived: true, country: 'BR' });
    expect(find(out.series, 'other-europe')).toBeDefined();
    expect(find(out.series, 'not-specified')).toBeDefined();
  });

  it('refuses a code whose name is not the one the ministry gives it', () => {
    expect(mturOrigin('26', 'Argentina', '4', resolver)).toMatchObject({ breakdown: { dimension: 'origin', member: 'ar' } });
    expect(mturOrigin('26', 'Chile', '4', resolver)).toBe('country code 26 is Argentina but the row names Chile');
    expect(mturOrigin('999', 'Atlântida', '4', resolver)).toBe("country code 999 (Atlântida) not in the ministry's code list");
  });
});

describe('shape checks of the national files', () => {
  it('find every national file whole and in its layout', () => {
    const national = SOURCE_FILES.flatMap((rule) => rule.files(SOURCES_DIR).map((file) => ({ file, shape: rule.shape }))).filter(({ file }) =>
      /^(abs|statcan|singstat|hk_immd|ntto|statsnz|malaysia|mtur_brazil)\/|Visitors_by_nationality/.test(file),
    );
    expect(national.map((n) => n.file).sort()).toEqual([
      'abs/340101.xlsx',
      'hk_immd/statistics_on_daily_passenger_traffic.csv',
      'jnto/Visitors_by_nationality.csv',
      'malaysia/arrivals_soe.csv',
      'mtur_brazil/chegadas_2023.csv',
      'ntto/us_Monthly-Arrivals-2000-Present.xlsx',
      'singstat/international_visitor_arrivals.csv',
      'statcan/2410005001cad-eng.csv',
      'statsnz/ITM524901_20240902_114033_41.csv',
      WORKBOOK,
    ]);
    for (const { file, shape } of national) expect(checkSourceFile(SOURCES_DIR, file, shape)).toBeNull();
  });

  it('check the fetched formats when they are the files read: the cell or key that changed named', () => {
    const renamed = FULL_TABLE_HEADER.map((h) => (h === 'VALUE' ? 'OBS_VALUE' : h));
    const answer = JSON.parse(singstatApiJson({ keep: (t) => t.startsWith('Total') }));
    delete answer.Data.row[0].columns[3].value;
    // The folder holds the national tables only: every other file is missing from it, and left out here.
    const problemsIn = (dir: string) =>
      SOURCE_FILES.flatMap((rule) => rule.files(dir).map((file) => checkSourceFile(dir, file, rule.shape))).filter((p) => p !== null && p.message !== 'file missing');
    const problems = withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv({ header: renamed }), [SINGSTAT_API_FILE]: JSON.stringify(answer) }, problemsIn);
    // The held exports are not read while a fetched file stands for them, so not checked.
    expect(problems).toEqual([
      {
        file: STATCAN_FULL_TABLE_FILE,
        line: 1,
        cell: 'K1',
        message: expect.stringMatching(/^header cell expected "VALUE" \(the header ends UOM,.*DECIMALS\), found other text:/),
        // The publisher's text is for the log, not the reason callers read.
        found: 'OBS_VALUE',
      },
      { file: SINGSTAT_API_FILE, key: 'Data.row[0].columns[3].value', message: expect.stringMatching(/^expected a string or a number, found nothing/) },
    ]);
    expect(withFetched({ [STATCAN_FULL_TABLE_FILE]: statcanFullTableCsv(), [SINGSTAT_API_FILE]: singstatApiJson() }, problemsIn)).toEqual([]);
    const [cut] = withFetched({ [SINGSTAT_API_FILE]: singstatApiJson().slice(0, 5000) }, problemsIn);
    expect(cut).toMatchObject({ file: SINGSTAT_API_FILE, message: 'not complete JSON (file truncated?)', found: expect.any(String) });
  });

  it('refuse a StatCan table cut before its footnotes', () => {
    const text = fs.readFileSync(path.join(SOURCES_DIR, 'statcan/2410005001cad-eng.csv'), 'utf8');
    const shape = SOURCE_FILES.flatMap((rule) => rule.files(SOURCES_DIR).map((file) => ({ file, shape: rule.shape }))).find((r) => r.file.startsWith('statcan/'))!.shape;
    if (shape.kind !== 'delimited') throw new Error('StatCan is read as delimited text');
    expect(delimitedProblem(text, shape)).toBeNull();
    const cut = text.slice(0, text.indexOf('"Africa,'));
    expect(delimitedProblem(cut, shape)?.message).toMatch(/line ending the table .* is missing \(file truncated\?\)/);
  });
});
