import { describe, expect, it } from 'vitest';
import { annualFigures, annualFromMonths, completeSums, relativeGap, sumOfParts, type Figure } from '../../src/domain/derivation';

const fig = (entries: Record<string, number | null>): Figure[] => Object.entries(entries).map(([period, value]) => ({ period, value }));
const months = (year: number, values: Array<number | null>): Figure[] =>
  values.map((value, i) => ({ period: `${year}-${String(i + 1).padStart(2, '0')}`, value }));

describe('totals from complete breakdowns', () => {
  it('sums a complete partition for the periods without a published total', () => {
    // 2022: 10 + 20 + 70 = 100 = published; 2023 and 2024 have no total: 12 + 25 + 80 = 117, 15 + 30 + 90.5 = 135.5.
    const total = fig({ 2022: 100 });
    const parts = [
      { member: 'a', figures: fig({ 2022: 10, 2023: 12, 2024: 15 }) },
      { member: 'b', figures: fig({ 2022: 20, 2023: 25, 2024: 30 }) },
      { member: 'c', figures: fig({ 2022: 70, 2023: 80, 2024: 90.5 }) },
    ];
    expect(sumOfParts(total, parts)).toEqual({
      ok: true,
      checked: 1,
      figures: [
        { period: '2023', value: 117 },
        { period: '2024', value: 135.5 },
      ],
    });
  });

  it('accepts a sum within 0.5% of the published total and refuses one further off', () => {
    const parts = [
      { member: 'a', figures: fig({ 2022: 50, 2023: 60 }) },
      { member: 'b', figures: fig({ 2022: 50.4, 2023: 60 }) },
    ];
    // 100.4 against 100: 0.4% apart.
    expect(sumOfParts(fig({ 2022: 100 }), parts)).toMatchObject({ ok: true, figures: [{ period: '2023', value: 120 }] });
    // 100.4 against 99.8: 0.601% apart: nothing is computed, not even 2023.
    const refused = sumOfParts(fig({ 2022: 99.8 }), parts);
    expect(refused).toMatchObject({ ok: false, reason: 'disagrees', disagreement: { period: '2022', computed: 100.4, published: 99.8 } });
    expect(relativeGap(100.4, 99.8)).toBeCloseTo(0.006012, 6);
  });

  it('computes nothing for a period where a part is missing', () => {
    // b has figures from 2022, so it is part of the classification then; it lacks 2023.
    const parts = [
      { member: 'a', figures: fig({ 2022: 10, 2023: 12, 2024: 15 }) },
      { member: 'b', figures: fig({ 2022: 20, 2024: 30 }) },
    ];
    const result = sumOfParts(fig({ 2022: 30 }), parts);
    expect(result).toEqual({ ok: true, checked: 1, figures: [{ period: '2024', value: 45 }] });
  });

  it('counts a part from the first period it has a figure (a column the publisher added later)', () => {
    const parts = [
      { member: 'old', figures: fig({ 2019: 5, 2020: 6, 2021: 7 }) },
      { member: 'new', figures: fig({ 2021: 3 }) },
    ];
    expect([...completeSums(parts)]).toEqual([
      ['2019', 5],
      ['2020', 6],
      ['2021', 10],
    ]);
  });

  it('refuses a breakdown that holds a subtotal beside its own members', () => {
    // JNTO: Middle East is Israel + Türkiye + GCC.
    const parts = [
      { member: 'il', figures: fig({ 2024: 1 }) },
      { member: 'tr', figures: fig({ 2024: 2 }) },
      { member: 'region-gcc', figures: fig({ 2024: 3 }) },
      { member: 'region-middle-east', figures: fig({ 2024: 6 }) },
    ];
    const subtotals = { 'region-middle-east': ['il', 'tr', 'region-gcc'] };
    expect(sumOfParts([], parts, subtotals)).toMatchObject({ ok: false, reason: 'subtotal-among-parts' });
    expect(sumOfParts([], parts.slice(0, 3), subtotals)).toMatchObject({ ok: true, figures: [{ period: '2024', value: 6 }] });
  });

  it('never fills a total the publisher withheld', () => {
    const total: Figure[] = [{ period: '2023', value: null, status: 'withheld' }, { period: '2024', value: null, status: 'not_published' }];
    const parts = [{ member: 'a', figures: fig({ 2023: 1, 2024: 2 }) }];
    expect(sumOfParts(total, parts)).toMatchObject({ ok: true, figures: [{ period: '2024', value: 2 }] });
  });

  it('adds decimals without binary noise', () => {
    const parts = [
      { member: 'a', figures: fig({ 2024: 0.1 }) },
      { member: 'b', figures: fig({ 2024: 0.2 }) },
    ];
    expect(completeSums(parts).get('2024')).toBe(0.3);
  });
});

describe('annual figures from complete months', () => {
  it('sums twelve months and skips a year with a month missing', () => {
    const m = [...months(2023, Array(12).fill(10)), ...months(2024, [...Array(11).fill(10), null])];
    expect([...annualFromMonths(m, 'sum')]).toEqual([['2023', 120]]);
  });

  it('averages twelve months of a rate', () => {
    // (50 × 6 + 70 × 6) / 12 = 60.
    const m = months(2023, [...Array(6).fill(50), ...Array(6).fill(70)]);
    expect(annualFromMonths(m, 'mean').get('2023')).toBe(60);
  });

  it('fills only years with no annual figure, after checking the years that have both', () => {
    const m = [...months(2022, Array(12).fill(10)), ...months(2023, Array(12).fill(11))];
    expect(annualFigures(fig({ 2022: 120.5 }), m, 'sum')).toEqual({ ok: true, checked: 1, figures: [{ period: '2023', value: 132 }] });
    // 120 against a published 125: 4% apart, so not a sum of these months: nothing is computed.
    expect(annualFigures(fig({ 2022: 125 }), m, 'sum')).toMatchObject({ ok: false, reason: 'disagrees' });
  });

  it('never gives months from years', () => {
    expect(annualFromMonths(fig({ 2023: 120 }), 'sum').size).toBe(0);
  });
});
