/** Transformations with FRED's formulas, on hand-worked examples. */
import { describe, expect, it } from 'vitest';
import {
  aggregate,
  applyUnits,
  defaultAggregation,
  outputFreq,
  previousPeriod,
  transformObservations,
  transformRule,
  transformedUnit,
  type TransformPoint,
} from '../../src/domain/transform';

const pt = (period: string, value: number | null, status: string | null = 'published', flags: string | null = ''): TransformPoint => ({ period, value, status, flags });

// Two years of a quarterly count: 2023 = 10 + 20 + 30 + 40 = 100; 2024 = 11 + 22 + 33 + 44 = 110.
const quarters = [
  pt('2023-Q1', 10), pt('2023-Q2', 20), pt('2023-Q3', 30), pt('2023-Q4', 40),
  pt('2024-Q1', 11), pt('2024-Q2', 22), pt('2024-Q3', 33, 'provisional', 'p'), pt('2024-Q4', 44),
];

describe('aggregate', () => {
  it('sums, averages or takes the last sub-period, only for complete periods', () => {
    expect(aggregate(quarters, 'A', 'sum')).toEqual([pt('2023', 100), { period: '2024', value: 110, status: 'provisional', flags: 'p' }]);
    // (10 + 20 + 30 + 40) / 4 = 25; (11 + 22 + 33 + 44) / 4 = 27.5
    expect(aggregate(quarters, 'A', 'avg').map((p) => p.value)).toEqual([25, 27.5]);
    expect(aggregate(quarters, 'A', 'eop').map((p) => p.value)).toEqual([40, 44]);
    // 2025 holds one quarter of four: not aggregated.
    expect(aggregate([...quarters, pt('2025-Q1', 12)], 'A', 'sum').map((p) => p.period)).toEqual(['2023', '2024']);
  });

  it('leaves out a period with a month missing, and gives null with the status of a withheld month', () => {
    const months = [pt('2024-01', 1.1), pt('2024-02', 2.2), pt('2024-03', 3.3), pt('2024-04', 4), pt('2024-06', 6), pt('2024-07', 7), pt('2024-08', null, 'withheld', 'c'), pt('2024-09', 9)];
    // 1.1 + 2.2 + 3.3 = 6.6 (not 6.6000000000000005); Q2 lacks May; Q3 has a withheld month.
    expect(aggregate(months, 'Q', 'sum')).toEqual([pt('2024-Q1', 6.6), { period: '2024-Q3', value: null, status: 'withheld', flags: 'c' }]);
    // (1.1 + 2.2 + 3.3) / 3 = 2.2, kept to 1 + 2 places.
    expect(aggregate(months.slice(0, 3), 'Q', 'avg')[0].value).toBe(2.2);
    expect(aggregate([pt('2024-01', 1), pt('2024-02', 1), pt('2024-03', 2)], 'Q', 'avg')[0].value).toBe(1.33);
  });

  it('treats an axis hole (no status) as a missing sub-period', () => {
    const withHole = [pt('2024-01', 1), { period: '2024-02', value: null, status: null, flags: null }, pt('2024-03', 3)];
    expect(aggregate(withHole, 'Q', 'sum')).toEqual([]);
  });
});

describe('applyUnits', () => {
  const annual = [pt('2020', 200), pt('2021', 250), pt('2022', 300, 'provisional', 'p'), pt('2023', 0), pt('2024', 60)];

  it("computes FRED's changes and percent changes", () => {
    expect(applyUnits(annual, 'chg').map((p) => [p.period, p.value])).toEqual([['2021', 50], ['2022', 50], ['2023', -300], ['2024', 60]]);
    // (250 / 200 − 1) × 100 = 25; (300 / 250 − 1) × 100 = 20; 0 / 300 → −100; 60 / 0 → null.
    expect(applyUnits(annual, 'pch').map((p) => p.value)).toEqual([25, 20, -100, null]);
    // A change computed from a provisional figure is provisional, on either side.
    expect(applyUnits(annual, 'pch').map((p) => p.status)).toEqual(['published', 'provisional', 'provisional', 'published']);
    // Annual data: n = 1, so ch1 = chg and pca = pch.
    expect(applyUnits(annual, 'ch1')).toEqual(applyUnits(annual, 'chg'));
    expect(applyUnits(annual, 'pca')).toEqual(applyUnits(annual, 'pch'));
  });

  it('takes a year ago as n periods back, and compounds over n', () => {
    const q = [pt('2023-Q1', 100), pt('2023-Q2', 110), pt('2023-Q3', 121), pt('2023-Q4', 100), pt('2024-Q1', 120), pt('2024-Q2', 99)];
    // 2024-Q1 against 2023-Q1: 120 − 100 = 20, (120 / 100 − 1) × 100 = 20; 2024-Q2: 99 − 110 = −11, (99 / 110 − 1) × 100 = −10.
    expect(applyUnits(q, 'ch1').map((p) => [p.period, p.value])).toEqual([['2024-Q1', 20], ['2024-Q2', -11]]);
    expect(applyUnits(q, 'pc1').map((p) => p.value)).toEqual([20, -10]);
    // pca: ((110 / 100)^4 − 1) × 100 = 46.41; ((121 / 110)^4 − 1) × 100 = 46.41; ((100 / 121)^4 − 1) × 100 = (10^8 / 214358881 − 1) × 100 = −53.3493…
    expect(applyUnits(q, 'pca').slice(0, 3).map((p) => p.value)).toEqual([46.41, 46.41, -53.3493]);
    // Monthly: 2024-01's year ago is 2023-01, twelve months back.
    const m = Array.from({ length: 13 }, (_, i) => pt(i < 12 ? `2023-${String(i + 1).padStart(2, '0')}` : '2024-01', 100 + i));
    expect(applyUnits(m, 'pc1')).toEqual([pt('2024-01', 12)]);
    // ((101 / 100)^12 − 1) × 100 = 12.6825…
    expect(applyUnits(m, 'pca')[0]).toEqual(pt('2023-02', 12.6825));
  });

  it('keeps the places of the figures in a change, and gives ln for log', () => {
    expect(applyUnits([pt('2023', 8.1), pt('2024', 8.3)], 'chg')[0].value).toBe(0.2);
    expect(applyUnits([pt('2023', Math.E), pt('2024', 1), pt('2025', 0), pt('2026', 100)], 'log').map((p) => p.value)).toEqual([1, 0, null, 4.60517]);
  });

  it('gives null with the status of a withheld figure, and leaves out a period without an earlier figure', () => {
    const s = [pt('2024-01', 10), pt('2024-02', null, 'withheld', 'c'), pt('2024-03', 12), { period: '2024-04', value: null, status: null, flags: null }, pt('2024-05', 15)];
    expect(applyUnits(s, 'chg')).toEqual([
      { period: '2024-02', value: null, status: 'withheld', flags: 'c' },
      { period: '2024-03', value: null, status: 'withheld', flags: 'c' },
    ]);
    expect(applyUnits(s, 'lin').map((p) => p.period)).toEqual(['2024-01', '2024-02', '2024-03', '2024-05']);
  });

  it('joins the flags of both figures, null when one is unknown (a value as it stood before a revision)', () => {
    expect(applyUnits([pt('2023', 1, 'estimated', 'e'), pt('2024', 2, 'provisional', 'p')], 'chg')[0]).toEqual({ period: '2024', value: 1, status: 'provisional', flags: 'ep' });
    expect(applyUnits([pt('2023', 1, 'published', null), pt('2024', 2)], 'chg')[0].flags).toBeNull();
  });
});

describe('transformObservations', () => {
  const series = { freq: 'Q' as const, measure: 'arrivals', unit: 'arrivals' };

  it('aggregates first, then applies units, as FRED does', () => {
    // Annual sums 100 and 110: (110 / 100 − 1) × 100 = 10.
    expect(transformObservations(quarters, series, { freq: 'A', units: 'pch' })).toEqual([{ period: '2024', value: 10, status: 'provisional', flags: 'p' }]);
  });

  it('averages capacity and rates by default, sums counts and money', () => {
    expect(defaultAggregation({ measure: 'capacity', unit: 'bed-places' })).toBe('avg');
    expect(defaultAggregation({ measure: 'occupancy', unit: 'percent' })).toBe('avg');
    expect(defaultAggregation({ measure: 'spend', unit: 'EUR' })).toBe('sum');
    expect(transformObservations(quarters, { ...series, measure: 'capacity' }, { freq: 'A' }).map((p) => p.value)).toEqual([25, 27.5]);
  });

  it('leaves a series at its own frequency when the one asked for is not coarser, and says so', () => {
    expect(outputFreq('A', 'Q')).toBe('A');
    expect(outputFreq('M', 'Q')).toBe('Q');
    expect(transformObservations(quarters, series, { freq: 'M' })).toEqual(quarters);
    expect(transformRule({ ...series, freq: 'A' }, { freq: 'Q' })).toMatch(/annual: it is not made quarterly/);
    expect(transformRule(series, {})).toBeNull();
    expect(transformRule(series, { freq: 'A', units: 'pc1' })).toMatch(/^Each year is the sum of its sub-periods \(sum\), made only when all its sub-periods are held.*Units pc1, .*n = 1/);
    expect(transformRule({ measure: 'arrivals', unit: 'arrivals' }, { units: 'pca' })).toMatch(/n = 12, 4 or 1 by frequency/);
  });

  it('names the unit of a transformed figure', () => {
    expect(transformedUnit('arrivals (thousands)', 'chg')).toBe('change in arrivals (thousands)');
    expect(transformedUnit('arrivals (thousands)', 'pc1')).toBe('percent change from a year ago');
    expect(transformedUnit('arrivals', undefined)).toBe('arrivals');
  });

  it('steps back a period at any frequency', () => {
    expect(['2020-01', '2020-Q1', '2020-Q3', '2020'].map(previousPeriod)).toEqual(['2019-12', '2019-Q4', '2020-Q2', '2019']);
  });
});
