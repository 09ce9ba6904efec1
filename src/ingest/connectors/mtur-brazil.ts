/**
 * Brazil, Ministério do Turismo, "Chegadas de turistas internacionais" (dados.turismo.gov.br),
 * one file per year (chegadas_2023.csv; every year's file in the folder is read): `;`-separated, Latin-1,
 * `Continente;cod continente;Pais;cod pais;UF;cod uf;Via;cod via;Ano;Mes;cod mes;Chegadas`, one row
 * per country of residence × state of entry × route × month.
 *
 * Brazil's tourist arrivals are the sum of every row of a month, each country's the sum of its rows
 * over states and routes: derived by us. The country is resolved by the ministry's own `cod pais`
 * through the written table below, and the row's name must be the one the table gives for that
 * code (a changed code list is a rejected row, not a guess). "Outros países" of a continent is
 * origin-other-<continent>; "Países não especificados" origin-not-specified.
 */
import { parse } from 'csv-parse/sync';
import { monthPeriod } from '../../domain/periods';
import type { Breakdown, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput } from '../records';
import type { CountryResolver } from './country-resolver';
import { normalizeCountryName } from './country-resolver';
import { arrivalsSeries, MonthlySums, origin, originOther } from './national-arrivals';
import { listSource, readSourceText } from '../source-reads';

export const MTUR_DIR = 'mtur_brazil';
/** The ministry publishes one file per year. */
export const MTUR_FILE_RE = /^chegadas_(\d{4})\.csv$/;
export const MTUR_HEADER = 'Continente;cod continente;Pais;cod pais;';
const TABLE = 'mtur_chegadas';

/** The ministry's country codes (`cod pais`) as its files name them, with the ISO 3166 country. */
export const MTUR_COUNTRIES: Readonly<Record<string, readonly [name: string, iso: string]>> = {
  1: ['África do Sul', 'ZA'], 2: ['Angola', 'AO'], 3: ['Cabo Verde', 'CV'], 4: ['Egito', 'EG'], 5: ['Gana', 'GH'],
  6: ['Marrocos', 'MA'], 7: ['Moçambique', 'MZ'], 8: ['Nigéria', 'NG'], 9: ['Quênia', 'KE'], 10: ['Tunísia', 'TN'],
  12: ['Costa Rica', 'CR'], 13: ['Cuba', 'CU'], 14: ['El Salvador', 'SV'], 15: ['Guatemala', 'GT'], 16: ['Haiti', 'HT'],
  17: ['Honduras', 'HN'], 18: ['Nicarágua', 'NI'], 19: ['Panamá', 'PA'], 20: ['República Dominicana', 'DO'], 21: ['Trinidad e Tobago', 'TT'],
  23: ['Canadá', 'CA'], 24: ['Estados Unidos', 'US'], 25: ['México', 'MX'], 26: ['Argentina', 'AR'], 27: ['Bolívia', 'BO'],
  28: ['Chile', 'CL'], 29: ['Colômbia', 'CO'], 30: ['Equador', 'EC'], 31: ['Guiana', 'GY'], 32: ['Guiana Francesa', 'GF'],
  33: ['Paraguai', 'PY'], 34: ['Peru', 'PE'], 35: ['Suriname', 'SR'], 36: ['Uruguai', 'UY'], 37: ['Venezuela', 'VE'],
  38: ['Arábia Saudita', 'SA'], 39: ['Bangladesh', 'BD'], 40: ['China', 'CN'], 41: ['China, Hong Kong', 'HK'], 42: ['Cingapura', 'SG'],
  43: ['Filipinas', 'PH'], 44: ['Índia', 'IN'], 45: ['Indonésia', 'ID'], 46: ['Irã', 'IR'], 47: ['Israel', 'IL'],
  48: ['Japão', 'JP'], 49: ['Líbano', 'LB'], 50: ['Malásia', 'MY'], 51: ['Paquistão', 'PK'], 52: ['República da Coreia', 'KR'],
  53: ['Síria', 'SY'], 54: ['Tailândia', 'TH'], 55: ['Taiwan', 'TW'], 57: ['Alemanha', 'DE'], 58: ['Áustria', 'AT'],
  59: ['Bélgica', 'BE'], 60: ['Bulgária', 'BG'], 61: ['Croácia', 'HR'], 62: ['Dinamarca', 'DK'], 63: ['Eslováquia', 'SK'],
  64: ['Eslovênia', 'SI'], 65: ['Espanha', 'ES'], 66: ['Estônia', 'EE'], 67: ['Finlândia', 'FI'], 68: ['França', 'FR'],
  69: ['Grécia', 'GR'], 70: ['Holanda', 'NL'], 71: ['Hungria', 'HU'], 72: ['Irlanda', 'IE'], 73: ['Itália', 'IT'],
  74: ['Letônia', 'LV'], 75: ['Lituânia', 'LT'], 76: ['Luxemburgo', 'LU'], 77: ['Noruega', 'NO'], 78: ['Polônia', 'PL'],
  79: ['Portugal', 'PT'], 80: ['Reino Unido', 'GB'], 81: ['República Tcheca', 'CZ'], 82: ['Romênia', 'RO'], 83: ['Rússia', 'RU'],
  84: ['Sérvia', 'RS'], 85: ['Suécia', 'SE'], 86: ['Suíça', 'CH'], 87: ['Turquia', 'TR'], 88: ['Ucrânia', 'UA'],
  90: ['Austrália', 'AU'], 91: ['Nova Zelândia', 'NZ'],
};

/** The ministry's continent codes (`cod continente`), in English, for its "other countries" rows. */
const MTUR_CONTINENTS: Readonly<Record<string, string>> = {
  1: 'Africa', 2: 'Central America and Caribbean', 3: 'North America', 4: 'South America', 5: 'Asia', 6: 'Europe', 7: 'Oceania',
};
const OTHER_COUNTRIES = 'outros paises';
const NOT_SPECIFIED = 'paises nao especificados';

/** The yearly files in the folder, oldest first. */
export function mturFiles(sourcesDir: string): string[] {
  return listSource(sourcesDir, MTUR_DIR).flatMap((e) => (MTUR_FILE_RE.test(e.name) ? [`${MTUR_DIR}/${e.name}`] : []));
}

function mturTable(file: string): SourceTableInfo {
  return {
    code: TABLE,
    publisher: 'Ministério do Turismo, Brazil',
    title: 'Chegadas de turistas internacionais ao Brasil (international tourist arrivals by country of residence), monthly, summed over states of entry and routes',
    url: 'https://dados.turismo.gov.br/dataset/chegada-de-turistas-internacionais',
    file,
  };
}

/** The origin of a row by its codes, or why it has none. */
export function mturOrigin(countryCode: string, name: string, continentCode: string, resolver: CountryResolver): { breakdown: Breakdown; name: string } | string {
  const key = normalizeCountryName(name);
  if (key === NOT_SPECIFIED) return { breakdown: origin('not-specified'), name: 'country not specified' };
  if (key === OTHER_COUNTRIES) {
    const continent = MTUR_CONTINENTS[continentCode];
    return continent ? { breakdown: originOther(continent), name: `other countries of ${continent}` } : `continent code ${continentCode} not in the ministry's list`;
  }
  const listed = MTUR_COUNTRIES[countryCode];
  if (!listed) return `country code ${countryCode} (${name}) not in the ministry's code list`;
  if (normalizeCountryName(listed[0]) !== key) return `country code ${countryCode} is ${listed[0]} but the row names ${name}`;
  const country = resolver.byIso2(listed[1]);
  if (!country) return `country ${listed[1]} is not in the country list`;
  return { breakdown: origin(country.iso.toLowerCase()), name: country.name };
}

/** The yearly files' texts (any number of years) → monthly series; `file` names the table (the newest file). */
export function parseMtur(texts: readonly string[], resolver: CountryResolver, file: string): ConnectorOutput {
  const records = texts.flatMap((text) => parse(text, { delimiter: ';', columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>);
  const rejected: RejectedRow[] = [];
  const sums = new MonthlySums();
  const names = new Map<string, string>();
  const rejectedRows = new Map<string, number>();
  records.forEach((r, i) => {
    const year = Number(r['Ano']);
    const month = Number(r['cod mes']);
    const value = (r['Chegadas'] ?? '').trim();
    if (!Number.isInteger(year) || !(month >= 1 && month <= 12) || !/^\d+$/.test(value)) {
      rejected.push({ table: TABLE, row: `record ${i + 1}: ${Object.values(r).join(';')}`, reason: 'year, month code or arrivals not a whole number' });
      return;
    }
    const period = monthPeriod(year, month);
    sums.add('total', period, Number(value));
    const target = mturOrigin((r['cod pais'] ?? '').trim(), (r['Pais'] ?? '').trim(), (r['cod continente'] ?? '').trim(), resolver);
    if (typeof target === 'string') {
      rejectedRows.set(target, (rejectedRows.get(target) ?? 0) + 1);
      return;
    }
    sums.add(target.breakdown.member, period, Number(value));
    names.set(target.breakdown.member, target.name);
  });
  for (const [reason, rows] of rejectedRows) rejected.push({ table: TABLE, row: `${rows} rows`, reason: `${reason}: in the national total only` });
  const base = 'International tourist arrivals to Brazil, all states of entry and routes';
  const series = sums.keys().map((key) =>
    key === 'total'
      ? arrivalsSeries('BR', TABLE, null, base, sums.observations(key), true)
      : arrivalsSeries('BR', TABLE, origin(key), `${base}, residents of ${names.get(key) ?? key}`, sums.observations(key), true),
  );
  return { tables: [mturTable(file)], series, rejected };
}

export function loadMtur(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const files = mturFiles(sourcesDir);
  if (files.length === 0) return { tables: [], series: [], rejected: [{ table: TABLE, row: MTUR_DIR, reason: 'no chegadas_<year>.csv in the folder' }] };
  const texts = files.map((f) => readSourceText(sourcesDir, f, 'latin1'));
  return parseMtur(texts, resolver, files[files.length - 1]);
}
