import { describe, expect, it } from 'vitest';
import { holidaysInPeriod } from '../../src/domain/holiday-join';

const year2019 = [
  { date: '2019-12-25', name: 'Christmas Day', national: true },
  { date: '2019-01-01', name: "New Year's Day", national: true },
  { date: '2019-03-19', name: 'Saint Joseph', national: false },
  { date: '2019-04-19', name: 'Good Friday', national: true },
  { date: '2019-04-18', name: 'Maundy Thursday', national: false },
];

describe('holidaysInPeriod', () => {
  it('keeps the holidays dated inside a month, by date', () => {
    expect(holidaysInPeriod('2019-04', year2019)).toEqual({
      period: '2019-04',
      holidays: 2,
      holidayList: [
        { date: '2019-04-18', name: 'Maundy Thursday', national: false },
        { date: '2019-04-19', name: 'Good Friday', national: true },
      ],
    });
  });
  it('a quarter covers its three months, a year all twelve', () => {
    expect(holidaysInPeriod('2019-Q1', year2019).holidayList.map((h) => h.date)).toEqual(['2019-01-01', '2019-03-19']);
    expect(holidaysInPeriod('2019-Q2', year2019).holidays).toBe(2);
    expect(holidaysInPeriod('2019', year2019).holidays).toBe(5);
  });
  it('a month without holidays has none', () => {
    expect(holidaysInPeriod('2019-02', year2019)).toEqual({ period: '2019-02', holidays: 0, holidayList: [] });
  });
});
