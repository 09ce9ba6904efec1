/**
 * Statistics Canada table 24-10-0050-01, "Non-resident visitors entering Canada, by country of
 * residence", read from either of two files:
 *   - the full-table download the refresh fetches (24100050-eng.zip → 24100050.csv, StatCan's
 *     full-table CSV): `REF_DATE,GEO,DGUID`, one column per dimension of the table (here one,
 *     "Country of residence"), then `UOM,UOM_ID,SCALAR_FACTOR,SCALAR_ID,VECTOR,COORDINATE,VALUE,
 *     STATUS,SYMBOL,TERMINATED,DECIMALS`; one row per figure, every geography (Canada and the
 *     provinces) and every country of residence;
 *   - else the CSV as displayed stored in the sources folder (2410005001cad-eng.csv): title lines
 *     (with "Release date:"), a row of months ("January 2020" …), a "Visitors" row, then one row per
 *     group of countries of residence, footnotes and the citation after the table. Labels carry
 *     footnote numbers ("Americas, n.o.s. 3").
 *
 * Retained, from either: Canada's figures for the rows the displayed table has (STATCAN_GROUPS): all
 * non-resident visitors (Canada's visitor arrivals), United States residents (origin us), and the
 * publisher's groups: continents and sub-regions as `origin-region-…`, the residents it places in a
 * continent but in no country ("n.o.s.") as `origin-other-…`. The full table's single countries and
 * provinces are not read.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { arrivalsSeries, englishMonth, origin, originOther, originRegion, parseGroupedNumber } from './national-arrivals';
import { readSourceText } from '../source-reads';
import { fileToRead } from '../latest-file';

export const STATCAN_FILE = 'statcan/2410005001cad-eng.csv';
/** The full-table download's data file, where the refresh puts it: read in place of STATCAN_FILE when present. */
export const STATCAN_FULL_TABLE_FILE = 'statcan/24100050.csv';
/** The full-table CSV's fixed columns: these lead, these end the header; the table's dimensions lie between. */
export const STATCAN_FULL_TABLE_LEADING = ['REF_DATE', 'GEO', 'DGUID'] as const;
export const STATCAN_FULL_TABLE_TRAILING = ['UOM', 'UOM_ID', 'SCALAR_FACTOR', 'SCALAR_ID', 'VECTOR', 'COORDINATE', 'VALUE', 'STATUS', 'SYMBOL', 'TERMINATED', 'DECIMALS'] as const;
const TABLE = 'statcan_24100050';
const TABLE_URL = 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=2410005001';
/** The header row that names the months; the table ends where the footnotes begin. */
export const STATCAN_MONTHS_HEADER = 'Country of residence';
/** The footnotes line: what follows is free text (HTML links with unescaped quotes), not CSV. */
export const STATCAN_TABLE_END = /^"?Footnotes:/;

function statcanTable(file: string, released: string | null): SourceTableInfo {
  return {
    code: TABLE,
    publisher: 'Statistics Canada',
    title: 'Table 24-10-0050-01 Non-resident visitors entering Canada, by country of residence (monthly)',
    url: TABLE_URL,
    file,
    ...(released ? { released } : {}),
  };
}

/**
 * The rows of the table as displayed (without their footnote numbers), in its order: the members of
 * "Country of residence" read from the full table, which also has every single country.
 */
export const STATCAN_GROUPS: readonly string[] = [
  'Non-resident visitors entering Canada',
  'United States of America residents entering Canada',
  'Residents of countries other than the United States of America entering Canada',
  'Americas, countries other than the United States of America',
  'North America, countries other than the United States of America',
  'Central America',
  'Caribbean',
  'South America',
  'Americas, n.o.s.',
  'Europe',
  'Western Europe',
  'Central/Eastern Europe',
  'Northern Europe',
  'Southern Europe',
  'East Mediterranean Europe',
  'Europe, n.o.s.',
  'Africa',
  'Western Africa',
  'Eastern Africa',
  'Northern Africa',
  'Central Africa',
  'Southern Africa',
  'Africa, n.o.s.',
  'Asia',
  'Middle East',
  'Northeast Asia',
  'Southeast Asia',
  'Southern Asia',
  'Asia, n.o.s.',
  'Oceania',
  'Australasia',
  'Melanesia',
  'Micronesia',
  'Polynesia',
  'Oceania, n.o.s.',
  'Antarctica and Adjacent Islands',
  'Antarctica and Adjacent Islands Region',
  'Antarctica and Adjacent Islands, n.o.s.',
];

/** The rows that are not groups of countries of residence of their own. */
const SPECIAL_ROWS: Record<string, Breakdown | null> = {
  'Non-resident visitors entering Canada': null,
  'United States of America residents entering Canada': origin('us'),
  'Residents of countries other than the United States of America entering Canada': originRegion('other than United States'),
  'Americas, countries other than the United States of America': originRegion('Americas other than United States'),
  'North America, countries other than the United States of America': originRegion('North America other than United States'),
};

/** "Americas, n.o.s. 3" → "Americas, n.o.s."; footnote numbers end a label after a space. */
export function withoutFootnote(label: string): string {
  return label.trim().replace(/\s+\d+$/, '');
}

/** "October 2025" → "2025-10"; null when not a month. */
export function statcanMonth(label: string): string | null {
  const m = /^([A-Za-z]+) (\d{4})$/.exec(label.trim());
  const month = m ? englishMonth(m[1]) : 0;
  return m && month ? monthPeriod(Number(m[2]), month) : null;
}

function rowTarget(label: string): { breakdown: Breakdown | null; name: string } {
  const base = 'Non-resident visitors entering Canada';
  if (label in SPECIAL_ROWS) return { breakdown: SPECIAL_ROWS[label], name: label === base ? base : `${base}, ${label}` };
  const nos = /^(.+), n\.o\.s\.$/.exec(label);
  if (nos) return { breakdown: originOther(nos[1]), name: `${base}, residents of ${nos[1]} not otherwise specified` };
  return { breakdown: originRegion(label), name: `${base}, residents of ${label}` };
}

export function parseStatcan(text: string): ConnectorOutput {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((l) => STATCAN_TABLE_END.test(l));
  const tableText = (end < 0 ? lines : lines.slice(0, end)).join('\n');
  const rows = parse(tableText, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const released = rows.map((r) => /^Release date: (\d{4}-\d{2}-\d{2})$/.exec(r[0] ?? '')?.[1]).find(Boolean) ?? null;
  const table = statcanTable(STATCAN_FILE, released);
  const headerAt = rows.findIndex((r) => withoutFootnote(r[0] ?? '') === STATCAN_MONTHS_HEADER);
  if (headerAt < 0) {
    rejected.push({ table: TABLE, row: STATCAN_FILE, reason: `header row "${STATCAN_MONTHS_HEADER}" not found` });
    return { tables: [table], series: [], rejected };
  }
  const periods = rows[headerAt].map((c, i) => (i === 0 ? null : statcanMonth(c)));
  periods.forEach((p, i) => {
    if (i > 0 && p === null) rejected.push({ table: TABLE, row: `header cell ${i + 1}: "${rows[headerAt][i]}"`, reason: 'not a month' });
  });
  const series: ParsedSeries[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const label = withoutFootnote(row[0] ?? '');
    if (label === '') continue; // the "Visitors" unit row and blank lines
    const target = rowTarget(label);
    const observations: ParsedObservation[] = [];
    row.forEach((cell, i) => {
      const period = periods[i];
      if (!period) return;
      const value = parseGroupedNumber(cell);
      if (value === null) return;
      if (Number.isNaN(value)) rejected.push({ table: TABLE, row: `${label} ${period}: "${cell}"`, reason: 'not a number' });
      else observations.push({ period, value, status: 'published', flags: '' });
    });
    series.push(arrivalsSeries('CA', TABLE, target.breakdown, target.name, observations));
  }
  return { tables: [table], series, rejected };
}

/** A data row of the full table whose geography is Canada (GEO, the second column, unquoted or quoted). */
const CANADA_ROW = /^"?[^",]*"?,"?Canada"?,/;

/**
 * The full-table CSV. Only Canada's rows are parsed as CSV: StatCan writes one line per figure, and
 * the provinces' rows, most of the file, are passed over by their GEO cell.
 */
export function parseStatcanFullTable(text: string): ConnectorOutput {
  const table = statcanTable(STATCAN_FULL_TABLE_FILE, null);
  const rejected: RejectedRow[] = [];
  const reject = (row: string, reason: string) => rejected.push({ table: TABLE, row, reason });
  const body = text.replace(/^\uFEFF/, '');
  const headerEnd = body.indexOf('\n');
  const [header = []] = parse(headerEnd < 0 ? body : body.slice(0, headerEnd), { relax_column_count: true }) as string[][];
  const col = (name: string) => header.indexOf(name);
  const [refDate, geo, dguid, uom, scalar, value, status] = ['REF_DATE', 'GEO', 'DGUID', 'UOM', 'SCALAR_FACTOR', 'VALUE', 'STATUS'].map(col);
  const dimensions = dguid >= 0 && uom > dguid ? header.slice(dguid + 1, uom) : [];
  if (refDate !== 0 || geo !== 1 || dimensions.length !== 1 || [scalar, value, status].some((i) => i < 0)) {
    reject(`${STATCAN_FULL_TABLE_FILE} header: "${header.join(',').slice(0, 120)}"`, 'not the full-table layout of one dimension (Country of residence) between DGUID and UOM');
    return { tables: [table], series: [], rejected };
  }
  const member = dguid + 1;
  const lines = body
    .split('\n')
    .slice(1)
    .filter((l) => CANADA_ROW.test(l))
    .map((l) => l.replace(/\r$/, ''));
  const records = parse(lines.join('\n'), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const groups = new Set(STATCAN_GROUPS);
  const byGroup = new Map<string, Map<string, ParsedObservation>>();
  for (const r of records) {
    if (r[geo] !== 'Canada') continue;
    const label = withoutFootnote(r[member] ?? '');
    if (!groups.has(label)) continue;
    const month = /^(\d{4})-(\d{2})$/.exec(r[refDate] ?? '');
    const period = month && Number(month[2]) >= 1 && Number(month[2]) <= 12 ? monthPeriod(Number(month[1]), Number(month[2])) : null;
    if (!period) {
      reject(`${label} REF_DATE "${r[refDate]}"`, 'not a month');
      continue;
    }
    const cell = (r[value] ?? '').trim();
    // No figure: StatCan's ".." (not available) and the like carry their symbol in STATUS and leave VALUE empty.
    if (cell === '') continue;
    if (!/^-?\d+(\.\d+)?$/.test(cell)) {
      reject(`${label} ${period}: "${cell}"`, 'not a number');
      continue;
    }
    if (r[scalar] !== 'units') {
      reject(`${label} ${period}: SCALAR_FACTOR "${r[scalar]}"`, 'figures not in units are not read');
      continue;
    }
    const months = byGroup.get(label) ?? new Map<string, ParsedObservation>();
    if (months.has(period)) {
      reject(`${label} ${period}`, 'given twice for Canada');
      continue;
    }
    // A symbol beside a figure (STATUS: StatCan's quality grade or note) is retained as its flag.
    months.set(period, { period, value: Number(cell), status: 'published', flags: (r[status] ?? '').trim() });
    byGroup.set(label, months);
  }
  const series: ParsedSeries[] = STATCAN_GROUPS.filter((g) => byGroup.has(g)).map((label) => {
    const target = rowTarget(label);
    return arrivalsSeries('CA', TABLE, target.breakdown, target.name, [...(byGroup.get(label)?.values() ?? [])]);
  });
  return { tables: [table], series, rejected };
}

/** The full-table download when the refresh has brought it, else the table as displayed. */
export function statcanFile(sourcesDir: string): string {
  return fileToRead(sourcesDir, STATCAN_FULL_TABLE_FILE, STATCAN_FILE);
}

export function loadStatcan(sourcesDir: string): ConnectorOutput {
  const file = statcanFile(sourcesDir);
  const text = readSourceText(sourcesDir, file);
  return file === STATCAN_FULL_TABLE_FILE ? parseStatcanFullTable(text) : parseStatcan(text);
}
