import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import { loadEcb, parseEurofxref } from '../../../src/ingest/connectors/ecb';

describe('parseEurofxref (fixture)', () => {
  const FIXTURE_EUROFXREF = [
    'Date,USD,CYP,GBP,',
    '2019-01-02,1.1397,N/A,0.90165,',
    '1999-01-04,1.1789,0.58231,0.7111,',
    'not-a-date,1,1,1,',
    '',
  ].join('\n');

  it('reads rates, skips N/A and the trailing empty column, rejects bad rows', () => {
    const { fx, rejected } = parseEurofxref(FIXTURE_EUROFXREF);
    expect(fx).toEqual([
      { date: '2019-01-02', currency: 'USD', rate: 1.1397 },
      { date: '2019-01-02', currency: 'GBP', rate: 0.90165 },
      { date: '1999-01-04', currency: 'USD', rate: 1.1789 },
      { date: '1999-01-04', currency: 'CYP', rate: 0.58231 },
      { date: '1999-01-04', currency: 'GBP', rate: 0.7111 },
    ]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatch(/no ISO date/);
  });
});

describe('loadEcb (real file)', () => {
  // How fast it loads is `npm run bench:ingest`'s to show (each step's time is in its log).
  const out = loadEcb(SOURCES_DIR);

  it('matches the check values of 2019-01-02', () => {
    const day = out.fx!.filter((r) => r.date === '2019-01-02');
    expect(day.find((r) => r.currency === 'USD')?.rate).toBe(1.1397);
    expect(day.find((r) => r.currency === 'GBP')?.rate).toBe(0.90165);
  });

  it('covers 6,983 business days and 41 currencies, with nothing rejected', () => {
    expect(new Set(out.fx!.map((r) => r.date)).size).toBe(6983);
    expect(new Set(out.fx!.map((r) => r.currency)).size).toBe(41);
    expect(out.rejected).toEqual([]);
    expect(out.fx!.every((r) => r.rate > 0 && r.currency.length === 3)).toBe(true);
  });

  it('leaves out retired currencies after they stopped (N/A)', () => {
    expect(out.fx!.some((r) => r.currency === 'CYP' && r.date >= '2008-01-01')).toBe(false);
    expect(out.fx!.some((r) => r.currency === 'CYP' && r.date === '1999-01-04')).toBe(true);
  });

  it('describes the table with the official zip URL', () => {
    expect(out.tables).toEqual([
      expect.objectContaining({ code: 'ecb_eurofxref', url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip', file: 'ecb/eurofxref-hist.csv' }),
    ]);
  });
});
