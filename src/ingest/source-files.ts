/**
 * Every file the ingest reads, with the shape it must have (src/ingest/source-shape.ts). The file
 * names come from the connectors that read them; the shapes are the publishers' layouts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES_FILE } from './connectors/country-codes';
import { ECB_FILE } from './connectors/ecb';
import { BRENT_FILE, JET_MONTHLY_FILE, JET_WEEKLY_FILE, WTI_FILE } from './connectors/eia';
import { EUROSTAT_TABLES, fileOf } from './connectors/eurostat';
import { DEMAND_TABLES } from './connectors/eurostat-demand';
import { GEO_DIC_FILE } from './connectors/geo-dic';
import { IMF_WEO_FILE } from './connectors/imf-weo';
import { JNTO_FILE } from './connectors/jnto';
import { NUTS_FILE } from './connectors/nuts';
import { UNWTO_FILE } from './connectors/unwto';
import { API_DIR, API_FILE_RE, API_PREAMBLE_LINES, COUNTRY_METADATA_RE, INDICATOR_FILE_RE, WORLDBANK_DIR } from './connectors/worldbank';
import { checkSourceFile, type ShapeProblem, type SourceShape } from './source-shape';

/** Files by name, or every file of a folder whose name matches (at least one must). */
type FileRule = { files: (sourcesDir: string) => string[]; shape: SourceShape };

const one = (file: string) => () => [file];
const matching = (dir: string, pattern: RegExp, what: string) => (sourcesDir: string) => {
  const full = path.join(sourcesDir, dir);
  const names = fs.existsSync(full) ? fs.readdirSync(full).filter((f) => pattern.test(f)).sort() : [];
  return names.length > 0 ? names.map((f) => `${dir}/${f}`) : [`${dir}/${what}`];
};

const EUROSTAT_TSV: SourceShape = { kind: 'delimited', delimiter: '\t', header: 'freq,', endsWithNewline: true };
const EIA_CSV: SourceShape = { kind: 'delimited', delimiter: ',', header: 'Date,' };

export const SOURCE_FILES: readonly FileRule[] = [
  { files: one(COUNTRY_CODES_FILE), shape: { kind: 'delimited', delimiter: ',', header: 'FIFA,Dial,ISO3166-1-Alpha-3,' } },
  { files: one(GEO_DIC_FILE), shape: { kind: 'delimited', delimiter: '\t' } },
  { files: one(NUTS_FILE), shape: { kind: 'xlsx' } },
  ...EUROSTAT_TABLES.map((spec) => ({ files: (dir: string) => [fileOf(dir, spec)], shape: EUROSTAT_TSV })),
  ...DEMAND_TABLES.map((t) => ({ files: one(t.file), shape: EUROSTAT_TSV })),
  // JNTO ends its last line without a newline: a cut line shows in its cell count instead.
  { files: one(JNTO_FILE), shape: { kind: 'delimited', delimiter: ',', header: 'Visitor Arrivals by Nationality' } },
  { files: one(UNWTO_FILE), shape: { kind: 'xlsx' } },
  { files: one(ECB_FILE), shape: { kind: 'delimited', delimiter: ',', header: 'Date,USD,', endsWithNewline: true } },
  { files: one(BRENT_FILE), shape: EIA_CSV },
  { files: one(WTI_FILE), shape: EIA_CSV },
  { files: one(JET_MONTHLY_FILE), shape: EIA_CSV },
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
  // The IMF's custom export is tab-separated text under an .xls name.
  { files: one(IMF_WEO_FILE), shape: { kind: 'delimited', delimiter: '\t', header: 'Country\tSubject Descriptor\t', encoding: 'latin1' } },
];

/** Checks every file the ingest reads; returns how many were checked and the problems found. */
export function checkSources(sourcesDir: string): { checked: number; problems: ShapeProblem[] } {
  const problems: ShapeProblem[] = [];
  let checked = 0;
  for (const rule of SOURCE_FILES) {
    for (const file of rule.files(sourcesDir)) {
      checked++;
      const problem = checkSourceFile(sourcesDir, file, rule.shape);
      if (problem) problems.push(problem);
    }
  }
  return { checked, problems };
}
