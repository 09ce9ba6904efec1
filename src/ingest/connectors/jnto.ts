/**
 * JNTO "Visitor Arrivals by Nationality & Purpose of Visit to Japan", English CSV of 2017-04-21 (or a
 * newer file in the same layout, when the refresh finds one on JNTO's page).
 * Monthly 1996-01 → 2017-03. Multi-row header (region / nationality / purpose), full-width month
 * labels with the year on January rows only, status notes with arrows in column A.
 *
 * - Status: "↑Final" on 2016-01 makes it and every month above final; "↓Preliminary" (2016-02) and
 *   "↑Preliminary" (2017-01) bound the provisional months; "↓Estimated" (2017-02) marks the last two
 *   months, which only the grand total and a few nationalities fill, as estimated.
 * - Retained: each column group's Total (grand total → no breakdown; nationality → origin iso2; region
 *   subtotal → origin 'region-<region>'; "<Region> Unclassified" → 'other-<region>'; Stateless), and
 *   the grand total by purpose. Nationality × purpose is not retained (a series has one breakdown).
 * - Empty cells before a column's first and after its last figure are dropped; gaps between are
 *   retained as not published.
 * - The annual block at the end ("Year TOTAL") is not read: it repeats the monthly figures.
 * - This vintage has no Asia or Europe columns: the grand total includes them, the regions do not.
 */
import { parse } from 'csv-parse/sync';
import type {
  Breakdown,
  ObsStatus,
  ParsedObservation,
  ParsedSeries,
  RejectedRow,
  SourceTableInfo,
} from '../../domain/types';
import { monthPeriod } from '../../domain/periods';
import type { ConnectorOutput } from '../records';
import { addressBeside, fileToRead } from '../latest-file';
import type { CountryResolver } from './country-resolver';
import { readSourceText } from '../source-reads';

/** The file of 2017-04-21 the sources folder holds. */
export const JNTO_FILE = 'jnto/JTM_inbound20170421eng.csv';
/** The newest arrivals file the refresh found on JNTO's page, read in place of JNTO_FILE when present. */
export const JNTO_LATEST_FILE = 'jnto/arrivals-latest.csv';
const TABLE = 'jnto_visitor_arrivals';
const PUBLISHER = 'Japan National Tourism Organization';

/** The table of a file JNTO dates in its name (JTM_inbound20170421eng.csv): released that day. */
function jntoTable(file: string, url: string, name: string): SourceTableInfo {
  const stamp = /(\d{4})(\d{2})(\d{2})/.exec(name);
  const released = stamp ? `${stamp[1]}-${stamp[2]}-${stamp[3]}` : null;
  return {
    code: TABLE,
    publisher: PUBLISHER,
    title: `Visitor Arrivals by Nationality & Purpose of Visit to Japan (monthly, file of ${released ?? 'an undated release'})`,
    url,
    file,
    ...(released ? { released } : {}), // the date in the publisher's file name
  };
}

export const JNTO_TABLE: SourceTableInfo = jntoTable(JNTO_FILE, 'https://statistics.jnto.go.jp/en/', JNTO_FILE);

/** The file read: the newest fetched, else the pinned one. */
export function jntoFile(sourcesDir: string): string {
  return fileToRead(sourcesDir, JNTO_LATEST_FILE, JNTO_FILE);
}

/** The file read and its table (a fetched file is named by the address beside it). */
function jntoSource(sourcesDir: string): { file: string; table: SourceTableInfo } {
  const file = jntoFile(sourcesDir);
  const url = file === JNTO_FILE ? null : addressBeside(sourcesDir, file);
  return { file, table: url ? jntoTable(file, url, url.split('/').pop() ?? '') : { ...JNTO_TABLE, file } };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Region names that head a subtotal column on their own in some vintages ("Asia" rather than "Asia Total"). */
const REGION_NAMES = ['Asia', 'Europe', 'Africa', 'North America', 'South America', 'Oceania', 'Middle East'];

/** Purpose columns of the grand total → purpose member. Nationality × purpose is not retained (one breakdown only). */
const PURPOSES: Record<string, string> = {
  Tourist: 'tourist',
  Business: 'business',
  Others: 'others',
  'Short Excursion': 'short-excursion',
};

/** Column A notes → status. "↑X" covers its row and the rows above it; "↓X" its row and those below. */
const STATUS_WORDS: Record<string, ObsStatus> = {
  final: 'published',
  preliminary: 'provisional',
  estimated: 'estimated',
};

type Row = string[];

/** '"52,945 "' → 52945; '' → null; anything else → NaN. */
export function parseJntoNumber(cell: string): number | null {
  const t = cell.normalize('NFKC').trim();
  if (t === '') return null;
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t)) return NaN;
  return Number(t.replace(/,/g, ''));
}

export interface MonthLabel {
  year: number | null;
  month: number; // 1..12
}

/** '1996　Jan．' → {year: 1996, month: 1}; 'Feb．' or 'Oct.　' → {year: null, month}; else null. */
export function parseJntoMonthLabel(label: string): MonthLabel | null {
  const m = /^(?:(\d{4})\s*)?([A-Za-z]{3})\.?$/.exec(label.normalize('NFKC').trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[2].toLowerCase()) + 1;
  if (month === 0) return null;
  return { year: m[1] ? Number(m[1]) : null, month };
}

/** '↓Preliminary ' → {direction: 'down', status: 'provisional', word: 'preliminary'}. */
export function parseStatusNote(cell: string): { direction: 'up' | 'down'; status: ObsStatus; word: string } | null {
  const m = /^([↑↓])\s*([A-Za-z]+)\s*$/.exec(cell.trim());
  if (!m) return null;
  const word = m[2].toLowerCase();
  const status = STATUS_WORDS[word];
  return status ? { direction: m[1] === '↑' ? 'up' : 'down', status, word } : null;
}

/** What a column of the file becomes. */
interface ColumnTarget {
  col: number;
  breakdown: Breakdown | null;
  name: string;
}

interface MonthRow {
  period: string;
  cells: Row;
  status: ObsStatus;
  flags: string;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** CR-only line endings: csv-parse detects the record delimiter from the first line break it meets. */
function parseRows(text: string): Row[] {
  return parse(text, { bom: true, relax_column_count: true }) as Row[];
}

function readText(sourcesDir: string): string {
  return readSourceText(sourcesDir, jntoSource(sourcesDir).file);
}

/** The purpose header row: the first row holding both "Total" and "Tourist" cells. */
function findPurposeRow(rows: Row[]): number {
  return rows.findIndex((r) => r.some((c) => c.trim() === 'Total') && r.some((c) => c.trim() === 'Tourist'));
}

/** Grand total, region subtotals and residual columns, or a nationality via the resolver. */
export interface GroupTarget {
  breakdown: Breakdown | null;
  name: string;
}

/** A column group's target, or why it has none. */
export function groupTarget(header: string, resolver: CountryResolver): GroupTarget | string {
  const origin = (member: string) => ({ dimension: 'origin', member });
  if (header === 'Grand Total') return { breakdown: null, name: 'all nationalities' };
  if (header === 'Others') return { breakdown: origin('other'), name: 'other nationalities' };
  if (header === 'Stateless') return { breakdown: origin('stateless'), name: 'stateless persons' };
  const region = /^(.+) Total$/.exec(header)?.[1] ?? REGION_NAMES.find((r) => r === header);
  if (region) return { breakdown: origin(`region-${slug(region)}`), name: `nationalities of ${region} (region total)` };
  const residual = /^(.+) Unclassified$/.exec(header)?.[1];
  if (residual) return { breakdown: origin(`other-${slug(residual)}`), name: `other nationalities of ${residual}` };
  const country = resolver.byName(header);
  if (!country) return resolver.nonCountryReason(header) ?? 'nationality not recognised';
  return { breakdown: origin(country.iso.toLowerCase()), name: `nationality ${country.name}` };
}

/** One target per retained column: each group's Total, and the purposes of the grand total. */
function columnTargets(
  rows: Row[],
  purposeRow: number,
  resolver: CountryResolver,
  rejected: RejectedRow[],
): ColumnTarget[] {
  const groups = rows[purposeRow - 1];
  const purposes = rows[purposeRow];
  const targets: ColumnTarget[] = [];
  let group = '';
  for (let col = 0; col < purposes.length; col++) {
    if ((groups[col] ?? '').trim()) group = groups[col].trim();
    const purpose = purposes[col].trim();
    if (!group || !purpose) continue;
    const target = groupTarget(group, resolver);
    if (typeof target === 'string') {
      if (purpose === 'Total') rejected.push({ table: TABLE, row: `column ${col + 1}: ${group}`, reason: target });
      continue;
    }
    const base = `Visitor arrivals to Japan, ${target.name}`;
    if (purpose === 'Total') {
      targets.push({ col, breakdown: target.breakdown, name: base });
    } else if (target.breakdown === null && PURPOSES[purpose]) {
      const member = PURPOSES[purpose];
      const name = `${base}, purpose: ${purpose.toLowerCase()}`;
      targets.push({ col, breakdown: { dimension: 'purpose', member }, name });
    } else if (target.breakdown === null) {
      const row = `column ${col + 1}: ${group} / ${purpose}`;
      rejected.push({ table: TABLE, row, reason: 'purpose not recognised' });
    }
  }
  return targets;
}

/** Statuses per monthly row from the arrow notes of column A (rows with no note applying are final). */
function statusesFromNotes(notes: string[], rejected: RejectedRow[]): Array<{ status: ObsStatus; flags: string }> {
  const result = notes.map(() => ({ status: 'published' as ObsStatus, flags: '' }));
  let openFrom = 0; // first row not yet covered by an "↑" note
  notes.forEach((cell, i) => {
    if (!cell.trim()) return;
    const note = parseStatusNote(cell);
    if (!note) {
      rejected.push({ table: TABLE, row: `status note "${cell}"`, reason: 'status note not recognised' });
      return;
    }
    const flags = note.status === 'published' ? '' : note.word;
    const [from, to] = note.direction === 'up' ? [openFrom, i] : [i, notes.length - 1];
    for (let k = from; k <= to; k++) result[k] = { status: note.status, flags };
    openFrom = note.direction === 'up' ? i + 1 : i;
  });
  return result;
}

/** The monthly rows, from the one after the header until the annual block ("Year TOTAL"). */
function monthRows(rows: Row[], purposeRow: number, rejected: RejectedRow[]): MonthRow[] {
  const parsed: Array<{ period: string; cells: Row; note: string }> = [];
  let year: number | null = null;
  let lastMonth = 0;
  for (let i = purposeRow + 1; i < rows.length; i++) {
    const row = rows[i];
    const label = (row[1] ?? '').trim();
    if (/^year total$/i.test(label)) break;
    if (label === '') continue; // blank and source lines
    const month = parseJntoMonthLabel(label);
    const where = `line ${i + 1}: "${label}"`;
    if (!month) {
      rejected.push({ table: TABLE, row: where, reason: 'period label not recognised' });
      continue;
    }
    if (month.year !== null) year = month.year;
    else if (month.month <= lastMonth) year = null; // a new year began without its label
    if (year === null) {
      rejected.push({ table: TABLE, row: where, reason: 'month without a known year' });
      continue;
    }
    lastMonth = month.month;
    parsed.push({ period: monthPeriod(year, month.month), cells: row, note: row[0] ?? '' });
  }
  const statuses = statusesFromNotes(
    parsed.map((p) => p.note),
    rejected,
  );
  return parsed.map((p, k) => ({ period: p.period, cells: p.cells, ...statuses[k] }));
}

/** One column's observations: empty cells before the first and after the last figure are dropped. */
function columnObservations(months: MonthRow[], target: ColumnTarget, rejected: RejectedRow[]): ParsedObservation[] {
  const observations: ParsedObservation[] = [];
  for (const m of months) {
    const cell = m.cells[target.col] ?? '';
    const value = parseJntoNumber(cell);
    if (Number.isNaN(value)) {
      rejected.push({ table: TABLE, row: `${m.period} / ${target.name}: "${cell}"`, reason: 'not a number' });
      continue;
    }
    if (value === null) {
      const inside = observations.length > 0;
      if (inside) observations.push({ period: m.period, value: null, status: 'not_published', flags: '' });
      continue;
    }
    observations.push({ period: m.period, value, status: m.status, flags: m.flags });
  }
  while (observations.length > 0 && observations[observations.length - 1].value === null) observations.pop();
  return observations;
}

/** The nationality header cells (row 4 of the file), for checking that the resolver knows them all. */
export function readJntoNationalityHeaders(sourcesDir: string): string[] {
  const rows = parseRows(readText(sourcesDir));
  const purposeRow = findPurposeRow(rows);
  if (purposeRow < 1) return [];
  return [...new Set(rows[purposeRow - 1].map((c) => c.trim()).filter((c) => c !== ''))];
}

export function loadJnto(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return parseJnto(readText(sourcesDir), resolver, jntoSource(sourcesDir).table);
}

/** The whole file's text → monthly series (see loadJnto). */
export function parseJnto(text: string, resolver: CountryResolver, table: SourceTableInfo = JNTO_TABLE): ConnectorOutput {
  const rows = parseRows(text);
  const rejected: RejectedRow[] = [];
  const purposeRow = findPurposeRow(rows);
  if (purposeRow < 1) {
    rejected.push({ table: TABLE, row: table.file, reason: 'header rows (nationality / purpose) not found' });
    return { tables: [table], series: [], rejected };
  }
  const targets = columnTargets(rows, purposeRow, resolver, rejected);
  const months = monthRows(rows, purposeRow, rejected);
  const series: ParsedSeries[] = [];
  for (const target of targets) {
    const observations = columnObservations(months, target, rejected);
    if (observations.length === 0) continue;
    series.push({
      country: 'JP',
      measure: 'arrivals',
      breakdown: target.breakdown,
      freq: 'M',
      unit: 'arrivals',
      currency: null,
      scale: null,
      table: TABLE,
      names: { en: target.name },
      observations,
    });
  }
  return { tables: [table], series, rejected };
}
