import { describe, expect, it } from 'vitest';
import { annualAverageRates, convert, monthlyAverageRates } from '../../src/domain/fx-average';

const usdPerEurDailyFixture = [
  { date: '2023-12-29', rate: 1.0 },
  { date: '2024-01-02', rate: 1.1 },
  { date: '2024-01-03', rate: 1.2 },
  { date: '2024-01-04', rate: null },
  { date: '2024-02-01', rate: 1.05 },
];

describe('period averages', () => {
  it('averages the days that have a rate, by month', () => {
    // January (1.10 + 1.20) / 2 = 1.15; the null day is skipped
    expect([...monthlyAverageRates(usdPerEurDailyFixture)]).toEqual([
      ['2023-12', 1],
      ['2024-01', 1.15],
      ['2024-02', 1.05],
    ]);
  });

  it('averages by year, 6 decimals', () => {
    // 2024: (1.10 + 1.20 + 1.05) / 3 = 1.1166666… → 1.116667
    expect(annualAverageRates(usdPerEurDailyFixture)).toEqual(
      new Map([
        ['2023', 1],
        ['2024', 1.116667],
      ]),
    );
  });
});

describe('convert', () => {
  const ratesPerEurFixture = { USD: 1.25, JPY: 160 };

  it('crosses through EUR', () => {
    // 100 USD ÷ 1.25 = 80 EUR × 160 = 12 800 JPY
    expect(convert(100, 'USD', 'JPY', ratesPerEurFixture)).toBeCloseTo(12800, 9);
    expect(convert(100, 'EUR', 'USD', ratesPerEurFixture)).toBe(125);
    expect(convert(100, 'USD', 'EUR', ratesPerEurFixture)).toBe(80);
    expect(convert(100, 'GBP', 'GBP', ratesPerEurFixture)).toBe(100);
  });

  it('is null when a rate is unknown', () => {
    expect(convert(100, 'GBP', 'USD', ratesPerEurFixture)).toBeNull();
    expect(convert(100, 'USD', 'GBP', ratesPerEurFixture)).toBeNull();
  });
});
