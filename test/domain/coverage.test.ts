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

it('picks the monthly arrivals headline as the primary series', () => {
  const pick = primarySeries([
    { id: 'a', measure: 'arrivals', freq: 'A', headline: true },
    { id: 'b', measure: 'nights', freq: 'M', headline: true },
    { id: 'c', measure: 'arrivals', freq: 'M', headline: true },
    { id: 'd', measure: 'arrivals', freq: 'M', headline: false },
  ]);
  expect(pick?.id).toBe('c');
});
