import { describe, expect, it } from 'vitest';
import { tourismBalance, wholeYearTotals, yearRuns, type TourismBalanceInput } from '../../src/domain/tourism-balance';

const months = (year: number, values: (number | null)[]) =>
  values.map((value, i) => ({ period: `${year}-${String(i + 1).padStart(2, '0')}`, value }));

const base: TourismBalanceInput = {
  receiptsWorldBank: new Map([[2019, 1000]]),
  receiptsUnTourism: new Map([[2019, 990], [2020, 500]]),
  receiptsUnTourismTravel: new Map(),
  spendingAbroad: new Map([[2019, 400], [2018, 300]]),
  spendingAbroadTravel: new Map(),
  monthlyArrivals: null,
  annualArrivalsWorldBank: new Map([[2019, 8]]),
  annualArrivalsUnTourism: new Map([[2019, 9], [2020, 4]]),
  gdpUsd: new Map([[2019, 40000], [2020, 30000]]),
};

describe('wholeYearTotals', () => {
  it('sums whole years only', () => {
    const obs = [...months(2019, Array(12).fill(10)), ...months(2020, [...Array(11).fill(5), null]), ...months(2021, [1, 2])];
    expect([...wholeYearTotals(obs)]).toEqual([[2019, 120]]);
  });
});

describe('tourismBalance', () => {
  it('takes World Bank receipts first, UN Tourism for the years the Bank lacks', () => {
    const { years, latestYear, note } = tourismBalance(base);
    expect(years.map((y) => [y.year, y.receiptsUsd, y.spendingAbroadUsd])).toEqual([
      [2020, 500, null],
      [2019, 1000, 400],
      [2018, null, 300],
    ]);
    expect(latestYear).toBe(2020);
    expect(note).toContain('for 2020, which the Bank lacks');
  });

  it("falls back on UN Tourism's travel item for years it gives no total (Spain: total to 1998, travel item to 2021)", () => {
    const spain: TourismBalanceInput = {
      ...base,
      receiptsWorldBank: new Map(),
      receiptsUnTourism: new Map([[1997, 6163], [1998, 7119]]),
      receiptsUnTourismTravel: new Map([[1997, 6000], [1998, 6900], [2020, 18379], [2021, 34183]]),
      spendingAbroad: new Map([[1998, 31592]]),
      spendingAbroadTravel: new Map([[1998, 30000], [2021, 12225]]),
    };
    const { years, latestYear, note } = tourismBalance(spain);
    expect(years.map((y) => [y.year, y.receiptsUsd, y.spendingAbroadUsd])).toEqual([
      [2021, 34183, 12225],
      [2020, 18379, null],
      [1998, 7119, 31592],
      [1997, 6163, null],
    ]);
    expect(latestYear).toBe(2021);
    expect(note).toContain('Receipts: World Bank ST.INT.RCPT.CD');
    expect(note).toContain('; for 2020–2021, its travel item, as UN Tourism gives no total for them (passenger transport not included).');
    expect(note).toContain('Spending abroad: UN Tourism outbound tourism expenditure (current US$); for 2021, its travel item');
  });

  it('writes years as runs', () => {
    expect(yearRuns([2001, 1999, 2000, 2005, 2007, 2008])).toBe('1999–2001, 2005, 2007–2008');
    expect(yearRuns([])).toBe('');
  });

  it('uses the annual published arrivals only without a monthly series', () => {
    const { years, note } = tourismBalance(base);
    // 2019: UN Tourism 9 (before the Bank's copy, 8); 1000 / 9 = 111.11 per arrival; 1000 / 40000 = 2.5% of GDP
    expect(years.find((y) => y.year === 2019)).toMatchObject({ arrivals: 9, receiptsPerArrivalUsd: 111.11, receiptsShareGdpPct: 2.5 });
    expect(years.find((y) => y.year === 2020)!.arrivals).toBe(4);
    expect(note).toContain('no monthly arrivals series is held');
  });

  it("takes the Bank's single-precision copy of a count as the whole count, only for years UN Tourism lacks", () => {
    const { years } = tourismBalance({
      ...base,
      annualArrivalsUnTourism: new Map([[2020, 4_115_800]]),
      // Japan 2020 as the Bank's file gives it, and the United States 2018.
      annualArrivalsWorldBank: new Map([[2020, 4115799.8046875], [2019, 169324921.875]]),
    });
    expect(years.find((y) => y.year === 2020)!.arrivals).toBe(4_115_800);
    expect(years.find((y) => y.year === 2019)!.arrivals).toBe(169_324_922);
  });

  it('with a monthly series, sums whole years and leaves other years null', () => {
    const { years, note } = tourismBalance({
      ...base,
      monthlyArrivals: { series: 'xx.arrivals.total.m', description: 'Test arrivals', observations: months(2019, Array(12).fill(10)) },
    });
    // 2019: 12 × 10 = 120; 1000 / 120 = 8.333… → 8.33. 2020 has no months → null, not the annual 4.
    expect(years.find((y) => y.year === 2019)).toMatchObject({ arrivals: 120, receiptsPerArrivalUsd: 8.33 });
    expect(years.find((y) => y.year === 2020)).toMatchObject({ arrivals: null, receiptsPerArrivalUsd: null, receiptsShareGdpPct: 1.67 });
    expect(note).toContain('Test arrivals (series xx.arrivals.total.m)');
  });
});
