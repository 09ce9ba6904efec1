/**
 * Singapore Department of Statistics, table M550001 "International Visitor Arrivals By Inbound
 * Tourism Markets", read from either of two files:
 *   - the Table Builder API's answer the refresh fetches (`/api/table/tabledata/M550001`, saved as
 *     M550001.json): `{ "Data": { "row": [ { "seriesNo", "rowText", "uoM", "footnote", "columns":
 *     [ { "key": "2024 Nov", "value": "1340888" }, … ] }, … ], … }, … }`;
 *   - else the table-builder CSV stored in the sources folder (international_visitor_arrivals.csv):
 *     header `DataSeries,2024Nov,2024Oct,…` newest first, then the total row and the markets, indented.
 * Both write "na" for a month without a figure.
 *
 * Retained: the total (Singapore's visitor arrivals), the regions the table names (origin-region-…) and
 * the markets, resolved by name (SingStat gives no codes). A market no name resolves is a rejected
 * row, counted.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { JsonKind } from '../source-shape';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { arrivalsSeries, englishMonth, origin, originRegion, parseGroupedNumber } from './national-arrivals';
import { readSourceText } from '../source-reads';
import { fileToRead } from '../latest-file';

export const SINGSTAT_FILE = 'singstat/international_visitor_arrivals.csv';
export const SINGSTAT_HEADER = 'DataSeries,';
/** The Table Builder API's answer, where the refresh puts it: read in place of SINGSTAT_FILE when present. */
export const SINGSTAT_API_FILE = 'singstat/M550001.json';
/** The keys of the API's answer the connector reads, with what each holds. */
export const SINGSTAT_API_KEYS: Readonly<Record<string, JsonKind>> = {
  Data: 'object',
  'Data.row': 'array',
  'Data.row[].rowText': 'string',
  'Data.row[].columns': 'array',
  'Data.row[].columns[].key': 'string',
  'Data.row[].columns[].value': 'scalar',
};
const TABLE = 'singstat_m550001';
const TOTAL = 'Total International Visitor Arrivals By Inbound Tourism Markets';
/** The table's regions (rows summing markets, most of which the table does not list). */
const REGIONS = ['Southeast Asia', 'North Asia', 'South Asia', 'West Asia', 'Greater China', 'Americas', 'Europe', 'Oceania', 'Africa'];

export const SINGSTAT_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'Singapore Department of Statistics',
  title: 'M550001 International Visitor Arrivals By Inbound Tourism Markets, Monthly',
  url: 'https://tablebuilder.singstat.gov.sg/table/TS/M550001',
  file: SINGSTAT_FILE,
};

/** '2024Nov' (the CSV's header) or '2024 Nov' (the API's keys) → '2024-11'; null when not a month. */
export function singstatMonth(label: string): string | null {
  const m = /^(\d{4})\s*([A-Za-z]{3})$/.exec(label.trim());
  const month = m ? englishMonth(m[2]) : 0;
  return m && month ? monthPeriod(Number(m[1]), month) : null;
}

function rowTarget(label: string, resolver: CountryResolver): { breakdown: Breakdown | null; name: string } | string {
  const base = 'International visitor arrivals to Singapore';
  if (label === TOTAL) return { breakdown: null, name: base };
  if (REGIONS.includes(label)) return { breakdown: originRegion(label), name: `${base}, market ${label} (region)` };
  const country = resolver.byName(label);
  if (!country) return resolver.nonCountryReason(label) ?? 'market not recognised';
  return { breakdown: origin(country.iso.toLowerCase()), name: `${base}, market ${country.name}` };
}

/** One row of the table, whichever file it came from: its label and its cells by month label. */
interface TableRow {
  label: string;
  cells: { month: string; cell: string }[];
}

/** The series of the table's rows; a month label that is no month is counted once, where it is first met. */
function seriesOfRows(rows: readonly TableRow[], table: SourceTableInfo, resolver: CountryResolver, rejected: RejectedRow[]): ConnectorOutput {
  const series: ParsedSeries[] = [];
  for (const { label, cells } of rows) {
    if (label === '') continue;
    const target = rowTarget(label, resolver);
    if (typeof target === 'string') {
      rejected.push({ table: TABLE, row: label, reason: target });
      continue;
    }
    const observations: ParsedObservation[] = [];
    for (const { month, cell } of cells) {
      const period = singstatMonth(month);
      if (!period) continue;
      const value = cell.trim() === 'na' ? null : parseGroupedNumber(cell);
      if (value === null) continue;
      if (Number.isNaN(value)) rejected.push({ table: TABLE, row: `${label} ${period}: "${cell}"`, reason: 'not a number' });
      else observations.push({ period, value, status: 'published', flags: '' });
    }
    series.push(arrivalsSeries('SG', TABLE, target.breakdown, target.name, observations));
  }
  return { tables: [table], series, rejected };
}

export function parseSingstat(text: string, resolver: CountryResolver): ConnectorOutput {
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const [header = [], ...body] = rows;
  header.forEach((c, i) => {
    if (i > 0 && singstatMonth(c) === null) rejected.push({ table: TABLE, row: `header cell ${i + 1}: "${c}"`, reason: 'not a month' });
  });
  const tableRows = body.map((row) => ({
    label: (row[0] ?? '').trim(),
    cells: row.slice(1).map((cell, i) => ({ month: header[i + 1] ?? '', cell })),
  }));
  return seriesOfRows(tableRows, SINGSTAT_TABLE, resolver, rejected);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The API's rows, or why the answer is not in the layout read (the shape check rejects such a file
 * before any connector runs; this keeps the connector from guessing when called on its own).
 */
function apiRows(answer: unknown): TableRow[] | string {
  const data = isObject(answer) ? answer.Data : undefined;
  const rows = isObject(data) ? data.row : undefined;
  if (!Array.isArray(rows)) return 'no Data.row array';
  const out: TableRow[] = [];
  for (const [i, row] of rows.entries()) {
    const columns = isObject(row) ? row.columns : undefined;
    if (!isObject(row) || typeof row.rowText !== 'string' || !Array.isArray(columns)) return `Data.row[${i}] has no rowText and columns`;
    const cells: TableRow['cells'] = [];
    for (const c of columns) {
      if (!isObject(c) || typeof c.key !== 'string' || (typeof c.value !== 'string' && typeof c.value !== 'number')) return `Data.row[${i}].columns holds a cell without key and value`;
      cells.push({ month: c.key, cell: String(c.value) });
    }
    out.push({ label: row.rowText.trim(), cells });
  }
  return out;
}

export function parseSingstatApi(text: string, resolver: CountryResolver): ConnectorOutput {
  const table = { ...SINGSTAT_TABLE, file: SINGSTAT_API_FILE };
  const rejected: RejectedRow[] = [];
  let answer: unknown;
  try {
    answer = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    rejected.push({ table: TABLE, row: SINGSTAT_API_FILE, reason: `not JSON: ${(err as Error).message}` });
    return { tables: [table], series: [], rejected };
  }
  const rows = apiRows(answer);
  if (typeof rows === 'string') {
    rejected.push({ table: TABLE, row: SINGSTAT_API_FILE, reason: `not the Table Builder layout: ${rows}` });
    return { tables: [table], series: [], rejected };
  }
  const months = new Set(rows.flatMap((r) => r.cells.map((c) => c.month)));
  for (const month of months) if (singstatMonth(month) === null) rejected.push({ table: TABLE, row: `column key "${month}"`, reason: 'not a month' });
  return seriesOfRows(rows, table, resolver, rejected);
}

/** The API's answer when the refresh has brought it, else the table-builder CSV. */
export function singstatFile(sourcesDir: string): string {
  return fileToRead(sourcesDir, SINGSTAT_API_FILE, SINGSTAT_FILE);
}

export function loadSingstat(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const file = singstatFile(sourcesDir);
  const text = readSourceText(sourcesDir, file);
  return file === SINGSTAT_API_FILE ? parseSingstatApi(text, resolver) : parseSingstat(text, resolver);
}
