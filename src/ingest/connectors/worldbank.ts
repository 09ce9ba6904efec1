/**
 * World Bank World Development Indicators: long-format CSVs (`Country Name,Country Code,Year,Value`,
 * one file per indicator, from the datahub WDI package) and the Bank's wide "API_<code>_DS2" downloads.
 * Aggregates (WLD, EUU, HIC ...) are skipped. The third-party `derived_world_tourism_economy_*` file
 * in the same folder is deliberately not read.
 */
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import type { AppliedDecision, ConnectorOutput, CountryRef, IndicatorValue } from '../records';
import { resolvePlace } from './code-decisions';
import type { CountryResolver } from './country-resolver';
import { listSource, readSourceText } from '../source-reads';

export const WORLDBANK_DIR = 'worldbank_wdi';
export const API_DIR = `${WORLDBANK_DIR}/api_csv`;
const PUBLISHER = 'World Bank';
/** Indicator codes as WDI writes them (the long files are named after them). */
export const INDICATOR_FILE_RE = /^[A-Z]{2}(\.[A-Z0-9]+)+\.csv$/;
export const API_FILE_RE = /^API_(.+?)_DS2_.*\.csv$/i;
export const API_PREAMBLE_LINES = 4;
/** The Bank's country metadata beside the wide downloads (regions tell economies from aggregates). */
export const COUNTRY_METADATA_RE = /^Metadata_Country_.*\.csv$/;

/** Titles of the long files, which carry no indicator name (WDI names as of the files' vintage). */
const LONG_FILE_TITLES: Record<string, string> = {
  'SP.POP.TOTL': 'Population, total',
  'NY.GDP.MKTP.CD': 'GDP (current US$)',
  'NY.GDP.PCAP.CD': 'GDP per capita (current US$)',
  'NY.GDP.MKTP.KD.ZG': 'GDP growth (annual %)',
  'FP.CPI.TOTL.ZG': 'Inflation, consumer prices (annual %)',
  'SL.UEM.TOTL.ZS': 'Unemployment, total (% of total labor force) (modeled ILO estimate)',
  'BN.CAB.XOKA.CD': 'Current account balance (BoP, current US$)',
  'PA.NUS.FCRF': 'Official exchange rate (LCU per US$, period average)',
  'ST.INT.RCPT.XP.ZS': 'International tourism, receipts (% of total exports)',
  'ST.INT.XPND.MP.ZS': 'International tourism, expenditures (% of total imports)',
};

/** The indicators retained in the long layout, one file each (the refresh writes them from the Bank's download). */
export const LONG_INDICATORS: readonly string[] = Object.keys(LONG_FILE_TITLES);

/** table code: 'wdi_sp_pop_totl' for the long file, 'wdi_api_st_int_arvl' for the wide download. */
function tableCode(indicator: string, wide: boolean): string {
  return `wdi_${wide ? 'api_' : ''}${indicator.toLowerCase().replace(/\./g, '_')}`;
}

function tableInfo(indicator: string, file: string, wide: boolean, title: string): SourceTableInfo {
  return {
    code: tableCode(indicator, wide),
    publisher: PUBLISHER,
    title: `World Development Indicators: ${title} (${indicator})`,
    url: wide
      ? `https://api.worldbank.org/v2/en/indicator/${indicator}?downloadformat=csv`
      : `https://api.worldbank.org/v2/country/all/indicator/${indicator}?format=json`,
    file,
  };
}

/**
 * Economies the Bank lists with a region in its country metadata; codes with an empty region are
 * aggregates. Used to tell a skipped aggregate from a real economy the resolver lacks (e.g. CHI).
 */
function readEconomyCodes(sourcesDir: string): Set<string> {
  const file = listSource(sourcesDir, API_DIR).find((e) => COUNTRY_METADATA_RE.test(e.name))?.name;
  if (!file) return new Set();
  const [header = [], ...rows] = parseCsvLines(readSourceText(sourcesDir, `${API_DIR}/${file}`));
  const [codeCol, regionCol] = [header.indexOf('Country Code'), header.indexOf('Region')];
  return new Set(rows.filter((r) => (r[regionCol] ?? '').trim() !== '').map((r) => r[codeCol]));
}

class WdiReader {
  readonly indicators: IndicatorValue[] = [];
  readonly rejected: RejectedRow[] = [];
  readonly decisions: AppliedDecision[] = [];
  /** Each economy's code and name are checked once per table: `table|code|name` → country or null. */
  private readonly places = new Map<string, CountryRef | null>();

  constructor(
    private readonly resolver: CountryResolver,
    private readonly economies: Set<string>,
  ) {}

  /**
   * The economy's country: its ISO3 code confirmed by its name, or a written decision. Aggregates
   * (no region in the Bank's metadata) are skipped silently; any other economy left unresolved is
   * reported once per table as an ingest error.
   */
  private placeOf(table: string, iso3: string, name: string): CountryRef | null {
    const key = `${table}|${iso3}|${name}`;
    const known = this.places.get(key);
    if (known !== undefined) return known;
    let country: CountryRef | null = null;
    const row = `${iso3} ${name}`;
    const isEconomy = this.economies.has(iso3) || this.resolver.byIso3(iso3) !== null;
    if (isEconomy) {
      const place = resolvePlace(this.resolver, 'World Bank', iso3, name, (code) => this.resolver.byIso3(code));
      if (place.kind === 'unresolved') {
        this.rejected.push({ table, row, reason: `place not resolved: ${place.reason}; all its rows skipped`, unresolved: true });
      } else {
        if (place.kind === 'decision') this.decisions.push({ table, row, decision: place.decision });
        country = place.country;
      }
    }
    this.places.set(key, country);
    return country;
  }

  /** Adds one value of a country economy. */
  add(table: string, indicator: string, iso3: string, name: string, yearCell: string, valueCell: string): void {
    const country = this.placeOf(table, iso3, name);
    if (!country) return;
    const year = Number(yearCell);
    const value = Number(valueCell);
    if (!Number.isInteger(year) || valueCell.trim() === '' || !Number.isFinite(value)) {
      this.rejected.push({ table, row: `${iso3} ${yearCell}: "${valueCell}"`, reason: 'year or value not a number' });
      return;
    }
    this.indicators.push({ country: country.iso, indicator, year, value, projection: false, source: table });
  }
}

/**
 * One CSV line split into cells, with RFC 4180 quoting ("Korea, Rep.", "" for a quote). The WDI files
 * have no line breaks inside quotes. Hand-rolled because csv-parse's cost per row and call, over
 * these files' hundred thousand rows, was most of the connector's time.
 */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (line[i + 1] === '"') (cell += '"'), i++;
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') cells.push(cell), (cell = '');
    else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Non-empty lines of a CSV text as cells; `skipLines` drops a preamble. */
export function parseCsvLines(text: string, skipLines = 0): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(skipLines)
    .filter((line) => line.trim() !== '')
    .map(splitCsvLine);
}

function readLongFile(sourcesDir: string, fileName: string, reader: WdiReader): SourceTableInfo {
  const indicator = fileName.replace(/\.csv$/, '');
  const file = `${WORLDBANK_DIR}/${fileName}`;
  const table = tableCode(indicator, false);
  const [header = [], ...rows] = parseCsvLines(readSourceText(sourcesDir, file));
  const [nameCol, codeCol, yearCol, valueCol] = ['Country Name', 'Country Code', 'Year', 'Value'].map((h) =>
    header.indexOf(h),
  );
  if ([nameCol, codeCol, yearCol, valueCol].some((c) => c < 0)) {
    reader.rejected.push({ table, row: file, reason: 'header Country Name,Country Code,Year,Value not found' });
  } else {
    for (const r of rows) reader.add(table, indicator, r[codeCol], r[nameCol], r[yearCol] ?? '', r[valueCol] ?? '');
  }
  return tableInfo(indicator, file, false, LONG_FILE_TITLES[indicator] ?? indicator);
}

/** Wide layout: 4 preamble lines, then `Country Name,Country Code,Indicator Name,Indicator Code,1960,...,`. */
function readApiFile(sourcesDir: string, fileName: string, reader: WdiReader): SourceTableInfo[] {
  const file = `${API_DIR}/${fileName}`;
  const text = readSourceText(sourcesDir, file);
  const [header = [], ...data] = parseCsvLines(text, API_PREAMBLE_LINES);
  const years = header.flatMap((cell, col) => (/^\d{4}$/.test(cell) ? [{ col, year: cell }] : []));
  const [nameCol, codeCol, indicatorNameCol, indicatorCol] = [
    'Country Name',
    'Country Code',
    'Indicator Name',
    'Indicator Code',
  ].map((h) => header.indexOf(h));
  if (codeCol < 0 || indicatorCol < 0) {
    const reason = 'header with Country Code / Indicator Code not found';
    reader.rejected.push({ table: 'wdi_api', row: file, reason });
    return [];
  }
  const tables = new Map<string, SourceTableInfo>();
  for (const row of data) {
    const indicator = row[indicatorCol];
    const table = tableCode(indicator, true);
    if (!tables.has(indicator)) tables.set(indicator, tableInfo(indicator, file, true, row[indicatorNameCol]));
    for (const { col, year } of years) {
      if ((row[col] ?? '').trim() === '') continue; // empty = no value for that year
      reader.add(table, indicator, row[codeCol], row[nameCol], year, row[col]);
    }
  }
  return [...tables.values()];
}

function listFiles(sourcesDir: string, dir: string, pattern: RegExp): string[] {
  return listSource(sourcesDir, dir).flatMap((e) => (pattern.test(e.name) ? [e.name] : []));
}

export function loadWorldBank(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const reader = new WdiReader(resolver, readEconomyCodes(sourcesDir));
  const tables: SourceTableInfo[] = [];
  // Only files named after an indicator code: this leaves out derived_world_tourism_economy_*.csv.
  for (const f of listFiles(sourcesDir, WORLDBANK_DIR, INDICATOR_FILE_RE)) {
    tables.push(readLongFile(sourcesDir, f, reader));
  }
  for (const f of listFiles(sourcesDir, API_DIR, API_FILE_RE)) {
    tables.push(...readApiFile(sourcesDir, f, reader));
  }
  return { tables, series: [], rejected: reader.rejected, decisions: reader.decisions, indicators: reader.indicators };
}
