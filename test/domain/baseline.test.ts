import { describe, expect, it } from 'vitest';
import { baseYearMean, indexToBaseYear, samePeriodIn, vsBaseYear } from '../../src/domain/baseline';

describe('samePeriodIn', () => {
  it('keeps the month, quarter or year and changes the year', () => {
    expect(samePeriodIn('2024-03', 2019)).toBe('2019-03');
    expect(samePeriodIn('2024-Q2', 2019)).toBe('2019-Q2');
    expect(samePeriodIn('2024', 2019)).toBe('2019');
  });
});

describe('vsBaseYear', () => {
  const monthly = [
    { period: '2019-02', value: 80 },
    { period: '2019-03', value: 200 },
    { period: '2024-03', value: 250 },
  ];

  it('compares the latest period with the same period of 2019', () => {
    // 250 against 200 → +25%
    expect(vsBaseYear({ period: '2024-03', value: 250 }, monthly)).toEqual({ basePeriod: '2019-03', base: 200, pct: 25 });
    // 60 against 80 → −25%
    expect(vsBaseYear({ period: '2025-02', value: 60 }, monthly)).toEqual({ basePeriod: '2019-02', base: 80, pct: -25 });
  });

  it('matches the frequency: an annual latest is not compared with a month', () => {
    expect(vsBaseYear({ period: '2024', value: 1 }, [{ period: '2019-01', value: 5 }])).toEqual({ basePeriod: '2019', base: null, pct: null });
    expect(vsBaseYear({ period: '2024-Q1', value: 30 }, [{ period: '2019-Q1', value: 40 }])).toEqual({ basePeriod: '2019-Q1', base: 40, pct: -25 });
  });

  it('has no change without a 2019 figure or with a zero base', () => {
    expect(vsBaseYear({ period: '2024-05', value: 10 }, monthly).pct).toBeNull();
    expect(vsBaseYear({ period: '2024', value: 10 }, [{ period: '2019', value: 0 }]).pct).toBeNull();
  });
});

describe('indexToBaseYear', () => {
  it('divides by the mean of the four quarters of 2019', () => {
    // mean(80, 100, 120, 100) = 100
    const quarters = [
      { period: '2019-Q1', value: 80 },
      { period: '2019-Q2', value: 100 },
      { period: '2019-Q3', value: 120 },
      { period: '2019-Q4', value: 100 },
      { period: '2020-Q1', value: 33.333 },
      { period: '2020-Q2', value: null },
    ];
    expect(indexToBaseYear(quarters)).toEqual({ base: 100, index: [80, 100, 120, 100, 33.3, null] });
  });

  it('takes an annual series’ 2019 value as the base', () => {
    // 1,500 ÷ 1,200 × 100 = 125
    expect(indexToBaseYear([{ period: '2019', value: 1200 }, { period: '2023', value: 1500 }]).index).toEqual([100, 125]);
  });

  it('has no base when 2019 is incomplete', () => {
    const months = Array.from({ length: 11 }, (_, i) => ({ period: `2019-${String(i + 1).padStart(2, '0')}`, value: 10 }));
    expect(baseYearMean(months)).toBeNull();
    expect(baseYearMean([...months, { period: '2019-12', value: 22 }])).toBe(11); // (11 × 10 + 22) ÷ 12
    expect(indexToBaseYear(months).index.every((v) => v === null)).toBe(true);
    expect(baseYearMean([])).toBeNull();
  });
});
