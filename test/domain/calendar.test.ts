import { describe, expect, it } from 'vitest';
import { nextPeriod, releaseCalendar, usualDelayMonths } from '../../src/domain/calendar';

const monthlyLogFixture = [
  { date: '2024-03-20', latestPeriod: '2024-01' }, // first ingest: delay 2, left out
  { date: '2024-04-12', latestPeriod: '2024-02' }, // Feb → Apr: 2
  { date: '2024-04-25', latestPeriod: '2024-02' }, // revision of the same period: ignored
  { date: '2024-05-14', latestPeriod: '2024-03' }, // Mar → May: 2
  { date: '2024-07-02', latestPeriod: '2024-04' }, // Apr → Jul: 3
];

describe('usualDelayMonths', () => {
  it('is the median delay of first arrivals, leaving out the log start', () => {
    // delays 2, 2, 3 → median 2
    expect(usualDelayMonths(monthlyLogFixture)).toBe(2);
  });

  it('rounds an even split up', () => {
    // without the March release the counted delays are 2 (Feb) and 3 (Apr): median 2.5 → 3
    const evenLogFixture = monthlyLogFixture.filter((r) => r.latestPeriod !== '2024-03');
    expect(usualDelayMonths(evenLogFixture)).toBe(3);
  });

  it('uses the only release when there is just one', () => {
    // March figures arriving 10 June: Mar → Jun = 3
    expect(usualDelayMonths([{ date: '2024-06-10', latestPeriod: '2024-03' }])).toBe(3);
  });

  it('is null for an empty log', () => {
    expect(usualDelayMonths([])).toBeNull();
  });
});

describe('releaseCalendar', () => {
  it('expects the next month after the usual delay', () => {
    // latest 2024-04, next 2024-05, + 2 months → 2024-07; in July it is not yet overdue
    expect(releaseCalendar(monthlyLogFixture, '2024-04', new Date('2024-07-20T00:00:00Z'))).toEqual({
      latest: '2024-04',
      nextPeriod: '2024-05',
      expectedIn: '2024-07',
      usualDelayMonths: 2,
      overdue: false,
    });
    expect(releaseCalendar(monthlyLogFixture, '2024-04', new Date('2024-08-01T00:00:00Z'))!.overdue).toBe(true);
  });

  it('counts a quarter by its last month and a year by December', () => {
    // Q1 (March) → 15 May: delay 2; next 2024-Q2 ends June → expected August
    const quarterly = releaseCalendar([{ date: '2024-05-15', latestPeriod: '2024-Q1' }], '2024-Q1', new Date('2024-06-01T00:00:00Z'));
    expect(quarterly).toMatchObject({ nextPeriod: '2024-Q2', expectedIn: '2024-08', usualDelayMonths: 2 });
    // 2023 (December) → 1 Sep 2024: delay 9; next 2024 ends December 2024 → expected 2025-09
    const annual = releaseCalendar([{ date: '2024-09-01', latestPeriod: '2023' }], '2023', new Date('2024-10-01T00:00:00Z'));
    expect(annual).toMatchObject({ nextPeriod: '2024', expectedIn: '2025-09', usualDelayMonths: 9, overdue: false });
  });

  it('is null without releases', () => {
    expect(releaseCalendar([], '2024-04', new Date('2024-07-20T00:00:00Z'))).toBeNull();
  });
});

describe('nextPeriod', () => {
  it('steps in the period’s own frequency', () => {
    expect(nextPeriod('2024-12')).toBe('2025-01');
    expect(nextPeriod('2024-Q3')).toBe('2024-Q4');
    expect(nextPeriod('2024-Q4')).toBe('2025-Q1');
    expect(nextPeriod('2024')).toBe('2025');
  });
});
