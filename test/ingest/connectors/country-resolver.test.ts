import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import {
  COUNTRY_NAME_ALIASES,
  CountryResolver,
  normalizeCountryName,
} from '../../../src/ingest/connectors/country-resolver';
import { readUnwtoCountryNames } from '../../../src/ingest/connectors/unwto';
import { readImfWeoCountryNames } from '../../../src/ingest/connectors/imf-weo';
import { readJntoNationalityHeaders } from '../../../src/ingest/connectors/jnto';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

/** Names neither resolved nor listed as deliberate non-countries. */
function unresolved(names: string[]): string[] {
  return names.filter((n) => !resolver.byName(n) && !resolver.nonCountryReason(n));
}

function iso(name: string): string | undefined {
  return resolver.byName(name)?.iso;
}

describe('normalizeCountryName', () => {
  it('ignores case, accents, apostrophes and a leading "the"', () => {
    const FIXTURE_UNWTO_SPELLING = 'COTE D´IVOIRE';
    const FIXTURE_CLDR_SPELLING = 'Côte d’Ivoire';
    expect(normalizeCountryName(FIXTURE_UNWTO_SPELLING)).toBe(normalizeCountryName(FIXTURE_CLDR_SPELLING));
    expect(normalizeCountryName('TÜRKIYE')).toBe('turkiye');
    expect(normalizeCountryName('The Bahamas')).toBe('bahamas');
    expect(normalizeCountryName('U.S.A.')).toBe('u s a');
  });
});

describe('CountryResolver', () => {
  it('finds countries by ISO codes', () => {
    expect(resolver.byIso2('fr')?.iso3).toBe('FRA');
    expect(resolver.byIso3('DEU')?.iso).toBe('DE');
    expect(resolver.byIso3('XKX')?.iso).toBe('XK');
    expect(resolver.byIso3('WLD')).toBeNull();
  });

  it('matches UN Tourism spellings', () => {
    expect(iso('KOREA, REPUBLIC OF')).toBe('KR');
    expect(iso('KOREA, DEMOCRATIC PEOPLE´S REPUBLIC OF')).toBe('KP');
    expect(iso('HONG KONG, CHINA')).toBe('HK');
    expect(iso('UNITED STATES OF AMERICA')).toBe('US');
    expect(iso('TÜRKIYE')).toBe('TR');
    expect(iso('TURKEY')).toBe('TR');
    expect(iso('CZECH REPUBLIC (CZECHIA)')).toBe('CZ');
    expect(iso('BOLIVIA, PLURINATIONAL STATE OF')).toBe('BO');
    expect(iso('CONGO')).toBe('CG');
    expect(iso('CONGO, DEMOCRATIC REPUBLIC OF THE')).toBe('CD');
    expect(iso('REUNION')).toBe('RE');
    expect(iso('FRANCE')).toBe('FR');
  });

  it('matches IMF WEO spellings', () => {
    expect(iso('Korea')).toBe('KR');
    expect(iso('Hong Kong SAR')).toBe('HK');
    expect(iso('Taiwan Province of China')).toBe('TW');
    expect(iso('Türkiye')).toBe('TR');
    expect(iso('Lao P.D.R.')).toBe('LA');
    expect(iso('Islamic Republic of Iran')).toBe('IR');
    expect(iso('Kyrgyz Republic')).toBe('KG');
    expect(iso('Kosovo')).toBe('XK');
    expect(iso('West Bank and Gaza')).toBe('PS');
    expect(iso('Republic of Congo')).toBe('CG');
  });

  it('matches JNTO nationality spellings', () => {
    expect(iso('U.S.A.')).toBe('US');
    expect(iso('Korea')).toBe('KR');
    expect(iso('China')).toBe('CN');
    expect(iso('Taiwan')).toBe('TW');
    expect(iso('Hong Kong')).toBe('HK');
    expect(iso('U.K.')).toBe('GB');
  });

  it('returns null on purpose for aggregates, regions and parts of countries', () => {
    for (const name of ['World', 'Euro area', 'Asia', 'Europe', 'Others', 'Grand Total']) {
      expect(resolver.byName(name)).toBeNull();
      expect(resolver.nonCountryReason(name)).toBeTruthy();
    }
    expect(resolver.byName('Atlantis')).toBeNull();
    expect(resolver.nonCountryReason('Atlantis')).toBeNull();
  });

  it('finds countries by UN M49 code and confirms a code by the row\'s name', () => {
    expect(resolver.byM49('643')?.iso).toBe('RU');
    expect(resolver.byM49('004')?.iso).toBe('AF');
    expect(resolver.byM49('280')).toBeNull(); // retired
    expect(resolver.confirm(resolver.byM49('704'), '704', 'VIET NAM').country?.iso).toBe('VN');
    expect(resolver.confirm(resolver.byM49('535'), '535', 'CURAÇAO').reason).toMatch(/is Caribbean Netherlands but the name "CURAÇAO" is Curaçao/);
    expect(resolver.confirm(resolver.byIso3('KOR'), 'KOR', 'Korea, Rep.').country?.iso).toBe('KR');
    expect(resolver.confirm(resolver.byIso3('KOR'), 'KOR', 'Atlantis').reason).toMatch(/not recognised/);
  });

  it('has a written alias table whose targets all exist', () => {
    const distinct = new Set(Object.keys(COUNTRY_NAME_ALIASES).map(normalizeCountryName));
    expect(resolver.aliasCount).toBe(distinct.size);
    expect(resolver.aliasCount).toBeGreaterThan(40);
  });
});

describe('every country name of the publisher files resolves', () => {
  it('UN Tourism workbook: all country blocks', () => {
    const names = readUnwtoCountryNames(SOURCES_DIR);
    expect(names.length).toBeGreaterThanOrEqual(223);
    // the places with no country of their own are written decisions (code-decisions.ts), not names
    expect(unresolved(names).sort()).toEqual(['BONAIRE', 'SABA', 'SERBIA AND MONTENEGRO', 'SINT EUSTATIUS']);
    // no two blocks fall on the same country
    const isoCodes = names.map(iso).filter(Boolean);
    expect(new Set(isoCodes).size).toBe(isoCodes.length);
  });

  it('IMF WEO extract: all 194 countries', () => {
    const names = readImfWeoCountryNames(SOURCES_DIR);
    expect(names).toHaveLength(194);
    expect(unresolved(names)).toEqual([]);
    expect(names.filter((n) => !resolver.byName(n))).toEqual([]);
    expect(new Set(names.map(iso)).size).toBe(194);
  });

  it('JNTO: all nationality columns', () => {
    const names = readJntoNationalityHeaders(SOURCES_DIR);
    expect(names).toContain('U.S.A.');
    expect(unresolved(names)).toEqual([]);
    expect(names.filter((n) => resolver.byName(n)).map(iso).sort()).toEqual(['AU', 'BR', 'CA', 'MX', 'NZ', 'US']);
  });
});
