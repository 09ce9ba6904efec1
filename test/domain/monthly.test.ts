import { describe, expect, it } from 'vitest';
import type { HeadlineCandidate } from '../../src/domain/headline';
import { countryFrequency, monthlySeries } from '../../src/domain/monthly';

function series(alias: string, last: string, extra: Partial<HeadlineCandidate> = {}): HeadlineCandidate {
  const [country, measure, breakdown, freq] = alias.split('.');
  const [dimension, member] = breakdown === 'total' ? [null, null] : breakdown.split('-');
  return {
    alias,
    country: country.toUpperCase(),
    measure,
    breakdown: dimension,
    member,
    freq: freq.toUpperCase() as HeadlineCandidate['freq'],
    derived: false,
    points: 10,
    last,
    ...extra,
  };
}

const aliases = (list: HeadlineCandidate[]) => list.map((s) => s.alias).sort();

describe('the monthly rule', () => {
  it("Japan: JNTO's monthly arrivals to 2017-03 make it monthly though its headline is UN Tourism's annual series to 2021", () => {
    const jp = [series('jp.arrivals.total.m', '2017-03', { points: 255 }), series('jp.arrivals.total.a', '2021', { points: 27 }), series('jp.spend.total.a', '2021')];
    expect(countryFrequency(jp)).toBe('M');
    expect(aliases(monthlySeries(jp))).toEqual(['jp.arrivals.total.m']);
  });

  it('United Kingdom: monthly nights to 2020-07 and monthly arrivals to 2020-06 are both its monthly series', () => {
    const gb = [
      series('gb.nights.total.m', '2020-07'),
      series('gb.arrivals.total.m', '2020-06'),
      series('gb.arrivals.total.a', '2021'),
      series('gb.nights.region-ukc.m', '2020-07'),
    ];
    expect(countryFrequency(gb)).toBe('M');
    expect(aliases(monthlySeries(gb))).toEqual(['gb.arrivals.total.m', 'gb.nights.total.m']);
  });

  it('parts never make a country monthly: origins, regions, purposes', () => {
    const us = [
      series('us.arrivals.total.a', '2021'),
      series('us.arrivals.origin-de.m', '2024-05'),
      series('us.nights.region-us1.m', '2024-05'),
      series('us.arrivals.purpose-tourist.m', '2024-05'),
    ];
    expect(countryFrequency(us)).toBe('A');
    expect(monthlySeries(us)).toEqual([]);
  });

  it("UN Tourism's overnight visitors and the travel item stand for the whole, as in the headline rule", () => {
    const th = [series('th.arrivals.type-overnight.m', '2021-12'), series('th.spend.item-travel.m', '2021-12'), series('th.arrivals.type-sameday.m', '2021-12')];
    expect(countryFrequency(th)).toBe('M');
    expect(aliases(monthlySeries(th))).toEqual(['th.arrivals.type-overnight.m', 'th.spend.item-travel.m']);
  });

  it('a monthly series without a figure does not count', () => {
    const xx = [series('xx.arrivals.total.m', '2019-01', { points: 0 }), series('xx.arrivals.total.a', '2021')];
    expect(countryFrequency(xx)).toBe('A');
    expect(monthlySeries(xx)).toEqual([]);
  });

  it('of two monthly series of a measure, the headline rule picks: the one reaching later, then the total', () => {
    const fresher = series('xx.arrivals.type-overnight.m', '2024-06');
    const older = series('xx.arrivals.total.m', '2024-05');
    expect(aliases(monthlySeries([older, fresher]))).toEqual(['xx.arrivals.type-overnight.m']);
    const total = series('xx.arrivals.total.m', '2024-06');
    expect(aliases(monthlySeries([fresher, total]))).toEqual(['xx.arrivals.total.m']);
    expect(aliases(monthlySeries([total, fresher]))).toEqual(['xx.arrivals.total.m']);
  });

  it('without a monthly series, a quarterly one makes a country quarterly; nothing held gives no frequency', () => {
    expect(countryFrequency([series('au.arrivals.total.q', '2024-Q2'), series('au.arrivals.total.a', '2024')])).toBe('Q');
    expect(countryFrequency([series('au.arrivals.total.q', '2024-Q2'), series('au.nights.total.m', '2010-12')])).toBe('M');
    expect(countryFrequency([series('zz.arrivals.origin-de.a', '2024')])).toBeNull();
    expect(countryFrequency([])).toBeNull();
  });

  it('takes the series of many countries at once, one monthly series per country and measure', () => {
    const list = [
      series('es.arrivals.total.m', '2026-02'),
      series('es.nights.total.m', '2026-01'),
      series('fr.nights.total.m', '2026-02'),
      series('fr.nights.type-overnight.m', '2026-02'),
      series('us.arrivals.total.a', '2021'),
    ];
    expect(aliases(monthlySeries(list))).toEqual(['es.arrivals.total.m', 'es.nights.total.m', 'fr.nights.total.m']);
  });
});
