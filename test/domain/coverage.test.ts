import { expect, it } from 'vitest';
import { primarySeries } from '../../src/domain/country-summary';
import { coverageGrid } from '../../src/domain/coverage';

it('grids a monthly series by year, marking each month', () => {
  // Hand-written fixture: 2019-11 held, 2019-12 not published, 2020-01 withheld, 2020-02 held.
  const rows = coverageGrid('M', [
    { period: '2019-11', value: 5, status: 'published' },
    { period: '2019-12', value: null, status: 'not_published' },
    { period: '2020-01', value: null, status: 'withheld' },
    { period: '2020-02', value: 7, status: 'estimated' },
  ]);
  expect(rows.map((r) => [r.year, r.held])).toEqual([[2019, 1], [2020, 1]]);
  expect(rows[0].cells.slice(9)).toEqual(['missing', 'held', 'not_published']);
  expect(rows[1].cells.slice(0, 3)).toEqual(['withheld', 'held', 'missing']);
});

it('grids an annual series one cell a year', () => {
  expect(coverageGrid('A', [{ period: '2019', value: 1, status: 'published' }, { period: '2021', value: 2, status: 'published' }])).toEqual([
    { year: 2019, held: 1, cells: ['held'] },
    { year: 2020, held: 0, cells: ['missing'] },
    { year: 2021, held: 1, cells: ['held'] },
  ]);
});

it('picks the headline that reaches the latest period as the primary series, then the finer frequency, then arrivals', () => {
  const pick = (series: Array<{ id: string; measure: string; freq: string; headline: boolean; last: string }>) => primarySeries(series)?.id;
  expect(
    pick([
      { id: 'a', measure: 'arrivals', freq: 'A', headline: true, last: '2024' },
      { id: 'b', measure: 'nights', freq: 'M', headline: true, last: '2024-06' },
      { id: 'c', measure: 'arrivals', freq: 'M', headline: true, last: '2024-06' },
      { id: 'd', measure: 'arrivals', freq: 'M', headline: false, last: '2025-01' },
    ]),
  ).toBe('c');
  // A monthly series that stopped in 2017 does not stand for a country whose annual series runs to 2021.
  expect(
    pick([
      { id: 'm', measure: 'arrivals', freq: 'M', headline: true, last: '2017-03' },
      { id: 'a', measure: 'spend', freq: 'A', headline: true, last: '2021' },
    ]),
  ).toBe('a');
  expect(
    pick([
      { id: 'n', measure: 'nights', freq: 'M', headline: true, last: '2026-02' },
      { id: 'a', measure: 'arrivals', freq: 'M', headline: true, last: '2026-01' },
    ]),
  ).toBe('n');
});
