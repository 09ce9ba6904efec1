/**
 * The formats the refresh fetches for two national tables, written from the held exports' own
 * figures (test fixtures, not the publishers' files):
 *   - StatCan's full-table download of 24-10-0050-01 (`24100050-eng.zip`: `24100050.csv` and
 *     `24100050_MetaData.csv`), from the table as displayed (`statcan/2410005001cad-eng.csv`): one
 *     row per group and month, GEO "Canada", every cell quoted as StatCan writes them. DGUID, UOM_ID,
 *     VECTOR are left empty and COORDINATE is made from the row order: not known here, and not read.
 *   - SingStat's Table Builder API answer for M550001 (`M550001.json`), from the table-builder CSV
 *     (`singstat/international_visitor_arrivals.csv`): one row per CSV row, its cells as columns
 *     keyed "2024 Nov". seriesNo is made from the row order, uoM and footnote are placeholders.
 * Rows a test adds beyond the held figures are its own fixtures and say so where they are written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strToU8, zipSync } from 'fflate';
import { SOURCES_DIR } from './paths';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** One row of StatCan's full-table CSV: what the connector reads of it. */
export interface FullTableRow {
  refDate: string;
  geo: string;
  member: string;
  /** '' for no figure (with status '..'). */
  value: string;
  status?: string;
  scalar?: string;
}

/** The figures of the table as displayed: each row (its label without footnote number) with its value by REF_DATE ("2025-10"). */
export function displayedFigures(text = fs.readFileSync(path.join(SOURCES_DIR, 'statcan/2410005001cad-eng.csv'), 'utf8')): Map<string, Map<string, string>> {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((l) => /^"?Footnotes:/.test(l));
  const rows = parse(lines.slice(0, end).join('\n'), { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const headerAt = rows.findIndex((r) => (r[0] ?? '').startsWith('Country of residence'));
  const months = rows[headerAt].map((label) => {
    const m = /^([A-Za-z]+) (\d{4})$/.exec(label);
    return m ? `${m[2]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}` : null;
  });
  const figures = new Map<string, Map<string, string>>();
  for (const row of rows.slice(headerAt + 1)) {
    const label = (row[0] ?? '').trim().replace(/\s+\d+$/, '');
    if (label === '') continue;
    const byMonth = new Map<string, string>();
    row.forEach((cell, i) => {
      const month = months[i];
      if (i > 0 && month && cell.trim() !== '') byMonth.set(month, cell.replace(/,/g, ''));
    });
    figures.set(label, byMonth);
  }
  return figures;
}

const quoted = (cells: readonly string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');

export const FULL_TABLE_HEADER = [
  'REF_DATE',
  'GEO',
  'DGUID',
  'Country of residence',
  'UOM',
  'UOM_ID',
  'SCALAR_FACTOR',
  'SCALAR_ID',
  'VECTOR',
  'COORDINATE',
  'VALUE',
  'STATUS',
  'SYMBOL',
  'TERMINATED',
  'DECIMALS',
];

/** StatCan's full-table CSV of the displayed table's figures (those `keep` keeps), then `extra` rows. */
export function statcanFullTableCsv(options: { keep?: (member: string, refDate: string) => boolean; extra?: readonly FullTableRow[]; header?: readonly string[] } = {}): string {
  const rows: FullTableRow[] = [];
  for (const [member, byMonth] of displayedFigures()) {
    for (const [refDate, value] of byMonth) if (options.keep?.(member, refDate) ?? true) rows.push({ refDate, geo: 'Canada', member, value });
  }
  rows.push(...(options.extra ?? []));
  const members = [...new Set(rows.map((r) => r.member))];
  const lines = rows.map((r) =>
    quoted([r.refDate, r.geo, '', r.member, 'Visitors', '', r.scalar ?? 'units', '0', '', `1.${members.indexOf(r.member) + 1}`, r.value, r.status ?? '', '', '', '0']),
  );
  return `\uFEFF${[quoted(options.header ?? FULL_TABLE_HEADER), ...lines].join('\n')}\n`;
}

/** The zip StatCan serves: the data CSV and its metadata (a cube line only: not read). */
export function statcanFullTableZip(csv: string): Buffer {
  const metadata = `\uFEFF"Cube Title","Product Id","CANSIM Id",URL,"Cube Notes","Archive Status",Frequency,"Start Reference Period","End Reference Period","Total number of dimensions"\n"Non-resident visitors entering Canada, by country of residence","24100050",,"https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=2410005001",,"CURRENT - a cube available to the public and that is current","Monthly",,,"2"\n`;
  return Buffer.from(zipSync({ '24100050.csv': strToU8(csv), '24100050_MetaData.csv': strToU8(metadata) }));
}

/** SingStat's API answer of the table-builder CSV's rows (those `keep` keeps), each row's columns followed by `extra[rowText]`. */
export function singstatApiJson(
  options: { keep?: (rowText: string) => boolean; extra?: Readonly<Record<string, readonly { key: string; value: string }[]>> } = {},
): string {
  const text = fs.readFileSync(path.join(SOURCES_DIR, 'singstat/international_visitor_arrivals.csv'), 'utf8');
  const [header, ...body] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const keys = header.map((h) => h.replace(/^(\d{4})([A-Za-z]{3})$/, '$1 $2'));
  const rows = body
    .map((r) => ({ rowText: r[0].trim(), cells: r.slice(1) }))
    .filter((r) => options.keep?.(r.rowText) ?? true)
    .map((r, i) => ({
      seriesNo: i === 0 ? '1' : `1.${i}`,
      rowText: r.rowText,
      uoM: 'Number',
      footnote: '',
      columns: [...(options.extra?.[r.rowText] ?? []), ...r.cells.map((value, j) => ({ key: keys[j + 1], value }))],
    }));
  return JSON.stringify({
    Data: { id: 'M550001', title: 'International Visitor Arrivals By Inbound Tourism Markets, Monthly', row: rows },
    StatusCode: 200,
    Message: '',
  });
}
