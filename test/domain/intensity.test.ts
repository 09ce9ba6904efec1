import { describe, expect, it } from 'vitest';
import { tourismIntensity } from '../../src/domain/intensity';

const countriesFixture = [
  { country: 'FR', name: 'France', arrivals: 100_000_000, receiptsUsd: null, population: 68_000_000 },
  { country: 'IN', name: 'India', arrivals: 10_000_000, receiptsUsd: 28_000_000_000, population: 1_400_000_000 },
  { country: 'MT', name: 'Malta', arrivals: 3_500_000, receiptsUsd: 3_000_000_000, population: 2_000_000 },
  { country: 'ES', name: 'Spain', arrivals: 84_000_000, receiptsUsd: 96_000_000_000, population: 48_000_000 },
  { country: 'AD', name: 'Andorra', arrivals: 8_000_000, receiptsUsd: 2_000_000_000, population: 80_000 },
  { country: 'XA', name: 'No population', arrivals: 1_000, receiptsUsd: null, population: null },
  { country: 'XB', name: 'No arrivals', arrivals: null, receiptsUsd: 5, population: 1_000 },
  { country: 'XC', name: 'Zero population', arrivals: 1_000, receiptsUsd: null, population: 0 },
];

describe('tourismIntensity', () => {
  const ranked = tourismIntensity(countriesFixture, 2019);

  it('ranks by arrivals per resident, ties sharing a rank and ordered by code', () => {
    // AD 8e6/8e4 = 100; ES 84e6/48e6 = 1.75; MT 3.5e6/2e6 = 1.75 (tie);
    // FR 100e6/68e6 = 1.4706 → 1.471; IN 10e6/1.4e9 = 0.00714 → 0.007
    expect(ranked.map((r) => [r.rank, r.country, r.arrivalsPerResident])).toEqual([
      [1, 'AD', 100],
      [2, 'ES', 1.75],
      [2, 'MT', 1.75],
      [4, 'FR', 1.471],
      [5, 'IN', 0.007],
    ]);
  });

  it('gives receipts per resident, null when receipts are missing', () => {
    // AD 2e9/8e4 = 25000; ES 96e9/48e6 = 2000; MT 3e9/2e6 = 1500; IN 28e9/1.4e9 = 20
    expect(ranked.map((r) => r.receiptsPerResidentUsd)).toEqual([25000, 2000, 1500, null, 20]);
    expect(ranked[0]).toEqual({
      rank: 1,
      country: 'AD',
      name: 'Andorra',
      year: 2019,
      arrivalsPerResident: 100,
      receiptsPerResidentUsd: 25000,
      arrivals: 8_000_000,
      population: 80_000,
    });
  });

  it('leaves out rows without arrivals or a positive population', () => {
    expect(ranked.some((r) => r.country.startsWith('X'))).toBe(false);
  });
});
