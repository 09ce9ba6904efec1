/**
 * Statistics Canada table 24-10-0050-01, "Non-resident visitors entering Canada, by country of
 * residence", CSV as displayed (2410005001cad-eng.csv): title lines (with "Release date:"), a row
 * of months ("January 2020" …), a "Visitors" row, then one row per group of countries of residence,
 * footnotes and the citation after the table. Labels carry footnote numbers ("Americas, n.o.s. 3").
 *
 * Kept: all non-resident visitors (Canada's visitor arrivals), United States residents (origin us),
 * and the publisher's groups: continents and sub-regions as `origin-region-…`, the residents it
 * places in a continent but in no country ("n.o.s.") as `origin-other-…`.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { arrivalsSeries, englishMonth, origin, originOther, originRegion, parseGroupedNumber } from './national-arrivals';
import { readSourceText } from '../source-reads';

export const STATCAN_FILE = 'statcan/2410005001cad-eng.csv';
const TABLE = 'statcan_24100050';
/** The header row that names the months; the table ends where the footnotes begin. */
export const STATCAN_MONTHS_HEADER = 'Country of residence';
/** The footnotes line: what follows is free text (HTML links with unescaped quotes), not CSV. */
export const STATCAN_TABLE_END = /^"?Footnotes:/;

function statcanTable(released: string | null): SourceTableInfo {
  return {
    code: TABLE,
    publisher: 'Statistics Canada',
    title: 'Table 24-10-0050-01 Non-resident visitors entering Canada, by country of residence (monthly)',
    url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=2410005001',
    file: STATCAN_FILE,
    ...(released ? { released } : {}),
  };
}

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
  const table = statcanTable(released);
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

export function loadStatcan(sourcesDir: string): ConnectorOutput {
  return parseStatcan(readSourceText(sourcesDir, STATCAN_FILE));
}
