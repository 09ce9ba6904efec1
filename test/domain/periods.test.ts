import { expect, it } from 'vitest';
import { comparePeriodEnds, latestPeriodOf, monthsBehind, periodWithin, rowsWithin, widenFrom, widenTo, yearBefore } from '../../src/domain/periods';

it('finds the same period a year before at every frequency', () => {
  expect([yearBefore('2019-01'), yearBefore('2019-Q2'), yearBefore('2019')]).toEqual(['2018-01', '2018-Q2', '2018']);
});

it('widens bounds to months and orders periods of mixed frequency by the month they end in', () => {
  expect([widenFrom('2019'), widenTo('2019'), widenFrom('2019-Q2'), widenTo('2019-Q2')]).toEqual(['2019-01', '2019-12', '2019-04', '2019-06']);
  expect(['2019', '2019-11', '2019-Q3'].sort(comparePeriodEnds)).toEqual(['2019-Q3', '2019-11', '2019']);
});

it('finds the period that ends last in one pass: a year over its December; of a tie, the last given', () => {
  expect(latestPeriodOf(['2019-Q3', '2019', '2019-11', '2018'])).toBe('2019');
  expect(latestPeriodOf(['2019-Q4', '2019-12'])).toBe('2019-12');
  expect(latestPeriodOf(['2019-12', '2019-Q4'])).toBe('2019-Q4');
  expect(latestPeriodOf(['2020-01', '2019'])).toBe('2020-01');
  expect(latestPeriodOf([])).toBeUndefined();
});

it('counts months behind from the month after the newest period (DECISIONS.md)', () => {
  const today = new Date('2026-04-20T12:00:00Z');
  // Last month held (March) → 0; a quarter by its last month; a year by December.
  expect([monthsBehind('2026-03', today), monthsBehind('2026-Q1', today), monthsBehind('2025', today)]).toEqual([0, 0, 3]);
});

it('finds the rows of a series within a range by binary search, as filtering each period would', () => {
  const rows = (periods: string[]) => periods.map((period) => ({ period }));
  const monthly = rows(['2018-11', '2018-12', '2019-01', '2019-02', '2019-12', '2020-01']);
  const quarterly = rows(['2018-Q4', '2019-Q1', '2019-Q2', '2019-Q3', '2019-Q4', '2020-Q1']);
  const annual = rows(['2017', '2018', '2019', '2020']);
  const bounds: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['2019-01', '2019-12'],
    ['2019-02', undefined],
    [undefined, '2019-05'],
    ['2019-04', '2019-06'],
    ['2019-05', '2019-05'],
    ['2021-01', undefined],
    [undefined, '2010-12'],
  ];
  for (const series of [monthly, quarterly, annual]) {
    for (const [from, to] of bounds) {
      expect(rowsWithin(series, from, to)).toEqual(series.filter((r) => periodWithin(r.period, from, to)));
    }
  }
  // 2019-04..2019-06 holds the second quarter but not the year; a half-covered quarter is left out.
  expect(rowsWithin(quarterly, '2019-04', '2019-06').map((r) => r.period)).toEqual(['2019-Q2']);
  expect(rowsWithin(quarterly, '2019-05', '2019-06')).toEqual([]);
  expect(rowsWithin(annual, '2019-01', '2019-12').map((r) => r.period)).toEqual(['2019']);
});
