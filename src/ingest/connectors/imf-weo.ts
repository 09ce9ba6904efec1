/**
 * IMF World Economic Outlook, October 2024, in either of its tab-separated texts named .xls:
 * - the entire database by countries, as the release download serves it (UTF-16 or Latin-1, an ISO
 *   column, numbers with a decimal point and commas grouping thousands, "Estimates Start After");
 *   read when the refresh has fetched it;
 * - else the custom-query export the sources folder holds (Latin-1, CRLF, a decimal comma, no ISO
 *   column, so countries are matched by name).
 * `n/a` and `--` mark missing values.
 */
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput, IndicatorValue } from '../records';
import { fileToRead } from '../latest-file';
import { decodeText } from '../source-shape';
import type { CountryResolver } from './country-resolver';
import { readSource } from '../source-reads';

/** The release download (entire database by countries), as the refresh fetches it. */
export const IMF_WEO_FILE = 'imf_weo/WEOOct2024all.xls';
/** The custom-query export of the sources folder, read when the release download is not there. */
export const IMF_WEO_EXTRACT_FILE = 'imf_weo/WEO_Data_Oct2024_custom_extract.xls';
const TABLE = 'imf_weo_2024_10';

function weoTable(file: string, what: string): SourceTableInfo {
  return {
    code: TABLE,
    publisher: 'International Monetary Fund',
    title: `World Economic Outlook Database, October 2024 (${what})`,
    url: 'https://www.imf.org/en/Publications/WEO/weo-database/2024/October',
    file,
  };
}

export const IMF_WEO_TABLE: SourceTableInfo = weoTable(IMF_WEO_EXTRACT_FILE, 'custom extract, 2021–2026');
const IMF_WEO_FULL_TABLE = weoTable(IMF_WEO_FILE, 'entire database by countries');

/**
 * The export has no "Estimates Start After" column. In the October 2024 WEO the projections start
 * with the current year 2024 for almost every country, so years from 2024 on are flagged as
 * projections; 2021–2023 are actuals or IMF staff estimates.
 */
export const FIRST_PROJECTION_YEAR = 2024;

/** `Subject Descriptor|Units|Scale` → indicator code (the export carries no WEO subject codes). */
export const WEO_INDICATORS: Readonly<Record<string, string>> = {
  'Gross domestic product, constant prices|National currency|Billions': 'WEO:gdp_const_lcu_bn',
  'Gross domestic product, constant prices|Percent change|Units': 'WEO:gdp_growth_pct',
  'Inflation, end of period consumer prices|Percent change|Units': 'WEO:inflation_eop_pct',
  'Current account balance|U.S. dollars|Billions': 'WEO:current_account_usd_bn',
  'Volume of exports of goods and services|Percent change|Units': 'WEO:exports_volume_pct',
  'Volume of imports of goods and services|Percent change|Units': 'WEO:imports_volume_pct',
  'Unemployment rate|Percent of total labor force|Units': 'WEO:unemployment_pct',
  'General government structural balance|Percent of potential GDP|Units': 'WEO:structural_balance_pct_potential_gdp',
};

const MISSING_MARKS = new Set(['', 'n/a', '--']);

/**
 * A decimal-comma number: '1,12' → 1.12, '-0,003' → -0.003, '11120059,7' → 11120059.7. In this
 * locale a dot can only group thousands ('1.101,445' → 1101.445); this file writes no grouping.
 * Missing marks → null; anything else → NaN.
 */
export function parseDecimalComma(cell: string): number | null {
  const t = cell.trim();
  if (MISSING_MARKS.has(t.toLowerCase())) return null;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+(,\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return NaN;
}

/** A number as the release download writes it: '1,101.445' → 1101.445, '-0.003' → -0.003; missing marks → null; else NaN. */
export function parseDecimalPoint(cell: string): number | null {
  const t = cell.trim();
  if (MISSING_MARKS.has(t.toLowerCase())) return null;
  if (/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  return NaN;
}

interface WeoLayout {
  /** The full WEO files carry an ISO column; the custom extract does not, so its names are matched. */
  isoCol: number;
  /** The full files' "Estimates Start After": the last year of actual figures, per row. */
  estimatesCol: number;
  /** Present in the release download only: its numbers are written with a decimal point. */
  subjectCodeCol: number;
  countryCol: number;
  subjectCol: number;
  unitsCol: number;
  scaleCol: number;
  years: Array<{ col: number; year: number }>;
}

function findLayout(header: string[]): WeoLayout | null {
  const col = (name: string) => header.findIndex((h) => h.trim() === name);
  const layout = {
    isoCol: col('ISO'),
    estimatesCol: col('Estimates Start After'),
    subjectCodeCol: col('WEO Subject Code'),
    countryCol: col('Country'),
    subjectCol: col('Subject Descriptor'),
    unitsCol: col('Units'),
    scaleCol: col('Scale'),
    years: header.flatMap((h, i) => (/^\d{4}$/.test(h.trim()) ? [{ col: i, year: Number(h) }] : [])),
  };
  const complete = [layout.countryCol, layout.subjectCol, layout.unitsCol, layout.scaleCol].every((c) => c >= 0);
  return complete && layout.years.length > 0 ? layout : null;
}

/** Blank rows and the source footer have text in the first cell at most. */
function isBlankOrFooter(cells: string[]): boolean {
  return cells.slice(1).every((c) => c.trim() === '');
}

/** The file read: the release download when fetched, else the custom extract. */
export function imfWeoFile(sourcesDir: string): string {
  return fileToRead(sourcesDir, IMF_WEO_FILE, IMF_WEO_EXTRACT_FILE);
}

function readText(sourcesDir: string): string {
  // The release download comes as UTF-16, the custom export as Latin-1.
  return decodeText(readSource(sourcesDir, imfWeoFile(sourcesDir)), 'utf16-or-latin1');
}

function splitLines(text: string): string[][] {
  return text.split(/\r?\n/).map((l) => l.split('\t'));
}

/** The distinct country names of the export, for checking that the resolver knows them all. */
export function readImfWeoCountryNames(sourcesDir: string): string[] {
  const [header = [], ...rows] = splitLines(readText(sourcesDir));
  const layout = findLayout(header);
  if (!layout) return [];
  const names = rows.filter((cells) => !isBlankOrFooter(cells)).map((cells) => cells[layout.countryCol].trim());
  return [...new Set(names)];
}

export function loadImfWeo(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  return parseImfWeo(readText(sourcesDir), resolver);
}

/** The file's text (decoded) → indicator values; its layout tells which of the two files it is. */
export function parseImfWeo(text: string, resolver: CountryResolver): ConnectorOutput {
  const lines = splitLines(text);
  const indicators: IndicatorValue[] = [];
  const rejected: RejectedRow[] = [];
  const layout = findLayout(lines[0] ?? []);
  if (!layout) {
    const reason = 'header Country / Subject Descriptor / Units / Scale / years not found';
    rejected.push({ table: TABLE, row: 'header', reason });
    return { tables: [IMF_WEO_TABLE], series: [], rejected, indicators };
  }
  const full = layout.subjectCodeCol >= 0;
  const table = full ? IMF_WEO_FULL_TABLE : IMF_WEO_TABLE;
  const parse = full ? parseDecimalPoint : parseDecimalComma;
  lines.slice(1).forEach((cells, i) => {
    if (isBlankOrFooter(cells)) return;
    const name = cells[layout.countryCol].trim();
    const subject = [layout.subjectCol, layout.unitsCol, layout.scaleCol].map((c) => (cells[c] ?? '').trim()).join('|');
    const where = `line ${i + 2}: ${name} / ${subject}`;
    const indicator = WEO_INDICATORS[subject];
    const reject = (reason: string): void => void rejected.push({ table: TABLE, row: where, reason });
    if (!indicator) return reject('subject / units / scale not mapped');
    const resolved = layout.isoCol >= 0 ? resolver.confirm(resolver.byIso3(cells[layout.isoCol] ?? ''), (cells[layout.isoCol] ?? '').trim(), name) : null;
    const country = resolved ? resolved.country : resolver.byName(name);
    if (!country) {
      rejected.push({ table: TABLE, row: where, reason: resolved?.reason ?? 'country name not recognised', unresolved: true });
      return;
    }
    // Years after a row's "Estimates Start After" are staff estimates; projections start with the release year at the earliest.
    const lastActual = Number((cells[layout.estimatesCol] ?? '').trim());
    const firstProjection = layout.estimatesCol >= 0 && Number.isInteger(lastActual) ? Math.max(FIRST_PROJECTION_YEAR, lastActual + 1) : FIRST_PROJECTION_YEAR;
    for (const { col, year } of layout.years) {
      const value = parse(cells[col] ?? '');
      if (value === null) continue;
      if (Number.isNaN(value)) {
        rejected.push({ table: TABLE, row: `${where} ${year}: "${cells[col]}"`, reason: `not a ${full ? 'decimal-point' : 'decimal-comma'} number` });
        continue;
      }
      const projection = year >= firstProjection;
      indicators.push({ country: country.iso, indicator, year, value, projection, source: TABLE });
    }
  });
  return { tables: [table], series: [], rejected, indicators };
}
