import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import {
  KOSOVO,
  loadCountryCodes,
  loadCountryCodesOutput,
  loadCountryTable,
  pickCurrency,
  qidFromUrl,
} from '../../../src/ingest/connectors/country-codes';

describe('country-codes helpers', () => {
  it('strips the Wikidata URL to the QID', () => {
    const FIXTURE_WIKIDATA_URL = 'https://www.wikidata.org/wiki/Q142';
    expect(qidFromUrl(FIXTURE_WIKIDATA_URL)).toBe('Q142');
    expect(qidFromUrl('')).toBeNull();
  });

  it('prefers the territory’s own currency when several are listed', () => {
    const FIXTURE_BHUTAN_CURRENCIES = 'INR,BTN';
    const FIXTURE_PANAMA_CURRENCIES = 'PAB,USD';
    expect(pickCurrency(FIXTURE_BHUTAN_CURRENCIES, 'BT')).toBe('BTN');
    expect(pickCurrency(FIXTURE_PANAMA_CURRENCIES, 'PA')).toBe('PAB');
    expect(pickCurrency('EUR', 'FR')).toBe('EUR');
    expect(pickCurrency('', 'AQ')).toBeNull();
  });
});

describe('loadCountryCodes (real file)', () => {
  const countries = loadCountryCodes(SOURCES_DIR);
  const byIso = new Map(countries.map((c) => [c.iso, c]));

  it('holds the 249 ISO rows plus Kosovo, with unique codes', () => {
    expect(countries).toHaveLength(250);
    expect(new Set(countries.map((c) => c.iso)).size).toBe(250);
    expect(new Set(countries.map((c) => c.iso3)).size).toBe(250);
  });

  it('matches the check values of SOURCES.md', () => {
    expect(byIso.get('FR')).toMatchObject({ iso3: 'FRA', m49: '250', wikidataId: 'Q142', name: 'France', currency: 'EUR' });
    expect(byIso.get('ES')).toMatchObject({ iso3: 'ESP', m49: '724', wikidataId: 'Q29' });
    expect(byIso.get('GR')).toMatchObject({ iso3: 'GRC', m49: '300', wikidataId: 'Q41' });
    expect(byIso.get('GB')).toMatchObject({ iso3: 'GBR', m49: '826', wikidataId: 'Q145', name: 'United Kingdom' });
    expect(byIso.get('TW')).toMatchObject({ iso3: 'TWN', m49: '158', wikidataId: 'Q865' });
  });

  it('keeps Namibia ("NA") and fills its missing QID', () => {
    expect(byIso.get('NA')).toMatchObject({ iso3: 'NAM', name: 'Namibia', wikidataId: 'Q1030', currency: 'NAD' });
  });

  it('takes M49 regions and currencies from the file', () => {
    expect(byIso.get('DE')).toMatchObject({ m49Region: 'Europe', m49SubRegion: 'Western Europe', currency: 'EUR' });
    expect(byIso.get('JP')).toMatchObject({ m49Region: 'Asia', m49SubRegion: 'Eastern Asia', currency: 'JPY' });
    expect(byIso.get('AQ')?.m49Region).toBeNull();
    expect(byIso.get('TR')?.currency).toBe('TRY'); // filled: the file lost Türkiye's currency columns
  });

  it('gives every row a QID', () => {
    expect(countries.filter((c) => !c.wikidataId)).toEqual([]);
    expect(countries.every((c) => /^Q\d+$/.test(c.wikidataId!))).toBe(true);
  });

  it('adds Kosovo', () => {
    expect(byIso.get('XK')).toEqual(KOSOVO);
    expect(KOSOVO).toMatchObject({ iso3: 'XKX', name: 'Kosovo', wikidataId: 'Q1246' });
  });

  it('collects English name variants and rejects nothing', () => {
    const table = loadCountryTable(SOURCES_DIR);
    expect(table.rejected).toEqual([]);
    expect(table.nameVariants.get('KR')).toEqual(expect.arrayContaining(['South Korea', 'Republic of Korea']));
    const output = loadCountryCodesOutput(SOURCES_DIR);
    expect(output.tables[0]).toMatchObject({ code: 'country_codes', file: 'country_codes/country-codes.csv' });
    expect(output.countries).toHaveLength(250);
  });
});
