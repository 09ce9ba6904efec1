import { describe, expect, it } from 'vitest';
import { MIN_ORIGIN_MARKETS, sumOfCommonMembers, sumOfSlices, totalWhereBreakdownComplete } from '../../src/domain/origin-breakdown';
import { originLabel } from '../../src/domain/origin-labels';

describe('totalWhereBreakdownComplete', () => {
  it('keeps the total only where every member has a value', () => {
    const total = [
      { period: '2017-01', value: 100 },
      { period: '2017-02', value: 110 },
      { period: '2017-03', value: 120 },
    ];
    const members = [
      { member: 'us', observations: [{ period: '2017-01', value: 10 }, { period: '2017-02', value: 11 }, { period: '2017-03', value: 12 }] },
      { member: 'br', observations: [{ period: '2017-01', value: 1 }, { period: '2017-02', value: null }] },
    ];
    expect(totalWhereBreakdownComplete(total, members, 'M')).toEqual([{ period: '2017-01', value: 100 }]);
  });
});

describe('sumOfSlices', () => {
  it('adds the slices of the latest two years that list the same slices, leaving out "of which" rows', () => {
    const members = [
      { member: 'europe', observations: [{ period: '2017', value: 50 }, { period: '2018', value: 60 }, { period: '2019', value: 70 }] },
      { member: 'americas', observations: [{ period: '2017', value: 20 }, { period: '2018', value: 30 }, { period: '2019', value: 25 }] },
      // reported in 2019 only: 2019 and 2018 list different slices, so the pair is 2017–2018
      { member: 'africa', observations: [{ period: '2019', value: 5 }] },
      // reported up to 2003 only: in neither year of the pair, so in neither total
      { member: 'other-not-classified', observations: [{ period: '2003', value: 1 }, { period: '2002', value: 1 }] },
      { member: 'nationals-residing-abroad', observations: [{ period: '2017', value: 9 }, { period: '2018', value: 9 }] },
    ];
    expect(sumOfSlices(members)).toEqual([
      { period: '2017', value: 70 },
      { period: '2018', value: 90 },
    ]);
  });
  it('is empty without two consecutive years', () => {
    expect(sumOfSlices([{ member: 'europe', observations: [{ period: '2015', value: 1 }, { period: '2019', value: 2 }] }])).toEqual([]);
  });
});

describe('sumOfCommonMembers', () => {
  const members = [
    { member: 'de', observations: [{ period: '2021', value: 10 }, { period: '2022', value: 20 }, { period: '2023', value: 30 }] },
    { member: 'fr', observations: [{ period: '2021', value: 5 }, { period: '2022', value: 6 }, { period: '2023', value: 7 }] },
    // not published in 2022 ("low reliability"): in neither total of 2023–2022
    { member: 'nl', observations: [{ period: '2021', value: 4 }, { period: '2022', value: null }, { period: '2023', value: 9 }] },
  ];
  it('adds the markets published in both years of the latest pair with enough of them', () => {
    expect(sumOfCommonMembers(members, 2)).toEqual([
      { period: '2022', value: 26 },
      { period: '2023', value: 37 },
    ]);
    // three markets in both years of a pair: 2022 lacks NL and there is no 2020, so none
    expect(sumOfCommonMembers(members, 3)).toEqual([]);
  });
  it('needs MIN_ORIGIN_MARKETS markets by default', () => {
    expect(MIN_ORIGIN_MARKETS).toBe(10);
    expect(sumOfCommonMembers(members)).toEqual([]);
  });
});

describe('originLabel', () => {
  const names = new Map([['US', 'United States of America']]);
  it('names ISO members by country, groupings by the source wording', () => {
    expect(originLabel('us', names)).toBe('United States of America');
    expect(originLabel('east-asia-pacific', names)).toBe('East Asia and the Pacific');
    expect(originLabel('region-oceania', names)).toBe('Oceania, total');
    expect(originLabel('other-oceania', names)).toBe('Other Oceania');
  });
  it('spells out a member it has no wording for', () => {
    expect(originLabel('region-central-asia', names)).toBe('Central asia');
    expect(originLabel('zz', names)).toBe('Zz');
  });
});
