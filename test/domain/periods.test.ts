import { expect, it } from 'vitest';
import { comparePeriodEnds, monthsBehind, widenFrom, widenTo, yearBefore } from '../../src/domain/periods';

it('finds the same period a year before at every frequency', () => {
  expect([yearBefore('2019-01'), yearBefore('2019-Q2'), yearBefore('2019')]).toEqual(['2018-01', '2018-Q2', '2018']);
});

it('widens bounds to months and orders periods of mixed frequency by the month they end in', () => {
  expect([widenFrom('2019'), widenTo('2019'), widenFrom('2019-Q2'), widenTo('2019-Q2')]).toEqual(['2019-01', '2019-12', '2019-04', '2019-06']);
  expect(['2019', '2019-11', '2019-Q3'].sort(comparePeriodEnds)).toEqual(['2019-Q3', '2019-11', '2019']);
});

it('counts months behind from the month after the newest period (DECISIONS.md)', () => {
  const today = new Date('2026-04-20T12:00:00Z');
  // Last month held (March) → 0; a quarter by its last month; a year by December.
  expect([monthsBehind('2026-03', today), monthsBehind('2026-Q1', today), monthsBehind('2025', today)]).toEqual([0, 0, 3]);
});
