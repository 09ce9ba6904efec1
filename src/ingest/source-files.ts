/**
 * Every file the ingest reads, with the shape it must have (src/ingest/source-shape.ts). The file
 * names come from the connectors that read them; the shapes are the publishers' layouts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ABS_FILE, ABS_SHEET } from './connectors/abs';
import { COUNTRY_CODES_FILE } from './connectors/country-codes';
import { ECB_FILE } from './connectors/ecb';
import { BRENT_FILE, JET_MONTHLY_FILE, JET_WEEKLY_FILE, WTI_FILE } from './connectors/eia';
import { EUROSTAT_TABLES, fileOf } from './connectors/eurostat';
import { DEMAND_TABLES } from './connectors/eurostat-demand';
import { GEO_DIC_FILE } from './connectors/geo-dic';
import { HK_IMMD_FILE, HK_IMMD_HEADER } from './connectors/hk-immd';
import { imfWeoFile } from './connectors/imf-weo';
import { jntoFile } from './connectors/jnto';
import { JNTO_NATIONALITY_FILE, JNTO_NATIONALITY_HEADER } from './connectors/jnto-nationality';
import { MALAYSIA_FILE, MALAYSIA_HEADER } from './connectors/malaysia';
import { MTUR_DIR, MTUR_FILE_RE, MTUR_HEADER } from './connectors/mtur-brazil';
import { NTTO_FILE, NTTO_SHEET } from './connectors/ntto';
import { SINGSTAT_API_FILE, SINGSTAT_API_KEYS, SINGSTAT_FILE, SINGSTAT_HEADER, singstatFile } from './connectors/singstat';
import { STATCAN_FILE, STATCAN_FULL_TABLE_FILE, STATCAN_FULL_TABLE_LEADING, STATCAN_FULL_TABLE_TRAILING, STATCAN_TABLE_END, statcanFile } from './connectors/statcan';
import { STATSNZ_CSV_RE, STATSNZ_DIR, STATSNZ_HEADER, STATSNZ_TABLE_END } from './connectors/statsnz';
import { STATSNZ_INFO_SHEET, STATSNZ_TABLE1_LABELS, STATSNZ_TABLES_SHEET, statsNzWorkbookFile } from './connectors/statsnz-workbook';
import { NUTS_FILE, NUTS_SHEET } from './connectors/nuts';
import { unwtoWorkbooks, UNWTO_SHEETS } from './connectors/unwto';
import { DATA_COLUMNS, DATA_SHEET, OVERVIEW_SHEET, topicFiles } from './connectors/unwto-topics';
import { API_DIR, API_FILE_RE, API_PREAMBLE_LINES, COUNTRY_METADATA_RE, INDICATOR_FILE_RE, WORLDBANK_DIR } from './connectors/worldbank';
import { checkSourceFile, type ShapeProblem, type SourceShape } from './source-shape';

/** What a workbook no connector reads must be at least: whole. */
const ANY_XLSX: SourceShape = { kind: 'xlsx' };

/** Files by name, or every file of a folder whose name matches (at least one must). */
type FileRule = { files: (sourcesDir: string) => string[]; shape: SourceShape };

const one = (file: string) => () => [file];
/** The file when it is the one `read` picks in the folder (a fetched file, else the one stored), else none. */
const whenRead = (file: string, read: (sourcesDir: string) => string) => (sourcesDir: string) => (read(sourcesDir) === file ? [file] : []);
const matching = (dir: string, pattern: RegExp, what: string) => (sourcesDir: string) => {
  const full = path.join(sourcesDir, dir);
  const names = fs.existsSync(full) ? fs.readdirSync(full).filter((f) => pattern.test(f)).sort() : [];
  return names.length > 0 ? names.map((f) => `${dir}/${f}`) : [`${dir}/${what}`];
};

const EUROSTAT_TSV: SourceShape = { kind: 'delimited', delimiter: '\t', header: 'freq,', endsWithNewline: true };
const EIA_CSV: SourceShape = { kind: 'delimited', delimiter: ',', header: 'Date,' };
/** FRED has headed its date column "DATE" and, since 2024, "observation_date"; the stored copy says "Date". */
const FRED_CSV: SourceShape = { kind: 'delimited', delimiter: ',', header: ['Date,', 'DATE,', 'observation_date,'] };

export const SOURCE_FILES: readonly FileRule[] = [
  { files: one(COUNTRY_CODES_FILE), shape: { kind: 'delimited', delimiter: ',', header: 'FIFA,Dial,ISO3166-1-Alpha-3,' } },
  { files: one(GEO_DIC_FILE), shape: { kind: 'delimited', delimiter: '\t' } },
  { files: one(NUTS_FILE), shape: { kind: 'xlsx', sheets: [NUTS_SHEET] } },
  ...EUROSTAT_TABLES.map((spec) => ({ files: (dir: string) => [fileOf(dir, spec)], shape: EUROSTAT_TSV })),
  ...DEMAND_TABLES.map((t) => ({ files: one(t.file), shape: EUROSTAT_TSV })),
  // JNTO ends its last line without a newline: a cut line shows in its cell count instead.
  { files: (dir) => [jntoFile(dir)], shape: { kind: 'delimited', delimiter: ',', header: 'Visitor Arrivals by Nationality' } },
  { files: (dir) => unwtoWorkbooks(dir).map((w) => w.file), shape: { kind: 'xlsx', sheets: UNWTO_SHEETS.map((s) => s.sheet) } },
  {
    files: topicFiles,
    shape: { kind: 'xlsx', sheets: [OVERVIEW_SHEET, DATA_SHEET], header: { sheet: DATA_SHEET, cells: DATA_COLUMNS } },
  },
  { files: one(ECB_FILE), shape: { kind: 'delimited', delimiter: ',', header: 'Date,USD,', endsWithNewline: true } },
  { files: one(BRENT_FILE), shape: EIA_CSV },
  { files: one(WTI_FILE), shape: EIA_CSV },
  { files: one(JET_MONTHLY_FILE), shape: FRED_CSV },
  { files: one(JET_WEEKLY_FILE), shape: { kind: 'xls' } },
  {
    files: matching(WORLDBANK_DIR, INDICATOR_FILE_RE, '<indicator code>.csv'),
    shape: { kind: 'delimited', delimiter: ',', header: 'Country Name,Country Code,Year,Value' },
  },
  {
    files: matching(API_DIR, API_FILE_RE, 'API_<indicator>_DS2_*.csv'),
    shape: { kind: 'delimited', delimiter: ',', header: 'Country Name,Country Code,Indicator Name,Indicator Code', preambleLines: API_PREAMBLE_LINES },
  },
  { files: matching(API_DIR, COUNTRY_METADATA_RE, 'Metadata_Country_*.csv'), shape: { kind: 'delimited', delimiter: ',', header: 'Country Code,Region' } },
  // Both IMF files are tab-separated text under an .xls name: the release download (UTF-16) and the custom export (Latin-1).
  {
    files: (dir) => [imfWeoFile(dir)],
    shape: { kind: 'delimited', delimiter: '\t', header: ['WEO Country Code\tISO\t', 'Country\tSubject Descriptor\t'], encoding: 'utf16-or-latin1' },
  },
  // National offices' monthly visitor arrivals.
  { files: one(ABS_FILE), shape: { kind: 'xlsx', sheets: [ABS_SHEET] } },
  // StatCan's full-table download: its fixed leading and trailing columns, the table's dimensions between.
  {
    files: whenRead(STATCAN_FULL_TABLE_FILE, statcanFile),
    shape: { kind: 'delimited', delimiter: ',', header: `${STATCAN_FULL_TABLE_LEADING.join(',')},`, headerEndsWith: STATCAN_FULL_TABLE_TRAILING },
  },
  // StatCan's CSV as displayed (read when no full table was fetched): seven title lines and a blank one, the table, then footnotes in free text.
  {
    files: whenRead(STATCAN_FILE, statcanFile),
    shape: { kind: 'delimited', delimiter: ',', preambleLines: 8, header: 'Geography,Canada,', tableEndsBefore: STATCAN_TABLE_END },
  },
  { files: whenRead(SINGSTAT_API_FILE, singstatFile), shape: { kind: 'json', keys: SINGSTAT_API_KEYS } },
  { files: whenRead(SINGSTAT_FILE, singstatFile), shape: { kind: 'delimited', delimiter: ',', header: SINGSTAT_HEADER } },
  { files: one(HK_IMMD_FILE), shape: { kind: 'delimited', delimiter: ',', header: HK_IMMD_HEADER, unquoted: true } },
  { files: one(NTTO_FILE), shape: { kind: 'xlsx', sheets: [NTTO_SHEET] } },
  {
    files: matching(STATSNZ_DIR, STATSNZ_CSV_RE, 'ITM<table>_<date>_<time>_<n>.csv'),
    shape: { kind: 'delimited', delimiter: ',', header: STATSNZ_HEADER, tableEndsBefore: STATSNZ_TABLE_END },
  },
  // The newest monthly release workbook, the one read: laid out as a report, so Table 1 is checked by its title and heading.
  {
    files: (dir) => [statsNzWorkbookFile(dir) ?? `${STATSNZ_DIR}/international-visitor-arrivals-to-new-zealand-<month>-<year>.xlsx`],
    shape: { kind: 'xlsx', sheets: [STATSNZ_INFO_SHEET, STATSNZ_TABLES_SHEET], labels: { sheet: STATSNZ_TABLES_SHEET, cells: STATSNZ_TABLE1_LABELS } },
  },
  { files: one(MALAYSIA_FILE), shape: { kind: 'delimited', delimiter: ',', header: MALAYSIA_HEADER, unquoted: true } },
  { files: one(JNTO_NATIONALITY_FILE), shape: { kind: 'delimited', delimiter: ',', header: JNTO_NATIONALITY_HEADER } },
  {
    files: matching(MTUR_DIR, MTUR_FILE_RE, 'chegadas_<year>.csv'),
    shape: { kind: 'delimited', delimiter: ';', header: MTUR_HEADER, encoding: 'latin1', unquoted: true },
  },
];

/** Checks every file the ingest reads; returns how many were checked and the problems found. */
export function checkSources(sourcesDir: string, cacheDir: string | null = null): { checked: number; problems: ShapeProblem[] } {
  const problems: ShapeProblem[] = [];
  let checked = 0;
  for (const rule of SOURCE_FILES) {
    for (const file of rule.files(sourcesDir)) {
      checked++;
      const problem = checkSourceFile(sourcesDir, file, rule.shape, cacheDir);
      if (problem) problems.push(problem);
    }
  }
  return { checked, problems };
}

/**
 * Checks some files of a sources folder (a refresh's newly fetched ones), each by the rule of the
 * connector that reads it there; a file no connector reads is checked as a whole workbook when it
 * is one, else taken as it is.
 */
export function checkFiles(sourcesDir: string, files: readonly string[]): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  const unchecked = new Set(files);
  for (const rule of SOURCE_FILES) {
    for (const file of rule.files(sourcesDir)) {
      if (!unchecked.delete(file)) continue;
      const problem = checkSourceFile(sourcesDir, file, rule.shape);
      if (problem) problems.push(problem);
    }
  }
  for (const file of unchecked) {
    const problem = file.endsWith('.xlsx') ? checkSourceFile(sourcesDir, file, ANY_XLSX) : null;
    if (problem) problems.push(problem);
  }
  return problems;
}
