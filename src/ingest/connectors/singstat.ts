/**
 * Singapore Department of Statistics, table M550001 "International Visitor Arrivals By Inbound
 * Tourism Markets" (table-builder CSV, international_visitor_arrivals.csv): header
 * `DataSeries,2024Nov,2024Oct,…` newest first, then the total row and the markets, indented.
 *
 * Kept: the total (Singapore's visitor arrivals), the regions the table names (origin-region-…) and
 * the markets, resolved by name (SingStat gives no codes). A market no name resolves is a rejected
 * row, counted.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { arrivalsSeries, englishMonth, origin, originRegion, parseGroupedNumber } from './national-arrivals';
import { readSourceText } from '../source-reads';

export const SINGSTAT_FILE = 'singstat/international_visitor_arrivals.csv';
export const SINGSTAT_HEADER = 'DataSeries,';
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

/** '2024Nov' → '2024-11'; null when not a month. */
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

export function parseSingstat(text: string, resolver: CountryResolver): ConnectorOutput {
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const rejected: RejectedRow[] = [];
  const [header = [], ...body] = rows;
  const periods = header.map((c, i) => (i === 0 ? null : singstatMonth(c)));
  periods.forEach((p, i) => {
    if (i > 0 && p === null) rejected.push({ table: TABLE, row: `header cell ${i + 1}: "${header[i]}"`, reason: 'not a month' });
  });
  const series: ParsedSeries[] = [];
  for (const row of body) {
    const label = (row[0] ?? '').trim();
    if (label === '') continue;
    const target = rowTarget(label, resolver);
    if (typeof target === 'string') {
      rejected.push({ table: TABLE, row: label, reason: target });
      continue;
    }
    const observations: ParsedObservation[] = [];
    row.forEach((cell, i) => {
      const period = periods[i];
      if (!period) return;
      // The table builder writes "na" for a month it has no figure for.
      const value = cell.trim() === 'na' ? null : parseGroupedNumber(cell);
      if (value === null) return;
      if (Number.isNaN(value)) rejected.push({ table: TABLE, row: `${label} ${period}: "${cell}"`, reason: 'not a number' });
      else observations.push({ period, value, status: 'published', flags: '' });
    });
    series.push(arrivalsSeries('SG', TABLE, target.breakdown, target.name, observations));
  }
  return { tables: [SINGSTAT_TABLE], series, rejected };
}

export function loadSingstat(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return parseSingstat(readSourceText(sourcesDir, SINGSTAT_FILE), resolver);
}
