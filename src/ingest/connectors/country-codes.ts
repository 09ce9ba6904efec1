/**
 * ISO 3166 country list from the datahub "country-codes" package (country_codes/country-codes.csv),
 * plus Kosovo, which the file lacks but Eurostat, the IMF and the World Bank publish.
 */
import { parse } from 'csv-parse/sync';
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput, CountryRef } from '../records';
import { readSourceText } from '../source-reads';

export const COUNTRY_CODES_FILE = 'country_codes/country-codes.csv';
const TABLE = 'country_codes';

export const COUNTRY_CODES_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'datahub.io core data (ISO 3166, UN M49, CLDR, Wikidata)',
  title: 'Country codes: ISO 3166-1, UN M49 regions, ISO 4217 currencies, Wikidata QIDs',
  url: 'https://github.com/datasets/country-codes',
  file: COUNTRY_CODES_FILE,
};

/** Columns whose text is a name of the country in English, used to match publisher spellings. */
const ENGLISH_NAME_COLUMNS = [
  'CLDR display name',
  'official_name_en',
  'UNTERM English Short',
  'UNTERM English Formal',
  'ISO4217-currency_country_name',
] as const;

/** Columns whose text is a name of the country in another language (official and UNTERM short names). */
const OTHER_LANGUAGE_NAME_COLUMNS: readonly (readonly [string, string])[] = [
  ['es', 'official_name_es'],
  ['es', 'UNTERM Spanish Short'],
  ['fr', 'official_name_fr'],
  ['fr', 'UNTERM French Short'],
  ['ru', 'official_name_ru'],
  ['ru', 'UNTERM Russian Short'],
  ['ar', 'official_name_ar'],
  ['ar', 'UNTERM Arabic Short'],
  ['zh', 'official_name_cn'],
  ['zh', 'UNTERM Chinese Short'],
];

/**
 * Namibia's `wikidata_id` is empty in the file: its alpha-2 code "NA" was read as "missing" upstream.
 * Q1030 comes from outside the file (wikidata.org/wiki/Q1030, "Namibia").
 */
const QID_FILLS: Record<string, string> = { NA: 'Q1030' };

/**
 * Türkiye's row lost its ISO 4217 columns when it was renamed; its currency is the Turkish lira (TRY).
 * Filled from outside the file.
 */
const CURRENCY_FILLS: Record<string, string> = { TR: 'TRY' };

/**
 * Kosovo (XK/XKX) is not an ISO 3166-1 entry, so the file lacks it; XK is the user-assigned code that
 * Eurostat, the IMF and the World Bank (XKX) use. It has no M49 code; its M49 groups are those of its
 * neighbours so that a UN Tourism region can still be assigned.
 */
export const KOSOVO: CountryRef = {
  iso: 'XK',
  iso3: 'XKX',
  m49: null,
  name: 'Kosovo',
  wikidataId: 'Q1246',
  currency: 'EUR',
  m49Region: 'Europe',
  m49SubRegion: 'Southern Europe',
};

/**
 * The file's CLDR column holds CLDR's *short* alternative for a few countries ("US", "UK", "Bosnia");
 * CountryRef.name uses CLDR's standard name for those.
 */
const CLDR_STANDARD_NAMES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  BA: 'Bosnia and Herzegovina',
};

type CsvRow = Record<string, string>;

export interface CountryName {
  lang: string;
  name: string;
}

export interface CountryTable {
  countries: CountryRef[];
  /** alpha-2 → every English spelling the file gives (CLDR, official, UNTERM short/formal, ISO 4217). */
  nameVariants: Map<string, string[]>;
  /** alpha-2 → its names in the other languages the file gives (es, fr, ru, ar, zh), each once. */
  otherNames: Map<string, CountryName[]>;
  rejected: RejectedRow[];
}

/** Reads the CSV with every cell as text: csv-parse has no NA-to-missing rule, so Namibia's "NA" stays. */
function readRows(sourcesDir: string): CsvRow[] {
  const text = readSourceText(sourcesDir, COUNTRY_CODES_FILE);
  return parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as CsvRow[];
}

/** 'https://www.wikidata.org/wiki/Q142' → 'Q142'. */
export function qidFromUrl(url: string): string | null {
  const m = /(Q\d+)\s*$/.exec(url);
  return m ? m[1] : null;
}

/**
 * Some territories list several currencies ("INR,BTN", "PAB,USD"): prefer the one issued for the
 * territory (its code starts with the alpha-2), else the first listed.
 */
export function pickCurrency(cell: string, iso2: string): string | null {
  const codes = cell
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^[A-Z]{3}$/.test(c));
  return codes.find((c) => c.startsWith(iso2)) ?? codes[0] ?? null;
}

function emptyToNull(text: string | undefined): string | null {
  const t = (text ?? '').trim();
  return t === '' ? null : t;
}

function toCountryRef(row: CsvRow): CountryRef {
  const iso = row['ISO3166-1-Alpha-2'];
  return {
    iso,
    iso3: row['ISO3166-1-Alpha-3'],
    m49: emptyToNull(row['M49']),
    name: CLDR_STANDARD_NAMES[iso] ?? emptyToNull(row['CLDR display name']) ?? row['official_name_en'],
    wikidataId: qidFromUrl(row['wikidata_id'] ?? '') ?? QID_FILLS[iso] ?? null,
    currency: pickCurrency(row['ISO4217-currency_alphabetic_code'] ?? '', iso) ?? CURRENCY_FILLS[iso] ?? null,
    m49Region: emptyToNull(row['Region Name']),
    m49SubRegion: emptyToNull(row['Sub-region Name']),
  };
}

function englishNames(row: CsvRow): string[] {
  const standard = CLDR_STANDARD_NAMES[row['ISO3166-1-Alpha-2']];
  const fromFile = ENGLISH_NAME_COLUMNS.map((c) => (row[c] ?? '').trim());
  const names = [...(standard ? [standard] : []), ...fromFile].filter((n) => n !== '');
  return [...new Set(names)];
}

function otherLanguageNames(row: CsvRow): CountryName[] {
  const seen = new Set<string>();
  const names: CountryName[] = [];
  for (const [lang, column] of OTHER_LANGUAGE_NAME_COLUMNS) {
    const name = (row[column] ?? '').trim();
    if (name === '' || seen.has(`${lang}|${name}`)) continue;
    seen.add(`${lang}|${name}`);
    names.push({ lang, name });
  }
  return names;
}

function rowLabel(row: CsvRow): string {
  return `${row['ISO3166-1-Alpha-2'] ?? ''} ${row['official_name_en'] ?? ''}`.trim();
}

/** The country list with the English name variants the resolver needs. */
export function loadCountryTable(sourcesDir: string): CountryTable {
  const countries: CountryRef[] = [];
  const nameVariants = new Map<string, string[]>();
  const otherNames = new Map<string, CountryName[]>();
  const rejected: RejectedRow[] = [];
  for (const row of readRows(sourcesDir)) {
    const iso = row['ISO3166-1-Alpha-2'] ?? '';
    if (!/^[A-Z]{2}$/.test(iso) || !/^[A-Z]{3}$/.test(row['ISO3166-1-Alpha-3'] ?? '')) {
      rejected.push({ table: TABLE, row: rowLabel(row), reason: 'no valid ISO alpha-2/alpha-3 code' });
      continue;
    }
    const ref = toCountryRef(row);
    if (!ref.name) {
      rejected.push({ table: TABLE, row: rowLabel(row), reason: 'no English name' });
      continue;
    }
    countries.push(ref);
    nameVariants.set(iso, englishNames(row));
    otherNames.set(iso, otherLanguageNames(row));
  }
  countries.push(KOSOVO);
  nameVariants.set(KOSOVO.iso, ['Kosovo', 'Republic of Kosovo']);
  otherNames.set(KOSOVO.iso, []);
  return { countries, nameVariants, otherNames, rejected };
}

export function loadCountryCodes(sourcesDir: string): CountryRef[] {
  return loadCountryTable(sourcesDir).countries;
}

/** The same list as a ConnectorOutput, for the ingest pipeline. */
export function loadCountryCodesOutput(sourcesDir: string): ConnectorOutput {
  const { countries, rejected } = loadCountryTable(sourcesDir);
  return { tables: [COUNTRY_CODES_TABLE], series: [], rejected, countries };
}
