import { describe, expect, it } from 'vitest';
import { sumOfSlices, totalWhereBreakdownComplete } from '../../src/domain/origin-breakdown';
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
