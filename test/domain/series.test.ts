/** Dense monthly arrays for the forecaster, worked by hand. */
import { describe, expect, it } from 'vitest';
import { monthIndex } from '../../src/domain/periods';
import { denseMonthly } from '../../src/domain/series';

const rows = [
  { period: '2023-11', value: null },
  { period: '2023-12', value: 5 },
  { period: '2024-02', value: 7 },
  { period: '2024-03', value: null },
  { period: '2024-04', value: 9 },
];

describe('denseMonthly', () => {
  it('runs from the first figure to the last, null where none is held', () => {
    expect(denseMonthly(rows)).toEqual({ y: [5, null, 7, null, 9], first: monthIndex('2023-12') });
  });

  it('stops at upTo, leaving later figures out and running on past the last one held', () => {
    expect(denseMonthly(rows, '2024-02')).toEqual({ y: [5, null, 7], first: monthIndex('2023-12') });
    expect(denseMonthly(rows.slice(0, 2), '2024-02')).toEqual({ y: [5, null, null], first: monthIndex('2023-12') });
  });

  it('is empty when no figure is held', () => {
    expect(denseMonthly(rows, '2023-11')).toEqual({ y: [], first: 0 });
  });
});
