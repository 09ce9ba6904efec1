/**
 * Stats NZ's monthly release workbook "International visitor arrivals to New Zealand: <Month>
 * <Year>" (international-visitor-arrivals-to-new-zealand-<month>-<year>.xlsx; the refresh fetches
 * the newest from the indicator page, names it from its address, and the newest in the folder is
 * read). The sheets are laid out as the printed report, so the table is found by its own labels.
 *
 * Read: Table 1 "Monthly visitor arrivals" (sheet "Tables 1&2"), the five years ended in the
 * reference month, a column a year ("2019/20": June 2019 to May 2020 when the rows run "Jun" to
 * "May"): New Zealand's visitor arrivals (overseas residents arriving for a stay of less than 12
 * months, the Preface's definition), the figure the Infoshare export gives as TOTAL ALL CITIZENSHIPS.
 * What the columns mean is checked before a figure is taken: the rows are twelve months in order,
 * the year labels turn where the months do, the last month is the one the workbook is titled with
 * (the citation on the Information sheet), and each column sums to Table 2's figure for the year
 * ended in that month. A table or column that fails is not read, and counted.
 *
 * Not read: Table 2 (years ended in the reference month, not calendar years); Tables 3 and 4
 * (country of residence in the reference month and the year ended in it: one month a year, and by
 * residence where the Infoshare origins are by citizenship, which one series id cannot hold both
 * of); the key characteristics tables (purpose, port, length of stay, sub-national areas).
 *
 * The workbook is dated only by the month it was published in ("Published in July 2024"): it is
 * taken as released on that month's last day, so no figure is dated before it was out.
 */
import { monthPeriod } from '../../domain/periods';
import type { ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { listSource, readSource } from '../source-reads';
import { readSheets, type Cell, type SheetRows } from '../workbook';
import { arrivalsSeries, englishMonth } from './national-arrivals';
import { STATSNZ_DIR } from './statsnz';

/** The refresh names the workbook from its address: the reference month and year in words. */
export const STATSNZ_WORKBOOK_RE = /^international-visitor-arrivals-to-new-zealand-([a-z]+)-(\d{4})\.xlsx$/i;
export const STATSNZ_TABLES_SHEET = 'Tables 1&2';
export const STATSNZ_INFO_SHEET = 'Information';
/** Where the report puts Table 1's title and first heading, checked before the ingest reads it. */
export const STATSNZ_TABLE1_LABELS: Readonly<Record<string, string>> = { A3: 'Monthly visitor arrivals', A5: 'Month' };
export const STATSNZ_WORKBOOK_PAGE = 'https://www.stats.govt.nz/indicators/international-visitor-arrivals-to-new-zealand/';
const TABLE = 'statsnz_iva_monthly_release';
const TITLE = 'International visitor arrivals to New Zealand';

/** A release workbook as read: its output and its release date (null when the workbook states none). */
export interface StatsNzWorkbook {
  out: ConnectorOutput;
  /** The last day of the month the workbook says it was published in, YYYY-MM-DD. */
  released: string | null;
  /** That month as the workbook writes it ('July 2024'). */
  dated: string | null;
}

/** The newest release workbook in the folder (by the month and year its name carries), or null. */
export function statsNzWorkbookFile(sourcesDir: string): string | null {
  let newest: { name: string; key: number } | null = null;
  for (const { name } of listSource(sourcesDir, STATSNZ_DIR)) {
    const m = STATSNZ_WORKBOOK_RE.exec(name);
    const month = m ? englishMonth(m[1]) : 0;
    if (!m || month === 0) continue;
    const key = Number(m[2]) * 12 + month;
    if (!newest || key > newest.key) newest = { name, key };
  }
  return newest ? `${STATSNZ_DIR}/${newest.name}` : null;
}

const text = (cell: Cell | undefined): string => (typeof cell === 'string' ? cell.replace(/\s+/g, ' ').trim() : '');

/** 'July 2024' → the month's last day, '2024-07-31'. */
function lastDayOf(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The Information sheet's "Published in July 2024 by" and the citation's "…to New Zealand: May 2024". */
function information(rows: SheetRows): { published: { month: number; year: number; words: string } | null; reference: string | null } {
  let published: { month: number; year: number; words: string } | null = null;
  let reference: string | null = null;
  for (const row of rows) {
    for (const cell of row) {
      const t = text(cell);
      const p = /^Published in ([A-Z][a-z]+) (\d{4})\b/.exec(t);
      if (p && englishMonth(p[1]) > 0 && !published) published = { month: englishMonth(p[1]), year: Number(p[2]), words: `${p[1]} ${p[2]}` };
      const r = new RegExp(`${TITLE}: ([A-Z][a-z]+) (\\d{4})\\b`).exec(t);
      if (r && englishMonth(r[1]) > 0 && !reference) reference = monthPeriod(Number(r[2]), englishMonth(r[1]));
    }
  }
  return { published, reference };
}

/** Table 2: the year-ended totals by the year they end in, and the month they end in. */
function yearEndedTotals(rows: SheetRows, from: number): { month: number; totals: Map<number, number> } | null {
  const title = rows.findIndex((r, i) => i >= from && text(r[0]) === 'Annual visitor arrivals');
  if (title < 0) return null;
  const heading = rows.findIndex((r, i) => i > title && /^Year ended [A-Z][a-z]+$/.test(text(r[0])));
  if (heading < 0) return null;
  const month = englishMonth(text(rows[heading][0]).slice('Year ended '.length));
  const totals = new Map<number, number>();
  for (const r of rows.slice(heading + 1)) {
    if (typeof r[0] === 'number' && Number.isInteger(r[0]) && typeof r[1] === 'number') totals.set(r[0], r[1]);
  }
  return month > 0 ? { month, totals } : null;
}

interface YearColumn {
  col: number;
  label: string;
  /** The year the column's first month falls in, and how many times its year turns (0 for '2024', 1 for '2023/24'). */
  first: number;
  turns: number;
}

/** A year heading: '2019/20' (a year ended in a month other than December) or '2024'. */
function yearColumn(cell: Cell, col: number): YearColumn | null {
  const t = typeof cell === 'number' ? String(cell) : text(cell);
  const m = /^(\d{4})(?:\/(\d{2}))?$/.exec(t);
  if (!m) return null;
  const first = Number(m[1]);
  if (m[2] !== undefined && Number(m[2]) !== (first + 1) % 100) return null;
  return { col, label: t, first, turns: m[2] === undefined ? 0 : 1 };
}

/** Table 1's figures, each column checked against Table 2 and the workbook's reference month. */
function table1(rows: SheetRows, reference: string | null, file: string, rejected: RejectedRow[]): ParsedObservation[] {
  const reject = (reason: string): ParsedObservation[] => {
    rejected.push({ table: TABLE, row: `${file}: ${STATSNZ_TABLES_SHEET}, Table 1`, reason });
    return [];
  };
  const title = rows.findIndex((r) => text(r[0]) === 'Monthly visitor arrivals');
  const heading = rows.findIndex((r, i) => i > title && text(r[0]) === 'Month');
  if (title < 0 || heading < 0) return reject('Table 1 "Monthly visitor arrivals" with its "Month" heading not found');
  const yearsAt = rows.findIndex((r, i) => i > heading && r.some((c, col) => yearColumn(c, col) !== null));
  if (yearsAt < 0) return reject('the year headings ("2019/20") not found');
  const columns = rows[yearsAt].flatMap((c, col) => yearColumn(c, col) ?? []);
  // The month rows follow the headings down to the first row that is not a month (the source line).
  const months: Array<{ row: SheetRows[number]; month: number; label: string }> = [];
  for (const r of rows.slice(yearsAt + 1)) {
    const label = text(r[0]);
    if (label === '' && months.length === 0) continue;
    const month = label.length === 3 ? englishMonth(label) : 0;
    if (month === 0) break;
    months.push({ row: r, month, label });
  }
  if (months.length !== 12 || months.some((m, i) => i > 0 && m.month !== (months[i - 1].month % 12) + 1)) {
    return reject(`the rows are not twelve months in order: ${months.map((m) => m.label).join(', ') || 'none'}`);
  }
  const turns = months.filter((m, i) => i > 0 && m.month < months[i - 1].month).length;
  const last = months[11];
  const annual = yearEndedTotals(rows, heading);
  if (!annual || annual.month !== last.month) return reject(`Table 2 "Annual visitor arrivals", years ended ${last.label}, not found`);
  const matching = columns.filter((c) => {
    if (c.turns === turns) return true;
    rejected.push({ table: TABLE, row: `${file}: ${STATSNZ_TABLES_SHEET}, Table 1, ${c.label}`, reason: `the year label does not match the months ${months[0].label}–${last.label}` });
    return false;
  });
  const newest = matching.at(-1);
  const ends = newest ? monthPeriod(newest.first + newest.turns, last.month) : null;
  if (ends !== reference) return reject(`Table 1 ends at ${ends ?? '(no year column)'}, the workbook is titled ${reference ?? '(no title found on the Information sheet)'}`);
  const observations: ParsedObservation[] = [];
  for (const c of matching) {
    const where = `${file}: ${STATSNZ_TABLES_SHEET}, Table 1, ${c.label}`;
    const figures: ParsedObservation[] = [];
    let year = c.first;
    for (const [i, m] of months.entries()) {
      if (i > 0 && m.month < months[i - 1].month) year++;
      const cell = m.row[c.col];
      if (typeof cell !== 'number') {
        rejected.push({ table: TABLE, row: `${where} ${m.label}: ${JSON.stringify(cell)}`, reason: 'not a number' });
        continue;
      }
      figures.push({ period: monthPeriod(year, m.month), value: cell, status: 'published', flags: '' });
    }
    const endYear = c.first + c.turns;
    const sum = figures.reduce((n, o) => n + (o.value ?? 0), 0);
    const stated = annual.totals.get(endYear);
    if (figures.length !== 12 || stated !== sum) {
      rejected.push({
        table: TABLE,
        row: where,
        reason: `the months (${figures.length} figures) sum to ${sum}, Table 2 gives ${stated ?? 'no figure'} for the year ended ${last.label} ${endYear}: not read`,
      });
      continue;
    }
    observations.push(...figures);
  }
  return observations;
}

export function parseStatsNzWorkbook(data: Uint8Array, file: string): StatsNzWorkbook {
  const sheets = readSheets(data, [STATSNZ_TABLES_SHEET, STATSNZ_INFO_SHEET]);
  const rejected: RejectedRow[] = [];
  const { published, reference } = information(sheets.get(STATSNZ_INFO_SHEET) ?? []);
  const released = published ? lastDayOf(published.year, published.month) : null;
  const table: SourceTableInfo = {
    code: TABLE,
    publisher: 'Stats NZ',
    title: `${TITLE}${reference ? ` (monthly release, ${reference})` : ''}: Table 1, monthly visitor arrivals (overseas residents arriving for a stay of less than 12 months)`,
    url: STATSNZ_WORKBOOK_PAGE,
    file,
    ...(released ? { released } : {}),
  };
  const tables = sheets.get(STATSNZ_TABLES_SHEET);
  const observations = tables ? table1(tables, reference, file, rejected) : [];
  if (!tables) rejected.push({ table: TABLE, row: file, reason: `sheet "${STATSNZ_TABLES_SHEET}" not found` });
  const series: ParsedSeries[] = observations.length > 0 ? [arrivalsSeries('NZ', TABLE, null, 'Visitor arrivals to New Zealand', observations)] : [];
  return { out: { tables: [table], series, rejected }, released, dated: published?.words ?? null };
}

export function loadStatsNzWorkbook(sourcesDir: string): StatsNzWorkbook | null {
  const file = statsNzWorkbookFile(sourcesDir);
  return file ? parseStatsNzWorkbook(readSource(sourcesDir, file), file) : null;
}
