/**
 * Stats NZ, International Travel and Migration: Infoshare export "Visitor arrivals by country of
 * citizenship and visa type (Monthly)" (ITM524901_….csv, table ITM388AA). Row 1 the title, row 2
 * the citizenships (each over its visa-type columns), row 3 the visa types ending with TOTAL, then
 * one row per month (`2003M07`), then notes and symbols. ".." is a figure not available.
 *
 * Retained: TOTAL ALL CITIZENSHIPS / TOTAL (New Zealand's visitor arrivals: overseas residents
 * arriving for a stay of less than 12 months), and each citizenship's TOTAL as origin by name
 * (Infoshare gives no codes). Citizenship × visa type is not retained (a series has one breakdown).
 * Infoshare does not show status flags in this export, so every figure is as published. Its
 * release date is the "Last updated:" note; statsnz-releases.ts puts it together with the monthly
 * release workbook.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { arrivalsSeries, origin, parseGroupedNumber } from './national-arrivals';
import { listSource, readSourceText } from '../source-reads';

export const STATSNZ_DIR = 'statsnz';
/** Infoshare names its exports by table, date and time of the export. */
export const STATSNZ_CSV_RE = /^ITM\d+_\d{8}_\d{6}_\d+\.csv$/;
export const STATSNZ_HEADER = 'Visitor arrivals by country of citizenship and visa type (Monthly)';
/** Infoshare's notes after the table begin with this line. */
export const STATSNZ_TABLE_END = /^"Table information:"/;
const TABLE = 'statsnz_itm_visitor_arrivals_citizenship';
const ALL = 'TOTAL ALL CITIZENSHIPS';

/** The newest Infoshare export in the folder (names sort by export date), or null. */
export function statsNzFile(sourcesDir: string): string | null {
  const names = listSource(sourcesDir, STATSNZ_DIR).flatMap((e) => (STATSNZ_CSV_RE.test(e.name) ? [e.name] : []));
  return names.length > 0 ? `${STATSNZ_DIR}/${names[names.length - 1]}` : null;
}

function statsNzTable(file: string, updated: string | null): SourceTableInfo {
  return {
    code: TABLE,
    publisher: 'Stats NZ',
    title: 'International Travel and Migration: visitor arrivals by country of citizenship and visa type (monthly, Infoshare ITM388AA)',
    url: 'https://infoshare.stats.govt.nz/',
    file,
    ...(updated ? { released: updated } : {}),
  };
}

/** '2003M07' → '2003-07'; null when not a month. */
export function infoshareMonth(label: string): string | null {
  const m = /^(\d{4})M(\d{2})$/.exec(label.trim());
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? monthPeriod(Number(m[1]), Number(m[2])) : null;
}

const MONTHS: Record<string, number> = { January: 1, February: 2, March: 3, April: 4, May: 5, June: 6, July: 7, August: 8, September: 9, October: 10, November: 11, December: 12 };

/** The "Last updated:" note ('13 August 2024 10:45am') → '2024-08-13'. */
function lastUpdated(rows: string[][]): string | null {
  const at = rows.findIndex((r) => (r[0] ?? '').trim() === 'Last updated:');
  const m = at >= 0 ? /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})/.exec((rows[at + 1]?.[0] ?? '').trim()) : null;
  if (!m || !MONTHS[m[2]]) return null;
  return `${m[3]}-${String(MONTHS[m[2]]).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

export function parseStatsNz(text: string, resolver: CountryResolver, file: string): ConnectorOutput {
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const table = statsNzTable(file, lastUpdated(rows));
  const visaAt = rows.findIndex((r) => r.some((c) => c.trim() === 'TOTAL'));
  if (visaAt < 1) {
    rejected.push({ table: TABLE, row: file, reason: 'header rows (citizenship / visa type) not found' });
    return { tables: [table], series: [], rejected };
  }
  const targets: Array<{ col: number; breakdown: Breakdown | null; name: string }> = [];
  let citizenship = '';
  rows[visaAt].forEach((visa, col) => {
    const group = (rows[visaAt - 1][col] ?? '').trim();
    if (group) citizenship = group;
    if (visa.trim() !== 'TOTAL' || !citizenship) return;
    const base = 'Visitor arrivals to New Zealand';
    if (citizenship === ALL) {
      targets.push({ col, breakdown: null, name: base });
      return;
    }
    const country = resolver.byName(citizenship);
    if (!country) {
      rejected.push({ table: TABLE, row: `column ${col + 1}: ${citizenship}`, reason: resolver.nonCountryReason(citizenship) ?? 'citizenship not recognised' });
      return;
    }
    targets.push({ col, breakdown: origin(country.iso.toLowerCase()), name: `${base}, citizens of ${country.name}` });
  });
  const months = rows.slice(visaAt + 1).flatMap((r) => {
    const period = infoshareMonth(r[0] ?? '');
    return period ? [{ period, cells: r }] : [];
  });
  const series: ParsedSeries[] = targets.map((t) => {
    const observations: ParsedObservation[] = [];
    for (const m of months) {
      const cell = (m.cells[t.col] ?? '').trim();
      if (cell === '..') {
        observations.push({ period: m.period, value: null, status: 'not_published', flags: '..' });
        continue;
      }
      const value = parseGroupedNumber(cell);
      if (value === null) continue;
      if (Number.isNaN(value)) rejected.push({ table: TABLE, row: `${t.name} ${m.period}: "${cell}"`, reason: 'not a number' });
      else observations.push({ period: m.period, value, status: 'published', flags: '' });
    }
    return arrivalsSeries('NZ', TABLE, t.breakdown, t.name, observations);
  });
  return { tables: [table], series, rejected };
}

export function loadInfoshare(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const file = statsNzFile(sourcesDir);
  if (!file) return { tables: [], series: [], rejected: [{ table: TABLE, row: STATSNZ_DIR, reason: 'no Infoshare export (ITM…csv) in the folder' }] };
  return parseStatsNz(readSourceText(sourcesDir, file), resolver, file);
}
