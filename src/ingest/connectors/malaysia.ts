/**
 * Department of Statistics Malaysia, data.gov.my dataset `arrivals_soe`: visitor arrivals by
 * nationality and state of entry, monthly, `date,country,soe,arrivals,arrivals_male,arrivals_female`
 * with the nationality as an ISO 3166 alpha-3 code and the month as its first day.
 *
 * Malaysia's visitor arrivals are the sum of every row of a month (all nationalities, all states of
 * entry), and each nationality's the sum of its rows over the states: both derived by us. The
 * nationality is resolved by its alpha-3 code; a code that is no country present (XXX, retired codes)
 * stays in the national total and is one rejected row per code, with its rows counted.
 */
import { parse } from 'csv-parse/sync';
import type { ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { arrivalsSeries, MonthlySums, origin } from './national-arrivals';
import { readSourceText } from '../source-reads';

export const MALAYSIA_FILE = 'malaysia/arrivals_soe.csv';
export const MALAYSIA_HEADER = 'date,country,soe,arrivals';
const TABLE = 'dosm_arrivals_soe';
const TOTAL = '';

export const MALAYSIA_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'Department of Statistics Malaysia (data.gov.my)',
  title: 'Visitor arrivals by nationality and state of entry (arrivals_soe), monthly, summed over states of entry',
  url: 'https://data.gov.my/data-catalogue/arrivals_soe',
  file: MALAYSIA_FILE,
};

export function parseMalaysia(text: string, resolver: CountryResolver): ConnectorOutput {
  const records = parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const rejected: RejectedRow[] = [];
  const sums = new MonthlySums();
  const unresolved = new Map<string, number>();
  records.forEach((r, i) => {
    const month = /^(\d{4}-\d{2})-01$/.exec((r.date ?? '').trim())?.[1];
    const value = (r.arrivals ?? '').trim();
    if (!month || !/^\d+$/.test(value)) {
      rejected.push({ table: TABLE, row: `line ${i + 2}: ${r.date},${r.country},${r.soe},${r.arrivals}`, reason: month ? 'arrivals not a whole number' : 'date not the first day of a month' });
      return;
    }
    sums.add(TOTAL, month, Number(value));
    const code = (r.country ?? '').trim();
    const country = resolver.byIso3(code);
    if (country) sums.add(country.iso, month, Number(value));
    else unresolved.set(code, (unresolved.get(code) ?? 0) + 1);
  });
  for (const [code, rows] of unresolved) {
    rejected.push({ table: TABLE, row: `nationality ${code} (${rows} rows)`, reason: `code ${code} is not a country code held: its arrivals are in the national total only` });
  }
  const base = 'Visitor arrivals to Malaysia, all states of entry';
  const series: ParsedSeries[] = sums.keys().map((key) => {
    if (key === TOTAL) return arrivalsSeries('MY', TABLE, null, base, sums.observations(key), true);
    const name = resolver.byIso2(key)?.name ?? key;
    return arrivalsSeries('MY', TABLE, origin(key.toLowerCase()), `${base}, nationality ${name}`, sums.observations(key), true);
  });
  return { tables: [MALAYSIA_TABLE], series, rejected };
}

export function loadMalaysia(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return parseMalaysia(readSourceText(sourcesDir, MALAYSIA_FILE), resolver);
}
