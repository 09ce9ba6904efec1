import { describe, expect, it } from 'vitest';
import { chooseRivals, monthlyOriginMix, regionMixes, type CountryProfile } from '../../src/domain/rival-profiles';

const monthly = (from: number, values: number[]) =>
  values.map((value, i) => ({ period: `2016-${String(from + i).padStart(2, '0')}`, value }));

describe('monthlyOriginMix', () => {
  it('sums the 12 months ending where most origins report, country codes only', () => {
    const mix = monthlyOriginMix([
      { member: 'us', observations: monthly(1, Array(12).fill(2)) },
      { member: 'ca', observations: monthly(1, Array(12).fill(1)) },
      // reports one month more than the others: the window still ends in 2016-12
      { member: 'au', observations: [...monthly(1, Array(12).fill(3)), { period: '2017-01', value: 3 }] },
      // a regional subtotal would double count
      { member: 'region-oceania', observations: monthly(1, Array(12).fill(9)) },
    ]);
    expect(mix).toEqual({ window: '2016-01..2016-12', mix: { US: 24, CA: 12, AU: 36 } });
  });
});

describe('regionMixes', () => {
  it('keeps regions of origin by year, without unclassified arrivals', () => {
    const mixes = regionMixes([
      { member: 'europe', observations: [{ period: '2019', value: 80 }, { period: '2021', value: 40 }] },
      { member: 'americas', observations: [{ period: '2021', value: 10 }] },
      { member: 'other-not-classified', observations: [{ period: '2021', value: 50 }] },
    ]);
    expect(mixes.get(2021)).toEqual({ europe: 40, americas: 10 });
    expect(mixes.get(2019)).toEqual({ europe: 80 });
  });
});

const profile = (country: string, p: Partial<CountryProfile>): CountryProfile => ({
  country,
  monthlyMix: null,
  regionMixes: new Map(),
  season: null,
  ...p,
});

describe('chooseRivals', () => {
  const summer = [50, 50, 60, 80, 100, 140, 180, 180, 120, 80, 60, 50];
  const profiles = [
    profile('AA', { regionMixes: new Map([[2021, { europe: 80, americas: 20 }]]), season: { indices: summer, years: ['2019'] } }),
    // BB: same year → overlap min(.8, .5) + min(.2, .5) = .5 + .2 → 70
    profile('BB', { regionMixes: new Map([[2021, { europe: 50, americas: 50 }]]) }),
    // CC: only 2019 → not compared with AA's 2021
    profile('CC', { regionMixes: new Map([[2019, { europe: 80, americas: 20 }]]), season: { indices: summer, years: ['2019'] } }),
    // DD: origins unknown → by season; same shape as AA and CC
    profile('DD', { season: { indices: summer.map((v) => v * 2), years: ['2019'] } }),
    // EE: the opposite season (correlation −1) → score 0 → no rival
    profile('EE', { season: { indices: summer.map((v) => 230 - v), years: ['2019'] } }),
  ];

  it('compares UN Tourism regional mixes of the same year only', () => {
    const choice = chooseRivals(profiles[0], profiles);
    expect(choice.basis).toBe('annual-regions');
    expect(choice.period).toBe('2021');
    expect(choice.rivals.map((r) => [r.country, r.score])).toEqual([['BB', 70]]);
    expect(choice.rivals[0].source).toContain('2021');
  });

  it('compares season shapes with season shapes where origins are unknown', () => {
    const choice = chooseRivals(profiles[3], profiles);
    expect(choice.basis).toBe('season');
    expect(choice.rivals.map((r) => [r.country, r.score])).toEqual([['AA', 100], ['CC', 100]]);
    expect(choice.rivals[0].shared_markets).toEqual([]);
  });

  it('finds nothing without a comparable profile', () => {
    expect(chooseRivals(profile('ZZ', {}), profiles)).toEqual({ basis: null, period: null, rivals: [] });
  });
});
