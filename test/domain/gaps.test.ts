import { describe, expect, it } from 'vitest';
import { gaps, type GapObservation } from '../../src/domain/gaps';

const seriesFixture: GapObservation[] = [
  { period: '2023-10', value: null, status: 'published' }, // before the first figure: ignored
  { period: '2023-11', value: 100, status: 'published' }, // first figure
  // 2023-12 absent
  { period: '2024-01', value: null, status: 'not_published' },
  { period: '2024-02', value: null, status: 'not_published' },
  { period: '2024-03', value: null, status: 'withheld' },
  { period: '2024-04', value: 90, status: 'estimated' }, // a value counts as held whatever the flag
  // 2024-05, 2024-06 absent
  { period: '2024-07', value: 5, status: 'provisional' },
];

describe('gaps', () => {
  it('classifies every month from the first figure to last month', () => {
    // today 2024-07-15 → last month 2024-06; range 2023-11..2024-06 = 8 months.
    // 2024-07 is today's month and does not count. Usual delay 2 → months from 2024-05 on are
    // not yet due; 2024-05 and 2024-06 come after the newest held month (2024-04) → pending.
    // held: 2023-11, 2024-04 = 2; missing: 2023-12; not published: Jan–Feb; withheld: Mar.
    // complete_pct = 2 / (8 − 2) × 100 = 33.33 → 33.3
    expect(gaps(seriesFixture, new Date('2024-07-15T00:00:00Z'), 2)).toEqual({
      first: '2023-11',
      latest: '2024-04',
      monthsHeld: 2,
      monthsMissing: 1,
      monthsNotPublished: 2,
      monthsWithheld: 1,
      monthsPending: 2,
      completePct: 33.3,
      missing: ['2023-12'],
      notPublished: ['2024-01..2024-02'],
      withheld: ['2024-03'],
    });
  });

  it('turns overdue months into missing ones', () => {
    // today 2024-09-10 → last month 2024-08; range 2023-11..2024-08 = 10 months; no delay allowed.
    // held 2023-11, 2024-04, 2024-07 = 3; missing 2023-12, 2024-05, 2024-06, 2024-08 = 4.
    // complete_pct = 3 / 10 × 100 = 30
    const report = gaps(seriesFixture, new Date('2024-09-10T00:00:00Z'), 0)!;
    expect(report.latest).toBe('2024-07');
    expect(report.monthsHeld).toBe(3);
    expect(report.monthsPending).toBe(0);
    expect(report.monthsMissing).toBe(4);
    expect(report.missing).toEqual(['2023-12', '2024-05..2024-06', '2024-08']);
    expect(report.completePct).toBe(30);
  });

  it('never counts a hole before the newest held month as pending', () => {
    const holeFixture: GapObservation[] = [
      { period: '2024-04', value: 1, status: 'published' },
      { period: '2024-06', value: 1, status: 'published' },
    ];
    // today 2024-07 → range 2024-04..2024-06; 2024-05 is within the delay but before 2024-06 → missing
    const report = gaps(holeFixture, new Date('2024-07-01T00:00:00Z'), 3)!;
    expect(report.monthsMissing).toBe(1);
    expect(report.monthsPending).toBe(0);
    expect(report.completePct).toBe(66.7); // 2 / 3
  });

  it('is null without a figure before today', () => {
    expect(gaps([], new Date('2024-07-01T00:00:00Z'), 2)).toBeNull();
    const onlyThisMonthFixture: GapObservation[] = [{ period: '2024-07', value: 1, status: 'published' }];
    expect(gaps(onlyThisMonthFixture, new Date('2024-07-20T00:00:00Z'), 2)).toBeNull();
  });
});
