import { describe, expect, it } from 'vitest';
import {
  annualCountryMixes,
  calendarYearMixes,
  chooseRivals,
  MIN_MARKETS_COMPARED,
  regionMixes,
  richestMixes,
  type CountryProfile,
  type Mix,
} from '../../src/domain/rival-profiles';

const monthly = (from: number, values: number[]) =>
  values.map((value, i) => ({ period: `2016-${String(from + i).padStart(2, '0')}`, value }));

describe('country-of-origin mixes', () => {
  it('annual: origin countries by year, two-letter members only, positive figures only', () => {
    const mixes = annualCountryMixes([
      { member: 'de', observations: [{ period: '2022', value: 10 }, { period: '2023', value: 12 }] },
      { member: 'fr', observations: [{ period: '2023', value: 5 }, { period: '2022', value: null }] },
      { member: 'europe', observations: [{ period: '2023', value: 99 }] },
    ]);
    expect(mixes.get(2023)).toEqual({ DE: 12, FR: 5 });
    expect(mixes.get(2022)).toEqual({ DE: 10 });
  });

  it('monthly: summed over whole calendar years only, country codes only', () => {
    const mixes = calendarYearMixes([
      { member: 'us', observations: monthly(1, Array(12).fill(2)) },
      // 2017 has one month only: no 2017 mix
      { member: 'au', observations: [...monthly(1, Array(12).fill(3)), { period: '2017-01', value: 3 }] },
      { member: 'region-oceania', observations: monthly(1, Array(12).fill(9)) },
    ]);
    expect([...mixes.keys()]).toEqual([2016]);
    expect(mixes.get(2016)).toEqual({ US: 24, AU: 36 });
  });

  it('keeps per year the source listing the most markets', () => {
    const best = richestMixes(
      { mixes: new Map<number, Mix>([[2016, { DE: 1 }], [2019, { DE: 1, FR: 1 }]]), source: 'matrix' },
      { mixes: new Map([[2016, { US: 1, AU: 1 }], [2019, { US: 1, AU: 1 }]]), source: 'monthly' },
    );
    expect(best.get(2016)!.source).toBe('monthly');
    expect(best.get(2019)!.source).toBe('matrix'); // a tie keeps the first
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
  countryMixes: new Map(),
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
    expect(choice.rivals[0].sharedMarkets).toEqual([]);
  });

  it('prefers countries of origin, newest year with enough markets in common, over regions', () => {
    const markets = (n: number, weight: (i: number) => number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`M${String.fromCharCode(65 + i)}`, weight(i)]));
    const even = markets(MIN_MARKETS_COMPARED, () => 1);
    const regions = new Map([[2021, { europe: 80, americas: 20 }]]);
    const withCountries = [
      // 2023: the target lists too few markets to compare; 2022 has enough for both.
      profile('AA', {
        regionMixes: regions,
        countryMixes: new Map([
          [2023, { mix: markets(3, () => 1), source: 'matrix' }],
          [2022, { mix: even, source: 'matrix' }],
        ]),
      }),
      profile('BB', { regionMixes: regions, countryMixes: new Map([[2022, { mix: even, source: 'matrix' }], [2023, { mix: even, source: 'matrix' }]]) }),
      // CC: the same ten markets, MA carrying half its visitors (9 of 18): the target's shares are .1 each,
      // CC's .5 for MA and 1/18 for the nine others → min(.1, .5) + 9 × min(.1, 1/18) = .1 + .5 → 60
      profile('CC', { countryMixes: new Map([[2022, { mix: { ...even, MA: MIN_MARKETS_COMPARED - 1 }, source: 'monthly' }]]) }),
    ];
    const choice = chooseRivals(withCountries[0], withCountries);
    expect(choice.basis).toBe('origin-countries');
    expect(choice.period).toBe('2022');
    expect(choice.rivals.map((r) => [r.country, r.markets])).toEqual([['BB', MIN_MARKETS_COMPARED], ['CC', MIN_MARKETS_COMPARED]]);
    expect(choice.rivals[0].score).toBe(100);
    expect(choice.rivals[1].score).toBe(60);
    expect(choice.rivals[0].source).toBe('Countries of origin: matrix, 2022, for both.');
    expect(choice.rivals[1].source).toBe('Countries of origin: matrix for AA and monthly for CC, 2022.');
  });

  it('finds nothing without a comparable profile', () => {
    expect(chooseRivals(profile('ZZ', {}), profiles)).toEqual({ basis: null, period: null, rivals: [] });
  });
});
