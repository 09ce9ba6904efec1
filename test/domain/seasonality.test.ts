import { describe, expect, it } from 'vitest';
import { seasonality } from '../../src/domain/seasonality';
import { monthPeriod } from '../../src/domain/periods';

function yearFixture(year: number, values: (number | null)[]) {
  return values.map((value, i) => ({ period: monthPeriod(year, i + 1), value }));
}

// 2021: six months of 50, four of 100, two of 150 → sum 1000, mean 83.33…
//       indices 50/83.33 = 60, 100/83.33 = 120, 150/83.33 = 180
// 2022: flat 100 → every index 100
// 2023: six of 50, four of 100, two of 250 → sum 1200, mean 100 → indices 50, 100, 250
const shapedYearsFixture = [
  ...yearFixture(2021, [50, 50, 50, 50, 100, 100, 150, 150, 100, 100, 50, 50]),
  ...yearFixture(2022, Array(12).fill(100)),
  ...yearFixture(2023, [50, 50, 50, 50, 100, 100, 250, 250, 100, 100, 50, 50]),
];

describe('seasonality', () => {
  it('takes the median, min and max of each month across complete years', () => {
    const result = seasonality(shapedYearsFixture);
    expect(result.years).toEqual(['2021', '2022', '2023']);
    expect(result.rows).toHaveLength(12);
    // January: indices 60, 100, 50 → median 60, low 50, high 100
    expect(result.rows[0]).toEqual({ month: 1, index: 60, low: 50, high: 100 });
    // May: 120, 100, 100 → median 100, low 100, high 120
    expect(result.rows[4]).toEqual({ month: 5, index: 100, low: 100, high: 120 });
    // July: 180, 100, 250 → median 180
    expect(result.rows[6]).toEqual({ month: 7, index: 180, low: 100, high: 250 });
  });

  it('skips years with a missing month and partial years', () => {
    const withGapsFixture = [
      ...shapedYearsFixture,
      ...yearFixture(2020, [1, 1, 1, null, 1, 1, 1, 1, 1, 1, 1, 1]),
      ...yearFixture(2024, [500, 500, 500]),
    ];
    expect(seasonality(withGapsFixture).years).toEqual(['2021', '2022', '2023']);
  });

  it('rounds to 1 decimal and averages the middle pair for an even number of years', () => {
    // 2019: values 1..12 → mean 6.5; January 1/6.5 × 100 = 15.38…; December 12/6.5 × 100 = 184.61…
    // 2022: flat → 100. Median of two = mean: January (15.38 + 100) / 2 = 57.69… → 57.7
    const twoYearsFixture = [
      ...yearFixture(2019, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
      ...yearFixture(2022, Array(12).fill(7)),
    ];
    const { rows } = seasonality(twoYearsFixture);
    expect(rows[0]).toEqual({ month: 1, index: 57.7, low: 15.4, high: 100 });
    // December: (184.615 + 100) / 2 = 142.31 → 142.3
    expect(rows[11]).toEqual({ month: 12, index: 142.3, low: 100, high: 184.6 });
  });

  it('returns no years and no rows when no year is complete', () => {
    expect(seasonality(yearFixture(2024, [1, 2, 3]))).toEqual({ years: [], rows: [] });
    expect(seasonality([])).toEqual({ years: [], rows: [] });
  });

  it('ignores annual and quarterly periods', () => {
    const mixedFixture = [...shapedYearsFixture, { period: '2021', value: 1000 }, { period: '2021-Q1', value: 150 }];
    expect(seasonality(mixedFixture)).toEqual(seasonality(shapedYearsFixture));
  });
});
