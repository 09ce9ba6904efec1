import { describe, expect, it } from 'vitest';
import { regionalTotals, regionalTotalsNote } from '../../src/domain/regional-totals';

const regionFixture = [
  {
    country: 'FR',
    scaleFactor: 1000, // published in thousands
    observations: [
      { period: '2024-02', value: 2 },
      { period: '2024-01', value: 1.5 },
      { period: '2024-03', value: null },
    ],
  },
  {
    country: 'ES',
    scaleFactor: 1,
    observations: [
      { period: '2024-01', value: 500 },
      { period: '2024-02', value: null },
      { period: '2024-03', value: 700 },
    ],
  },
  { country: 'IT', scaleFactor: 1000, observations: [{ period: '2024-01', value: null }] },
];

describe('regionalTotals', () => {
  it('sums scaled values per period and counts who reported', () => {
    // Jan: 1.5 × 1000 + 500 = 2000 (2 countries); Feb: 2 × 1000 = 2000 (FR only); Mar: 700 (ES only)
    expect(regionalTotals(regionFixture)).toEqual({
      rows: [
        { period: '2024-01', value: 2000, countriesReporting: 2 },
        { period: '2024-02', value: 2000, countriesReporting: 1 },
        { period: '2024-03', value: 700, countriesReporting: 1 },
      ],
      countries: ['ES', 'FR'], // IT reported nothing
    });
  });

  it('rounds away floating-point noise', () => {
    const noisyFixture = [
      { country: 'AA', scaleFactor: 1, observations: [{ period: '2024', value: 0.1 }] },
      { country: 'BB', scaleFactor: 1, observations: [{ period: '2024', value: 0.2 }] },
    ];
    // 0.1 + 0.2 = 0.30000000000000004 → 0.3
    expect(regionalTotals(noisyFixture).rows).toEqual([{ period: '2024', value: 0.3, countriesReporting: 2 }]);
  });

  it('is empty without countries', () => {
    expect(regionalTotals([])).toEqual({ rows: [], countries: [] });
  });
});

describe('regionalTotalsNote', () => {
  it('says what was summed, and names the countries left out', () => {
    expect(regionalTotalsNote({ region: 'Europe', measure: 'arrivals', freq: 'M', leftOut: ['GB', 'TR'] })).toBe(
      "Sum of the countries' monthly headline arrivals series (the most common frequency among them), in units with the publishers' scales applied. " +
        'Each period adds only the countries that reported it (countries_reporting); periods with fewer countries reporting are not comparable with the others.' +
        ' Left out, headline series of another frequency, unit or currency: GB, TR.',
    );
  });

  it('says why nothing adds up when no headline series is summable', () => {
    expect(regionalTotalsNote({ region: 'Africa', measure: 'nights', freq: null, leftOut: [] })).toBe(
      'No country in Africa has a headline nights series that adds up across countries (rates, such as occupancy in percent, are never summed).',
    );
  });
});
