import { describe, expect, it } from 'vitest';
import { convertObservations, periodRates, ratePerEur } from '../../src/domain/conversion';

// Hand-written fixture: USD per EUR on four days.
const usd = periodRates([
  { date: '2019-01-02', rate: 1.14 },
  { date: '2019-01-03', rate: 1.16 }, // January average 1.15
  { date: '2019-02-01', rate: 1.1 }, // February average 1.1
  { date: '2019-03-01', rate: 1.2 }, // March 1.2; Q1 = (1.15 + 1.1 + 1.2) / 3 = 1.15; 2019 = (1.14+1.16+1.1+1.2)/4 = 1.15
]);

describe('conversion at period reference rates', () => {
  it('averages per month, quarter and year', () => {
    expect(ratePerEur(usd, '2019-01')).toBeCloseTo(1.15, 10);
    expect(ratePerEur(usd, '2019-Q1')).toBeCloseTo(1.15, 10);
    expect(ratePerEur(usd, '2019')).toBeCloseTo(1.15, 10);
    expect(ratePerEur(usd, '2019-04')).toBeNull();
    expect(ratePerEur('EUR', '1990')).toBe(1);
  });
  it('converts EUR to USD as value × the month average, and USD to EUR by its inverse', () => {
    // 100 EUR in January → 100 × 1.15 = 115 USD.
    const eurToUsd = convertObservations([{ period: '2019-01', value: 100 }], 'EUR', usd);
    expect(eurToUsd.points).toEqual([{ period: '2019-01', value: 115, rate: 1.15 }]);
    // 110 USD in February → 110 / 1.1 = 100 EUR.
    const usdToEur = convertObservations([{ period: '2019-02', value: 110 }, { period: '1998', value: 5 }], usd, 'EUR');
    expect(usdToEur.points[0].value).toBeCloseTo(100, 6);
    expect(usdToEur.skipped).toEqual(['1998']);
  });
});
