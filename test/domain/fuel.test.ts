import { describe, expect, it } from 'vitest';
import { LITRES_PER_US_GALLON, fuelMonths, fuelNote, monthRuns, type PricePoint } from '../../src/domain/fuel';

/** 2018 at 2.0 a month, 2019 at 1.0 for eleven months and 2.2 in December: 2019 mean = 13.2 / 12 = 1.1. */
function year(y: number, values: number[], derived = false): PricePoint[] {
  return values.map((value, i) => ({ period: `${y}-${String(i + 1).padStart(2, '0')}`, value, derived }));
}
const jet = [...year(2018, Array(12).fill(2)), ...year(2019, [...Array(11).fill(1), 2.2]), { period: '2020-01', value: 1.21, derived: true }];
const crude = [...year(2019, Array(12).fill(50)), { period: '2020-02', value: 40, derived: false }];

describe('fuelMonths', () => {
  const rows = fuelMonths(jet, crude, '2019-12', '2020-03');

  it('lists the months where either price is held, in order', () => {
    expect(rows.map((r) => r.month)).toEqual(['2019-12', '2020-01', '2020-02']);
  });

  it('indexes against the 2019 mean and converts gallons to litres', () => {
    // 2.2 / 1.1 × 100 = 200; 1.21 / 1.1 × 100 = 110; 2.2 / 3.785411784 = 0.58118… → 0.5812
    expect(rows[0]).toMatchObject({ jetFuelUsdGallon: 2.2, jetFuelIndex: 200, jetFuelUsdLitre: 0.5812, crudeIndex: 100 });
    expect(rows[1]).toMatchObject({ jetFuelIndex: 110, jetFuelDerived: true, crudeUsdBarrel: null, crudeIndex: null });
    expect(LITRES_PER_US_GALLON).toBe(3.785411784);
  });

  it('compares with the same month a year before, null when that month is missing', () => {
    // 2019-12 against 2018-12: 2.2 / 2 − 1 = +10%; 2020-01 against 2019-01: 1.21 / 1 − 1 = +21%
    expect(rows[0].jetFuelYoyPct).toBe(10);
    expect(rows[1].jetFuelYoyPct).toBe(21);
    // crude 2020-02 against 2019-02: 40 / 50 − 1 = −20%; 2019-12 has no 2018-12 crude
    expect(rows[2].crudeYoyPct).toBe(-20);
    expect(rows[0].crudeYoyPct).toBeNull();
  });

  it('gives no index without a complete 2019', () => {
    const partial = fuelMonths(jet.filter((p) => p.period !== '2019-05'), crude, '2019-12', '2019-12');
    expect(partial[0].jetFuelIndex).toBeNull();
    expect(partial[0].crudeIndex).toBe(100);
  });
});

describe('fuel note', () => {
  it('groups months into runs', () => {
    expect(monthRuns(['2024-02', '2023-12', '2024-01', '2024-05'])).toEqual(['2023-12..2024-02', '2024-05']);
    expect(monthRuns([])).toEqual([]);
  });
  it('names the published span and the months averaged by us', () => {
    const note = fuelNote(jet);
    expect(note).toContain('for 2018-01 to 2019-12');
    expect(note).toContain('2020-01 are averaged by us');
  });
});
