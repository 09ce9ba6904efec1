import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import { loadWorldBank, parseCsvLines, splitCsvLine } from '../../../src/ingest/connectors/worldbank';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

describe('World Bank CSV helpers', () => {
  it('splits quoted and unquoted lines', () => {
    const FIXTURE_LONG_LINE = 'France,FRA,2025,68720337';
    const FIXTURE_QUOTED_NAME = '"Korea, Rep.",KOR,2019,51764822';
    const FIXTURE_WIDE_LINE = '"Aruba","ABW","International tourism, number of arrivals","ST.INT.ARVL","","912000",';
    expect(splitCsvLine(FIXTURE_LONG_LINE)).toEqual(['France', 'FRA', '2025', '68720337']);
    expect(splitCsvLine(FIXTURE_QUOTED_NAME)).toEqual(['Korea, Rep.', 'KOR', '2019', '51764822']);
    expect(splitCsvLine(FIXTURE_WIDE_LINE)).toEqual([
      'Aruba',
      'ABW',
      'International tourism, number of arrivals',
      'ST.INT.ARVL',
      '',
      '912000',
      '',
    ]);
    expect(splitCsvLine('"say ""hi""",x')).toEqual(['say "hi"', 'x']);
  });

  it('drops a BOM, a preamble and blank lines', () => {
    const FIXTURE_API_PREAMBLE = '\uFEFF"Data Source","World Development Indicators",\r\n\r\n"Last Updated Date","2025-12-19",\r\n\r\n"Country Name","Country Code"\r\n"France","FRA"\r\n';
    expect(parseCsvLines(FIXTURE_API_PREAMBLE, 4)).toEqual([
      ['Country Name', 'Country Code'],
      ['France', 'FRA'],
    ]);
  });
});

describe('loadWorldBank (real files)', () => {
  // How fast it loads is `npm run bench:ingest`'s to show (each step's time is in its log).
  const out = loadWorldBank(SOURCES_DIR, resolver);
  const value = (country: string, indicator: string, year: number) =>
    out.indicators!.find((v) => v.country === country && v.indicator === indicator && v.year === year)?.value;

  it('matches the check values', () => {
    expect(value('FR', 'SP.POP.TOTL', 2025)).toBe(68720337);
    expect(value('FR', 'ST.INT.ARVL', 2019)).toBe(217877000);
    expect(value('FR', 'ST.INT.ARVL', 2020)).toBe(117109000);
    expect(value('JP', 'ST.INT.RCPT.CD', 2019)).toBe(49209000000);
    expect(value('FR', 'ST.INT.RCPT.CD', 2019)).toBe(70776000000);
    expect(value('DE', 'BN.CAB.XOKA.GD.ZS', 2019)).toBeCloseTo(8.17, 2);
    expect(value('ES', 'BN.CAB.XOKA.GD.ZS', 2020)).toBeCloseTo(0.64, 2);
  });

  it('reads all ten long files and the three wide ones, not the derived compilation', () => {
    const indicators = new Set(out.indicators!.map((v) => v.indicator));
    expect([...indicators].sort()).toEqual([
      'BN.CAB.XOKA.CD',
      'BN.CAB.XOKA.GD.ZS',
      'FP.CPI.TOTL.ZG',
      'NY.GDP.MKTP.CD',
      'NY.GDP.MKTP.KD.ZG',
      'NY.GDP.PCAP.CD',
      'PA.NUS.FCRF',
      'SL.UEM.TOTL.ZS',
      'SP.POP.TOTL',
      'ST.INT.ARVL',
      'ST.INT.RCPT.CD',
      'ST.INT.RCPT.XP.ZS',
      'ST.INT.XPND.MP.ZS',
    ]);
    expect(out.tables.some((t) => t.file.includes('derived'))).toBe(false);
    expect(out.tables.find((t) => t.code === 'wdi_api_st_int_arvl')).toMatchObject({
      url: 'https://api.worldbank.org/v2/en/indicator/ST.INT.ARVL?downloadformat=csv',
      file: 'worldbank_wdi/api_csv/API_ST.INT.ARVL_DS2_EN_csv_v2_21669.csv',
    });
  });

  it('skips aggregates, keeps Kosovo, and marks nothing as projection', () => {
    expect(out.indicators!.some((v) => !/^[A-Z]{2}$/.test(v.country))).toBe(false);
    expect(value('XK', 'SP.POP.TOTL', 2020)).toBeGreaterThan(1_000_000);
    expect(out.indicators!.every((v) => v.projection === false)).toBe(true);
    // ESP receipts only for 1995–1998 in this vintage (see SOURCES.md)
    const spainReceipts = out.indicators!.filter((v) => v.country === 'ES' && v.indicator === 'ST.INT.RCPT.CD');
    expect(spainReceipts.map((v) => v.year)).toEqual([1995, 1996, 1997, 1998]);
  });

  it('confirms every economy code by its name; the Channel Islands (no ISO code) are a written decision', () => {
    expect(out.rejected).toEqual([]);
    expect(out.decisions!.length).toBeGreaterThan(0);
    expect(out.decisions!.every((d) => d.row === 'CHI Channel Islands' && d.decision.iso === null)).toBe(true);
  });
});
