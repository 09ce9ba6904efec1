/**
 * Australian Bureau of Statistics, 3401.0 Overseas Arrivals and Departures, Table 1 (time-series
 * workbook 340101.xlsx). Sheet Data1: row 1 the series names ("Number of movements ;  Short-term
 * Visitors arriving ;"), rows 2–10 the metadata (Series Type Original / Seasonally Adjusted / Trend,
 * Series ID …), then one row per month dated by an Excel serial day.
 *
 * Retained: short-term visitors arriving, Original series: Australia's visitor arrivals. The other
 * movements (residents returning, permanent and long-term arrivals, total arrivals) are not
 * visitors; the adjusted and trend series are not the publisher's counts (and are suspended since
 * 2020).
 */
import type { ParsedObservation, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { readSheet, type SheetRows } from '../workbook';
import { excelSerialToIsoDate } from './eia';
import { arrivalsSeries } from './national-arrivals';
import { readSource } from '../source-reads';

export const ABS_FILE = 'abs/340101.xlsx';
export const ABS_SHEET = 'Data1';
const TABLE = 'abs_3401_table1';
const VISITORS = /short-term visitors arriving/i;

export const ABS_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'Australian Bureau of Statistics',
  title: 'Overseas Arrivals and Departures, Australia (3401.0), Table 1: Total Movement, Arrivals – Category of Movement; short-term visitors arriving, Original',
  url: 'https://www.abs.gov.au/statistics/industry/tourism-and-transport/overseas-arrivals-and-departures-australia/latest-release',
  file: ABS_FILE,
};

/** The row whose first cell is `label` (the metadata rows of Data1). */
function metadataRow(rows: SheetRows, label: string): SheetRows[number] | undefined {
  return rows.find((r) => typeof r[0] === 'string' && r[0].trim() === label);
}

export function parseAbs(rows: SheetRows): ConnectorOutput {
  const rejected: RejectedRow[] = [];
  const names = rows[0] ?? [];
  const types = metadataRow(rows, 'Series Type') ?? [];
  const ids = metadataRow(rows, 'Series ID') ?? [];
  const col = names.findIndex((n, i) => typeof n === 'string' && VISITORS.test(n) && types[i] === 'Original');
  if (col < 0) {
    rejected.push({ table: TABLE, row: `${ABS_FILE} ${ABS_SHEET}`, reason: 'no "Short-term Visitors arriving" Original series column' });
    return { tables: [ABS_TABLE], series: [], rejected };
  }
  const observations: ParsedObservation[] = [];
  const firstData = rows.findIndex((r) => typeof r[0] === 'number');
  for (const [i, row] of rows.entries()) {
    if (firstData < 0 || i < firstData) continue;
    const date = row[0];
    const value = row[col];
    if (typeof date !== 'number') {
      if (row.some((c) => c !== null)) rejected.push({ table: TABLE, row: `${ABS_SHEET} row ${i + 1}`, reason: 'no month date in column A' });
      continue;
    }
    const period = excelSerialToIsoDate(date).slice(0, 7);
    if (value === null) continue; // not yet in the series
    if (typeof value !== 'number') {
      rejected.push({ table: TABLE, row: `${period}: "${String(value)}"`, reason: 'not a number' });
      continue;
    }
    observations.push({ period, value, status: 'published', flags: '' });
  }
  const seriesId = typeof ids[col] === 'string' ? ` (series ${ids[col]})` : '';
  return {
    tables: [ABS_TABLE],
    series: [arrivalsSeries('AU', TABLE, null, `Short-term visitors arriving in Australia, original${seriesId}`, observations)],
    rejected,
  };
}

export function loadAbs(sourcesDir: string): ConnectorOutput {
  const rows = readSheet(readSource(sourcesDir, ABS_FILE), ABS_SHEET);
  if (!rows) return { tables: [ABS_TABLE], series: [], rejected: [{ table: TABLE, row: ABS_FILE, reason: `sheet ${ABS_SHEET} not found` }] };
  return parseAbs(rows);
}
