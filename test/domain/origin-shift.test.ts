import { describe, expect, it } from 'vitest';
import { originShift, originShiftAnnual } from '../../src/domain/origin-shift';
import { addMonths } from '../../src/domain/periods';

/** 24 months from 2022-07: the first 12 get `before`, the next 12 get `latest[i]`. */
function twoWindowsFixture(before: number, latest: number[]) {
  return Array.from({ length: 24 }, (_, i) => ({
    period: addMonths('2022-07', i),
    value: i < 12 ? before : latest[i - 12],
  }));
}

const sixThenSix = (first: number, second: number) => [...Array(6).fill(first), ...Array(6).fill(second)];

describe('originShift (monthly)', () => {
  it('compares shares of a given total and bands the change by paired monthly differences', () => {
    // Total 200 every month 2022-07..2024-06, then 2024-07 missing and 2024-08 present:
    // 2024-08 cannot end a 24-month run, so the windows are 2023-07..2024-06 against 2022-07..2023-06.
    const totalFixture = [
      ...twoWindowsFixture(200, Array(12).fill(200)),
      { period: '2024-07', value: null },
      { period: '2024-08', value: 200 },
    ];
    const originsFixture = [
      // DE: 60 (30%) before; 70 (35%) × 6 then 60 (30%) × 6 → 780 / 2400 = 32.5%, change +2.5.
      // Paired differences: 5 × 6, 0 × 6 → mean 2.5, sd √(12 × 2.5² / 11) = 2.6112,
      // se 2.6112 / √12 = 0.7538, × 1.2816 = 0.9660 → band 1.534..3.466 → 1.5..3.5
      { origin: 'DE', observations: twoWindowsFixture(60, sixThenSix(70, 60)) },
      // GB: 40 (20%) before, 20 (10%) after → change −10; differences all −10 → sd 0 → band −10..−10
      { origin: 'GB', observations: twoWindowsFixture(40, Array(12).fill(20)) },
      // FR lacks one month → left out
      { origin: 'FR', observations: twoWindowsFixture(10, Array(12).fill(10)).filter((o) => o.period !== '2023-01') },
    ];
    const result = originShift(originsFixture, totalFixture)!;
    expect(result.method.window).toBe('2023-07..2024-06');
    expect(result.method.against).toBe('2022-07..2023-06');
    expect(result.method.value).toMatch(/monthly/i);
    expect(result.method.lo80).toMatch(/80%/);
    expect(result.rows).toEqual([
      { origin: 'GB', sharePct: 10, changePoints: -10, lo80: -10, hi80: -10 },
      { origin: 'DE', sharePct: 32.5, changePoints: 2.5, lo80: 1.5, hi80: 3.5 },
    ]);
  });

  it('uses the sum of origins when no total is given, only where every origin is known', () => {
    const originsFixture = [
      // DE 60 of 100 before; 70 of 100 × 6, 60 of 100 × 6 after → 65%, +5.
      // Differences 10 × 6, 0 × 6: sd √(12 × 25 / 11) = 5.2223, se 1.5076, × 1.2816 = 1.9321 → 3.1..6.9
      { origin: 'DE', observations: [...twoWindowsFixture(60, sixThenSix(70, 60)), { period: '2024-07', value: 50 }] },
      // GB 40 before; 30 × 6, 40 × 6 after → 35%, −5, band −6.9..−3.1. No 2024-07 → that month has no total.
      { origin: 'GB', observations: twoWindowsFixture(40, sixThenSix(30, 40)) },
    ];
    const result = originShift(originsFixture)!;
    expect(result.method.window).toBe('2023-07..2024-06');
    // equal moves: ordered by origin code
    expect(result.rows).toEqual([
      { origin: 'DE', sharePct: 65, changePoints: 5, lo80: 3.1, hi80: 6.9 },
      { origin: 'GB', sharePct: 35, changePoints: -5, lo80: -6.9, hi80: -3.1 },
    ]);
  });

  it('is null without 24 consecutive months of total', () => {
    const shortFixture = [{ origin: 'DE', observations: twoWindowsFixture(1, Array(12).fill(1)).slice(1) }];
    expect(originShift(shortFixture)).toBeNull();
  });
});

describe('originShiftAnnual', () => {
  const annualOriginsFixture = [
    { origin: 'DE', observations: [{ period: '2022', value: 30 }, { period: '2023', value: 45 }, { period: '2024', value: 50 }] },
    { origin: 'GB', observations: [{ period: '2022', value: 70 }, { period: '2023', value: 55 }] },
  ];

  it('compares the latest year with a known total against the year before, without a band', () => {
    // 2024 has no GB figure → no total; 2023 vs 2022, totals 100 and 100:
    // DE 45% vs 30% → +15; GB 55% vs 70% → −15 (tie on the move: by code)
    const result = originShiftAnnual(annualOriginsFixture)!;
    expect(result.method).toMatchObject({ window: '2023', against: '2022' });
    expect(result.method.value).toMatch(/annual/i);
    expect(result.rows).toEqual([
      { origin: 'DE', sharePct: 45, changePoints: 15, lo80: null, hi80: null },
      { origin: 'GB', sharePct: 55, changePoints: -15, lo80: null, hi80: null },
    ]);
  });

  it('uses a given total', () => {
    // totals 2022: 120, 2023: 150.
    // DE 45/150 = 30% vs 30/120 = 25% → +5. GB 55/150 = 36.67% vs 70/120 = 58.33% → −21.67 → −21.7
    const totalFixture = [{ period: '2022', value: 120 }, { period: '2023', value: 150 }];
    expect(originShiftAnnual(annualOriginsFixture, totalFixture)!.rows).toEqual([
      { origin: 'GB', sharePct: 36.7, changePoints: -21.7, lo80: null, hi80: null },
      { origin: 'DE', sharePct: 30, changePoints: 5, lo80: null, hi80: null },
    ]);
  });
});
