/**
 * Maps publisher country codes and spellings to CountryRef.
 * Names match case-, accent- and punctuation-insensitively against the names in country-codes.csv
 * (CLDR, official, UNTERM) and a written alias table for the spellings of UN Tourism, IMF WEO and JNTO.
 */
import type { CountryRef } from '../records';
import { loadCountryTable } from './country-codes';

/**
 * Publisher spellings that the names in country-codes.csv do not cover, alpha-2 by name.
 * Written as the publishers spell them; keys are normalised when the resolver is built.
 */
export const COUNTRY_NAME_ALIASES: Readonly<Record<string, string>> = {
  // UN Tourism (UNWTO) workbook: upper case, "NAME, QUALIFIER OF" and ´ for the apostrophe.
  'BOLIVIA, PLURINATIONAL STATE OF': 'BO',
  'CONGO, DEMOCRATIC REPUBLIC OF THE': 'CD',
  'COTE D´IVOIRE': 'CI',
  'CZECH REPUBLIC (CZECHIA)': 'CZ',
  'CZECH REPUBLIC': 'CZ',
  'HONG KONG, CHINA': 'HK',
  'IRAN, ISLAMIC REPUBLIC OF': 'IR',
  'KOREA, DEMOCRATIC PEOPLE´S REPUBLIC OF': 'KP',
  'KOREA, REPUBLIC OF': 'KR',
  'LAO PEOPLE´S DEMOCRATIC REPUBLIC': 'LA',
  'MACAO, CHINA': 'MO',
  'MICRONESIA, FEDERATED STATES OF': 'FM',
  'MOLDOVA, REPUBLIC OF': 'MD',
  'SINT MAARTEN (DUTCH PART)': 'SX',
  'TAIWAN PROVINCE OF CHINA': 'TW',
  'TANZANIA, UNITED REPUBLIC OF': 'TZ',
  TURKIYE: 'TR',
  TURKEY: 'TR',
  'UNITED STATES OF AMERICA': 'US',
  'UNITED STATES VIRGIN ISLANDS': 'VI',
  'VENEZUELA, BOLIVARIAN REPUBLIC OF': 'VE',
  'BRITISH VIRGIN ISLANDS': 'VG',
  REUNION: 'RE',
  'CURAÇAO': 'CW',
  'STATE OF PALESTINE': 'PS',
  // IMF World Economic Outlook.
  Korea: 'KR',
  'Hong Kong SAR': 'HK',
  'Macao SAR': 'MO',
  'Taiwan Province of China': 'TW',
  'Türkiye': 'TR',
  'Lao P.D.R.': 'LA',
  'Islamic Republic of Iran': 'IR',
  'Kyrgyz Republic': 'KG',
  'Slovak Republic': 'SK',
  'Czech Republic': 'CZ',
  'Republic of Congo': 'CG',
  'Democratic Republic of the Congo': 'CD',
  'The Bahamas': 'BS',
  'The Gambia': 'GM',
  'St. Kitts and Nevis': 'KN',
  'St. Lucia': 'LC',
  'St. Vincent and the Grenadines': 'VC',
  'São Tomé and Príncipe': 'ST',
  'West Bank and Gaza': 'PS',
  Micronesia: 'FM',
  Moldova: 'MD',
  Russia: 'RU',
  Vietnam: 'VN',
  'Brunei Darussalam': 'BN',
  'Côte d\'Ivoire': 'CI',
  // World Bank country names (checked against the ISO3 code the row carries).
  'Congo, Dem. Rep.': 'CD',
  'Congo, Rep.': 'CG',
  'Egypt, Arab Rep.': 'EG',
  'Micronesia, Fed. Sts.': 'FM',
  'Hong Kong SAR, China': 'HK',
  'Iran, Islamic Rep.': 'IR',
  'Korea, Rep.': 'KR',
  "Korea, Dem. People's Rep.": 'KP',
  'Lao PDR': 'LA',
  'Macao SAR, China': 'MO',
  'Venezuela, RB': 'VE',
  'Yemen, Rep.': 'YE',
  'Somalia, Fed. Rep.': 'SO',
  // JNTO nationality columns.
  'U.S.A.': 'US',
  USA: 'US',
  'U.K.': 'GB',
  UK: 'GB',
  China: 'CN',
  Taiwan: 'TW',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Macao: 'MO',
  // JNTO's export by nationality (1996–2025).
  Netherland: 'NL',
  Swiss: 'CH',
  // NTTO I-94 countries of residence (older names retained by the office).
  'Bonaire, St. Eustatius, Saba': 'BQ',
  'Burma (Myanmar)': 'MM',
  'East Timor': 'TL',
  'Holy See/Vatican': 'VA',
  'Indian Ocean Territory': 'IO',
  Kampuchea: 'KH',
  Macedonia: 'MK',
  'Pitcairn Islands': 'PN',
  'Saint Maarten': 'SX',
  Swaziland: 'SZ',
  'Western Samoa': 'WS',
  'Zaire ( formerly Congo, Democratic Republic of)': 'CD',
};

/**
 * Names that are not ISO 3166-1 countries, returned as null on purpose: aggregates, regions,
 * residual columns, parts of a country and former countries. Value = why.
 */
export const NON_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  World: 'aggregate',
  'Euro area': 'aggregate',
  'European Union': 'aggregate',
  // JNTO region subtotals and residual columns.
  'Grand Total': 'aggregate (grand total)',
  Asia: 'region subtotal',
  'Asia Total': 'region subtotal',
  Europe: 'region subtotal',
  'Europe Total': 'region subtotal',
  Africa: 'region subtotal',
  'Africa Total': 'region subtotal',
  'North America': 'region subtotal',
  'North America Total': 'region subtotal',
  'South America': 'region subtotal',
  'South America Total': 'region subtotal',
  Oceania: 'region subtotal',
  'Oceania Total': 'region subtotal',
  Others: 'residual (other nationalities)',
  'Asia Unclassified': 'residual (nationality not classified within the region)',
  'Europe Unclassified': 'residual (nationality not classified within the region)',
  'Africa Unclassified': 'residual (nationality not classified within the region)',
  'North America Unclassified': 'residual (nationality not classified within the region)',
  'South America Unclassified': 'residual (nationality not classified within the region)',
  'Oceania Unclassified': 'residual (nationality not classified within the region)',
  Stateless: 'residual (stateless persons)',
  // NTTO I-94 rows that are no country of today.
  'Indian Ocean Areas (French)': 'group of French territories with no one country code',
  'West Indies (French)': 'group of French territories with no one country code',
  'Netherlands Antilles': 'former country (dissolved in 2010)',
  Yugoslavia: 'former country',
};

/** Lower case, accents and apostrophes removed, other punctuation as spaces, a leading "the" dropped. */
export function normalizeCountryName(name: string): string {
  return name
    .replace(/[´`'’‘ʼ]/g, '') // before NFKD, which turns ´ into a space and a combining accent
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/**
 * "KOREA, REPUBLIC OF" → "REPUBLIC OF KOREA";
 * "Bolivia (Plurinational State of)" → "Plurinational State of Bolivia" and "Bolivia".
 */
function invertedForms(name: string): string[] {
  const forms: string[] = [];
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) forms.push(`${comma[2]} ${comma[1]}`);
  const paren = /^(.+?)\s*\(([^)]+)\)$/.exec(name);
  if (paren) forms.push(`${paren[2]} ${paren[1]}`, paren[1]);
  return forms;
}

export class CountryResolver {
  private readonly iso2Index = new Map<string, CountryRef>();
  private readonly iso3Index = new Map<string, CountryRef>();
  private readonly m49Index = new Map<string, CountryRef>();
  private readonly nameIndex = new Map<string, CountryRef>();
  private readonly nonCountryIndex = new Map<string, string>();
  private readonly aliasSize: number;

  /** nameVariants: alpha-2 → further English spellings (from loadCountryTable). */
  constructor(countries: readonly CountryRef[], nameVariants: ReadonlyMap<string, readonly string[]> = new Map()) {
    for (const c of countries) {
      this.iso2Index.set(c.iso, c);
      this.iso3Index.set(c.iso3, c);
      if (c.m49) this.m49Index.set(String(Number(c.m49)), c);
    }
    this.indexDerivedNames(countries, nameVariants);
    const aliasKeys = new Set<string>();
    for (const [name, iso] of Object.entries(COUNTRY_NAME_ALIASES)) {
      const ref = this.iso2Index.get(iso);
      if (!ref) throw new Error(`country alias ${name} points to unknown code ${iso}`);
      const key = normalizeCountryName(name);
      this.nameIndex.set(key, ref); // aliases win over derived names
      aliasKeys.add(key);
    }
    this.aliasSize = aliasKeys.size;
    for (const [name, reason] of Object.entries(NON_COUNTRY_NAMES)) {
      this.nonCountryIndex.set(normalizeCountryName(name), reason);
    }
  }

  /** Reads country-codes.csv and builds the resolver with all its English names. */
  static fromSources(sourcesDir: string): CountryResolver {
    const table = loadCountryTable(sourcesDir);
    return new CountryResolver(table.countries, table.nameVariants);
  }

  /** Distinct spellings in the alias table once normalised (publishers share some). */
  get aliasCount(): number {
    return this.aliasSize;
  }

  get countries(): CountryRef[] {
    return [...this.iso2Index.values()];
  }

  byIso2(code: string): CountryRef | null {
    return this.iso2Index.get(code.trim().toUpperCase()) ?? null;
  }

  byIso3(code: string): CountryRef | null {
    return this.iso3Index.get(code.trim().toUpperCase()) ?? null;
  }

  /** UN M49 numeric code, with or without leading zeros ('4', '004'). */
  byM49(code: string | number): CountryRef | null {
    const n = Number(String(code).trim());
    return Number.isInteger(n) && n > 0 ? (this.m49Index.get(String(n)) ?? null) : null;
  }

  /**
   * The country a publisher's code denotes, confirmed by the name on the same row: the code decides,
   * the name must agree. An unknown code, an unknown name or a name of another country is rejected.
   */
  confirm(byCode: CountryRef | null, code: string, name: string): { country: CountryRef; reason?: never } | { country: null; reason: string } {
    if (!byCode) return { country: null, reason: `code ${code} (${name}) is not a country code held` };
    const named = this.byName(name);
    if (!named) return { country: null, reason: `name "${name}" not recognised, so code ${code} (${byCode.name}) is unconfirmed` };
    if (named.iso !== byCode.iso) return { country: null, reason: `code ${code} is ${byCode.name} but the name "${name}" is ${named.name}` };
    return { country: byCode };
  }

  /** The country a publisher's name denotes, or null (see nonCountryReason for names null on purpose). */
  byName(name: string): CountryRef | null {
    if (this.nonCountryReason(name)) return null;
    for (const form of [name, ...invertedForms(name)]) {
      const hit = this.nameIndex.get(normalizeCountryName(form));
      if (hit) return hit;
    }
    return null;
  }

  /** Why a name is deliberately not a country (aggregate, region, part of a country...), else null. */
  nonCountryReason(name: string): string | null {
    return this.nonCountryIndex.get(normalizeCountryName(name)) ?? null;
  }

  /**
   * Names from the file first, then their inverted forms; a key two countries share at the same
   * level (e.g. "KOREA" from "KOREA (THE REPUBLIC OF)" and "KOREA (THE DEMOCRATIC ...)") is dropped.
   */
  private indexDerivedNames(
    countries: readonly CountryRef[],
    nameVariants: ReadonlyMap<string, readonly string[]>,
  ): void {
    const namesOf = (c: CountryRef) => [c.name, ...(nameVariants.get(c.iso) ?? [])];
    const levels: Array<(c: CountryRef) => string[]> = [namesOf, (c) => namesOf(c).flatMap(invertedForms)];
    for (const namesAtLevel of levels) {
      const level = new Map<string, CountryRef | null>();
      for (const c of countries) {
        for (const name of namesAtLevel(c)) {
          const key = normalizeCountryName(name);
          if (!key || this.nameIndex.has(key)) continue;
          const seen = level.get(key);
          level.set(key, seen === undefined || seen === c ? c : null);
        }
      }
      for (const [key, ref] of level) if (ref) this.nameIndex.set(key, ref);
    }
  }
}
