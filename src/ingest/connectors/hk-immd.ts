/**
 * Hong Kong Immigration Department, "Statistics on Daily Passenger Traffic" (data.gov.hk CSV):
 * one row per day, control point and direction, `Date (DD-MM-YYYY), Control Point, Arrival /
 * Departure, Hong Kong Residents, Mainland Visitors, Other Visitors, Total,`.
 *
 * Hong Kong's visitor arrivals are the Mainland and Other Visitors of the Arrival rows (residents
 * returning are not visitors), summed over control points and the days of a month: derived by us.
 * A month is served only when every one of its days is in the file, so a month still being
 * published is not shown as if complete. The same sums by Mainland / other visitors are the two
 * origins the department distinguishes (origin-cn, origin-other).
 */
import { parse } from 'csv-parse/sync';
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import { arrivalsSeries, MonthlySums, origin } from './national-arrivals';
import { readSourceText } from '../source-reads';

export const HK_IMMD_FILE = 'hk_immd/statistics_on_daily_passenger_traffic.csv';
export const HK_IMMD_HEADER = 'Date,Control Point,Arrival / Departure,Hong Kong Residents,Mainland Visitors,Other Visitors,Total';
const TABLE = 'hk_immd_daily_passenger_traffic';

export const HK_IMMD_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'Hong Kong Immigration Department',
  title: 'Statistics on Daily Passenger Traffic: visitor arrivals (Mainland and other visitors), summed by month over control points',
  url: 'https://www.immd.gov.hk/opendata/eng/transport/immigration_clearance/statistics_on_daily_passenger_traffic.csv',
  file: HK_IMMD_FILE,
};

/** Days in a month ('2024-02' → 29). */
export function daysInMonth(period: string): number {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function parseHkImmd(text: string): ConnectorOutput {
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const [header = [], ...body] = rows;
  const col = (name: string) => header.findIndex((h) => h.trim().startsWith(name));
  const [date, direction, mainland, other] = [col('Date'), col('Arrival / Departure'), col('Mainland Visitors'), col('Other Visitors')];
  if ([date, direction, mainland, other].some((c) => c < 0)) {
    rejected.push({ table: TABLE, row: HK_IMMD_FILE, reason: `header is not "${HK_IMMD_HEADER}"` });
    return { tables: [HK_IMMD_TABLE], series: [], rejected };
  }
  const sums = new MonthlySums();
  const days = new Map<string, Set<string>>();
  body.forEach((row, i) => {
    const d = /^(\d{2})-(\d{2})-(\d{4})$/.exec((row[date] ?? '').trim());
    if (!d) {
      rejected.push({ table: TABLE, row: `line ${i + 2}: "${row[date] ?? ''}"`, reason: 'date not DD-MM-YYYY' });
      return;
    }
    const period = `${d[3]}-${d[2]}`;
    days.set(period, (days.get(period) ?? new Set()).add(d[1]));
    if (row[direction]?.trim() !== 'Arrival') return;
    const counts = [row[mainland], row[other]].map((c) => (/^\d+$/.test((c ?? '').trim()) ? Number(c) : NaN));
    if (counts.some(Number.isNaN)) {
      rejected.push({ table: TABLE, row: `line ${i + 2}: ${row.slice(0, 3).join(' / ')}`, reason: 'visitor counts not whole numbers' });
      return;
    }
    sums.add('cn', period, counts[0]);
    sums.add('other', period, counts[1]);
    sums.add('total', period, counts[0] + counts[1]);
  });
  const complete = (period: string) => days.get(period)?.size === daysInMonth(period);
  for (const [period, daysPresent] of days) {
    if (!complete(period)) rejected.push({ table: TABLE, row: period, reason: `month incomplete: ${daysPresent.size} of ${daysInMonth(period)} days in the file, not served` });
  }
  const base = 'Visitor arrivals to Hong Kong (Mainland and other visitors), all control points';
  return {
    tables: [HK_IMMD_TABLE],
    series: [
      arrivalsSeries('HK', TABLE, null, base, sums.observations('total', complete), true),
      arrivalsSeries('HK', TABLE, origin('cn'), 'Visitor arrivals to Hong Kong, Mainland visitors, all control points', sums.observations('cn', complete), true),
      arrivalsSeries('HK', TABLE, origin('other'), 'Visitor arrivals to Hong Kong, other visitors (not from the Mainland), all control points', sums.observations('other', complete), true),
    ],
    rejected,
  };
}

export function loadHkImmd(sourcesDir: string): ConnectorOutput {
  return parseHkImmd(readSourceText(sourcesDir, HK_IMMD_FILE));
}
