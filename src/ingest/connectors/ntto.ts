/**
 * U.S. National Travel and Tourism Office, I-94 arrivals, "Monthly Arrivals 2000–Present" workbook,
 * sheet "Monthly": international visitors (country of residence, 1+ nights, qualified visa types).
 * Row 1 holds the definition and one month per column (Excel serial days, later text such as
 * "2019-08", "2022-1", "2022-12\r\nFinal as Available", "2023-01\r\nPreliminary"); column B the
 * row label, column C the world region of a country; notes to the right of the months.
 *
 * - TOTAL ALL COUNTRIES → the United States' visitor arrivals; OVERSEAS and the world regions
 *   (upper case) → origin-region-…; countries → origin by name (NTTO gives no codes); the
 *   "(air only)" rows are parts of other rows and are not retained (counted as rejected).
 * - A month headed "Preliminary" is provisional; "Final as Available" is final for the rows it
 *   fills, and the rows it leaves empty (the total, Canada, Mexico) are not served for it.
 * - A dash is a month with no figure (not published).
 * - NTTO's notes: Canada and Mexico volumes and the totals that include them are subject to
 *   revision from January 2020 on, so those figures are provisional ('subject to revision').
 */
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ObsStatus, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { readSheet, type Cell, type SheetRows } from '../workbook';
import type { CountryResolver } from './country-resolver';
import { excelSerialToIsoDate } from './eia';
import { arrivalsSeries, origin, originRegion } from './national-arrivals';
import { readSource } from '../source-reads';

export const NTTO_FILE = 'ntto/us_Monthly-Arrivals-2000-Present.xlsx';
export const NTTO_SHEET = 'Monthly';
const TABLE = 'ntto_i94_monthly_arrivals';
const TOTAL = 'TOTAL ALL COUNTRIES';
/** Rows whose figures NTTO says are subject to revision from this month on (Canada, Mexico and the sums holding them). */
const REVISABLE_FROM = '2020-01';
const REVISABLE_ROWS = new Set([TOTAL, 'NORTH AMERICA', 'Canada', 'Mexico']);

export const NTTO_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'U.S. National Travel and Tourism Office',
  title: 'I-94 Arrivals Program: monthly international visitor arrivals (country of residence, 1+ nights), 2000–present',
  url: 'https://www.trade.gov/i-94-arrivals-program',
  file: NTTO_FILE,
};

export interface NttoMonth {
  period: string;
  status: ObsStatus;
  flags: string;
}

/** A month header cell → its period and status; null when the cell is not a month. */
export function nttoMonth(cell: Cell): NttoMonth | null {
  if (typeof cell === 'number') return { period: excelSerialToIsoDate(cell).slice(0, 7), status: 'published', flags: '' };
  if (typeof cell !== 'string') return null;
  const m = /^(\d{4})-(\d{1,2})(?:\s+(.+))?$/s.exec(cell.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  const note = (m[3] ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const status: ObsStatus = note === 'preliminary' ? 'provisional' : 'published';
  return { period: monthPeriod(Number(m[1]), Number(m[2])), status, flags: note };
}

function rowTarget(label: string, region: Cell, resolver: CountryResolver): { breakdown: Breakdown | null; name: string } | string {
  const base = 'International visitor arrivals to the United States (I-94, 1+ nights)';
  if (label === TOTAL) return { breakdown: null, name: base };
  if (/\(air only\)$/i.test(label)) return 'air-only count, a part of another row: not kept';
  // World regions and OVERSEAS are written in upper case and carry no region of their own in column C.
  if (region === null && label === label.toUpperCase()) {
    const name = label.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
    return { breakdown: originRegion(label), name: `${base}, residents of ${name} (region total)` };
  }
  const country = resolver.byName(label);
  if (!country) return resolver.nonCountryReason(label) ?? 'country of residence not recognised';
  return { breakdown: origin(country.iso.toLowerCase()), name: `${base}, residents of ${country.name}` };
}

export function parseNtto(rows: SheetRows, resolver: CountryResolver): ConnectorOutput {
  const rejected: RejectedRow[] = [];
  const header = rows[0] ?? [];
  const months = header.map((c, i) => (i < 3 ? null : nttoMonth(c)));
  const series: ParsedSeries[] = [];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const label = typeof row[1] === 'string' ? row[1].trim() : '';
    if (i === 0 || label === '') continue;
    const target = rowTarget(label, row[2] ?? null, resolver);
    if (typeof target === 'string') {
      rejected.push({ table: TABLE, row: `row ${i + 1}: ${label}`, reason: target });
      continue;
    }
    const key = target.breakdown?.member ?? 'total';
    if (seen.has(key)) {
      rejected.push({ table: TABLE, row: `row ${i + 1}: ${label}`, reason: `a second row for origin ${key}` });
      continue;
    }
    seen.add(key);
    const revisable = REVISABLE_ROWS.has(label);
    const observations: ParsedObservation[] = [];
    row.forEach((cell, c) => {
      const month = months[c];
      if (!month || cell === null || (typeof cell === 'string' && cell.trim() === '')) return;
      // NTTO writes a dash where a country has no figure for a month.
      if (typeof cell === 'string' && cell.trim() === '-') {
        observations.push({ period: month.period, value: null, status: 'not_published', flags: '' });
        return;
      }
      if (typeof cell !== 'number') {
        rejected.push({ table: TABLE, row: `${label} ${month.period}: "${String(cell)}"`, reason: 'not a number' });
        return;
      }
      const subjectToRevision = revisable && month.period >= REVISABLE_FROM && month.status === 'published';
      observations.push({
        period: month.period,
        value: cell,
        status: subjectToRevision ? 'provisional' : month.status,
        flags: subjectToRevision ? 'subject to revision' : month.flags,
      });
    });
    series.push(arrivalsSeries('US', TABLE, target.breakdown, target.name, observations));
  }
  return { tables: [NTTO_TABLE], series, rejected };
}

export function loadNtto(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const rows = readSheet(readSource(sourcesDir, NTTO_FILE), NTTO_SHEET);
  if (!rows) return { tables: [NTTO_TABLE], series: [], rejected: [{ table: TABLE, row: NTTO_FILE, reason: `sheet ${NTTO_SHEET} not found` }] };
  return parseNtto(rows, resolver);
}
