/**
 * JNTO visitor arrivals to Japan by nationality, the 1996–2025 export (Visitors_by_nationality.csv):
 * row 1 `,Country,Korea,Korea,…` (each nationality over five columns), row 2 `Year,Month,Total,
 * Tourist,Business,Others,Short Excursion,…`, then `1996,January,"89,392",…` one row per month.
 *
 * - The file has no grand-total column, and its nationalities do not add up to JNTO's total
 *   (stateless persons and other nationalities are in no column), so Japan's total is not taken
 *   from it. Retained: each nationality's Total (origin by name, as the 2017 file's columns), the
 *   regions it heads (Middle East, Africa, GCC) and the "<Region> Unclassified" residuals.
 * - Months whose row gives no purpose figure at all (2025-03 and 2025-04 in this copy: rounded
 *   totals only) are JNTO's provisional estimates, served as provisional.
 * - The file names no source address: it is read as a JNTO export, with that caution in its title.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { ObsStatus, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { groupTarget, parseJntoNumber, type GroupTarget } from './jnto';
import { arrivalsSeries, englishMonth, originRegion } from './national-arrivals';
import { readSourceText } from '../source-reads';

export const JNTO_NATIONALITY_FILE = 'jnto/Visitors_by_nationality.csv';
export const JNTO_NATIONALITY_HEADER = ',Country,';
const TABLE = 'jnto_visitors_by_nationality';

export const JNTO_NATIONALITY_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'Japan National Tourism Organization',
  title: 'Visitor arrivals to Japan by nationality, monthly 1996–2025 (an export of JNTO statistics; the copy names no source address)',
  url: 'https://www.jnto.go.jp/statistics/data/visitors-statistics/',
  file: JNTO_NATIONALITY_FILE,
};

/** Columns headed by a group this file adds to those of the 2017 file. */
function target(header: string, resolver: CountryResolver): GroupTarget | string {
  if (header === 'GCC') return { breakdown: originRegion('GCC'), name: 'nationalities of the Gulf Cooperation Council (region total)' };
  return groupTarget(header, resolver);
}

export function parseJntoNationality(text: string, resolver: CountryResolver): ConnectorOutput {
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const [groups = [], purposes = [], ...body] = rows;
  const columns: Array<{ col: number; target: GroupTarget }> = [];
  purposes.forEach((purpose, col) => {
    const group = (groups[col] ?? '').trim();
    if (col < 2 || purpose.trim() !== 'Total' || !group) return;
    const t = target(group, resolver);
    if (typeof t === 'string') rejected.push({ table: TABLE, row: `column ${col + 1}: ${group}`, reason: t });
    else columns.push({ col, target: t });
  });
  const months: Array<{ period: string; cells: string[]; status: ObsStatus; flags: string }> = [];
  body.forEach((row, i) => {
    const year = Number(row[0]);
    const month = englishMonth(row[1] ?? '');
    if (!Number.isInteger(year) || year < 1900 || month === 0) {
      rejected.push({ table: TABLE, row: `line ${i + 3}: "${row[0]},${row[1]}"`, reason: 'not a year and month' });
      return;
    }
    const hasPurposes = row.some((c, col) => col >= 2 && (purposes[col] ?? '').trim() !== 'Total' && c.trim() !== '');
    months.push({ period: monthPeriod(year, month), cells: row, status: hasPurposes ? 'published' : 'provisional', flags: hasPurposes ? '' : 'provisional' });
  });
  const series: ParsedSeries[] = [];
  for (const { col, target: t } of columns) {
    const observations: ParsedObservation[] = [];
    for (const m of months) {
      const cell = m.cells[col] ?? '';
      const value = parseJntoNumber(cell);
      if (Number.isNaN(value)) rejected.push({ table: TABLE, row: `${m.period} / ${t.name}: "${cell}"`, reason: 'not a number' });
      else if (value === null) observations.push({ period: m.period, value: null, status: 'not_published', flags: '' });
      else observations.push({ period: m.period, value, status: m.status, flags: m.flags });
    }
    series.push(arrivalsSeries('JP', TABLE, t.breakdown, `Visitor arrivals to Japan, ${t.name}`, observations));
  }
  return { tables: [JNTO_NATIONALITY_TABLE], series: series.filter((s) => s.observations.length > 0), rejected };
}

export function loadJntoNationality(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return parseJntoNationality(readSourceText(sourcesDir, JNTO_NATIONALITY_FILE), resolver);
}
