import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import { FIRST_PROJECTION_YEAR, loadImfWeo, parseDecimalComma, parseImfWeo } from '../../../src/ingest/connectors/imf-weo';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

describe('parseDecimalComma', () => {
  it('reads decimal commas, grouping dots and missing marks', () => {
    const FIXTURE_DECIMAL_COMMA = '1,12';
    const FIXTURE_NEGATIVE_SMALL = '-0,003';
    const FIXTURE_LARGE_NATIONAL_CURRENCY = '11120059,7';
    const FIXTURE_GROUPED = '1.101,445';
    expect(parseDecimalComma(FIXTURE_DECIMAL_COMMA)).toBe(1.12);
    expect(parseDecimalComma(FIXTURE_NEGATIVE_SMALL)).toBe(-0.003);
    expect(parseDecimalComma(FIXTURE_LARGE_NATIONAL_CURRENCY)).toBe(11120059.7);
    expect(parseDecimalComma(FIXTURE_GROUPED)).toBe(1101.445);
    expect(parseDecimalComma('15244164')).toBe(15244164);
    expect(parseDecimalComma('n/a')).toBeNull();
    expect(parseDecimalComma('--')).toBeNull();
    expect(parseDecimalComma('')).toBeNull();
    expect(parseDecimalComma('1,2,3')).toBeNaN();
    expect(parseDecimalComma('1.12')).toBeNaN(); // a lone dot is not a decimal point in this locale
  });
});

describe('parseImfWeo (fixture)', () => {
  const FIXTURE_WEO_EXPORT = [
    'Country\tSubject Descriptor\tUnits\tScale\t2023\t2024',
    'France\tGross domestic product, constant prices\tPercent change\tUnits\t1,12\t1,098',
    'Côte d\'Ivoire\tUnemployment rate\tPercent of total labor force\tUnits\tn/a\t2,5',
    'Venezuela\tGross domestic product, constant prices\tNational currency\tBillions\t--\tn/a',
    'France\tPopulation\tPersons\tMillions\t68,2\t68,4',
    'Atlantis\tUnemployment rate\tPercent of total labor force\tUnits\t1\t2',
    '\t\t\t\t\t',
    'International Monetary Fund, World Economic Outlook Database, October 2024\t\t\t\t\t',
  ].join('\r\n');
  const out = parseImfWeo(FIXTURE_WEO_EXPORT, resolver);

  it('reads values, flags projections and skips missing marks, blank and footer rows', () => {
    expect(out.indicators).toEqual([
      { country: 'FR', indicator: 'WEO:gdp_growth_pct', year: 2023, value: 1.12, projection: false, source: 'imf_weo_2024_10' },
      { country: 'FR', indicator: 'WEO:gdp_growth_pct', year: 2024, value: 1.098, projection: true, source: 'imf_weo_2024_10' },
      { country: 'CI', indicator: 'WEO:unemployment_pct', year: 2024, value: 2.5, projection: true, source: 'imf_weo_2024_10' },
    ]);
  });

  it('rejects unmapped subjects and unknown countries, the latter as unresolved places', () => {
    expect(out.rejected.map((r) => r.reason)).toEqual(['subject / units / scale not mapped', 'country name not recognised']);
    expect(out.rejected.map((r) => r.unresolved ?? false)).toEqual([false, true]);
  });

  it('resolves by the ISO column where the export has one, checked against the name', () => {
    const withIso = [
      'ISO\tCountry\tSubject Descriptor\tUnits\tScale\t2023',
      'CPV\tCabo Verde\tGross domestic product, constant prices\tPercent change\tUnits\t5,1',
      'FRA\tGermany\tGross domestic product, constant prices\tPercent change\tUnits\t1,1',
    ].join('\r\n');
    const parsed = parseImfWeo(withIso, resolver);
    expect(parsed.indicators!.map((v) => v.country)).toEqual(['CV']);
    expect(parsed.rejected).toEqual([
      expect.objectContaining({ unresolved: true, reason: expect.stringMatching(/code FRA is France but the name "Germany" is Germany/) }),
    ]);
  });
});

describe('loadImfWeo (real file)', () => {
  const out = loadImfWeo(SOURCES_DIR, resolver);
  const value = (country: string, indicator: string, year: number) =>
    out.indicators!.find((v) => v.country === country && v.indicator === indicator && v.year === year);

  it('matches the check values for France', () => {
    expect(value('FR', 'WEO:gdp_growth_pct', 2023)).toMatchObject({ value: 1.12, projection: false });
    expect(value('FR', 'WEO:gdp_growth_pct', 2025)).toMatchObject({ value: 1.056, projection: true });
    expect(value('FR', 'WEO:inflation_eop_pct', 2023)?.value).toBe(4.147);
    expect(value('FR', 'WEO:current_account_usd_bn', 2022)?.value).toBe(-32.78);
    expect(value('FR', 'WEO:unemployment_pct', 2023)?.value).toBe(7.35);
  });

  it('reads large national-currency figures with their decimals', () => {
    expect(value('ID', 'WEO:gdp_const_lcu_bn', 2021)?.value).toBe(11120059.7);
    expect(value('FR', 'WEO:gdp_const_lcu_bn', 2021)?.value).toBe(2475.386);
    expect(value('JP', 'WEO:gdp_const_lcu_bn', 2021)?.value).toBe(543838.8);
  });

  it('covers 194 countries (Kosovo and West Bank and Gaza included) and all eight subjects', () => {
    expect(new Set(out.indicators!.map((v) => v.country)).size).toBe(194);
    expect(value('XK', 'WEO:gdp_growth_pct', 2023)).toBeDefined();
    expect(value('PS', 'WEO:gdp_growth_pct', 2022)).toBeDefined();
    expect(new Set(out.indicators!.map((v) => v.indicator)).size).toBe(8);
    expect(out.rejected).toEqual([]);
  });

  it(`flags exactly the years from ${FIRST_PROJECTION_YEAR} on as projections`, () => {
    for (const v of out.indicators!) expect(v.projection).toBe(v.year >= FIRST_PROJECTION_YEAR);
    expect(out.tables[0]).toMatchObject({ code: 'imf_weo_2024_10', url: 'https://www.imf.org/en/Publications/WEO/weo-database/2024/October' });
  });
});
