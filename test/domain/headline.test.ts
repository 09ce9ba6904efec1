import { describe, expect, it } from 'vitest';
import { chooseHeadlines, compareHeadlines, isRepresentative, type HeadlineCandidate } from '../../src/domain/headline';
import { coarserFreq, periodAt } from '../../src/domain/periods';

function candidate(alias: string, freq: HeadlineCandidate['freq'], last: string, extra: Partial<HeadlineCandidate> = {}): HeadlineCandidate {
  return { alias, country: 'XX', measure: 'arrivals', breakdown: null, member: null, freq, derived: false, points: 10, last, ...extra };
}

describe('periods at a coarser frequency', () => {
  it('coarsens months and quarters, never refines', () => {
    expect(coarserFreq('M', 'A')).toBe('A');
    expect(coarserFreq('Q', 'M')).toBe('Q');
    expect(periodAt('2021-03', 'A')).toBe('2021');
    expect(periodAt('2021-03', 'Q')).toBe('2021-Q1');
    expect(periodAt('2021-Q4', 'A')).toBe('2021');
    expect(periodAt('2021', 'M')).toBe('2021');
    expect(periodAt('2021-11', 'M')).toBe('2021-11');
  });
});

describe('the headline rule', () => {
  it('prefers the series reaching the most recent period, compared at the coarser frequency', () => {
    // Japan: JNTO monthly to 2017-03 against UN Tourism annual to 2021.
    const monthly = candidate('jp.arrivals.total.m', 'M', '2017-03', { points: 255 });
    const annual = candidate('jp.arrivals.total.a', 'A', '2021', { points: 27 });
    expect(compareHeadlines(annual, monthly)).toBeLessThan(0);
    expect([...chooseHeadlines([monthly, annual])]).toEqual(['jp.arrivals.total.a']);
  });

  it('on the same reach, the finer frequency wins (a month of 2021 reaches 2021)', () => {
    const monthly = candidate('m', 'M', '2021-03', { points: 3 });
    const annual = candidate('a', 'A', '2021', { points: 27 });
    expect([...chooseHeadlines([annual, monthly])]).toEqual(['m']);
  });

  it('then the publisher total over a representative breakdown, then published over derived, then more figures', () => {
    const total = candidate('th.arrivals.total.a', 'A', '2021', { points: 5 });
    const overnight = candidate('th.arrivals.type-overnight.a', 'A', '2021', { breakdown: 'type', member: 'overnight', points: 27 });
    expect([...chooseHeadlines([overnight, total])]).toEqual(['th.arrivals.total.a']);
    const derived = candidate('d', 'A', '2021', { derived: true, points: 40 });
    expect([...chooseHeadlines([derived, candidate('p', 'A', '2021', { points: 2 })])]).toEqual(['p']);
    expect([...chooseHeadlines([candidate('short', 'A', '2021', { points: 2 }), candidate('long', 'A', '2021', { points: 9 })])]).toEqual(['long']);
  });

  it('takes a representative breakdown when it reaches further than the total (Thailand, Spain spend)', () => {
    const total = candidate('th.arrivals.total.a', 'A', '2001', { points: 6 });
    const overnight = candidate('th.arrivals.type-overnight.a', 'A', '2021', { breakdown: 'type', member: 'overnight', points: 27 });
    expect([...chooseHeadlines([total, overnight])]).toEqual(['th.arrivals.type-overnight.a']);
    const spend = candidate('es.spend.total.a', 'A', '1998', { measure: 'spend' });
    const travel = candidate('es.spend.item-travel.a', 'A', '2021', { measure: 'spend', breakdown: 'item', member: 'travel' });
    expect([...chooseHeadlines([spend, travel])]).toEqual(['es.spend.item-travel.a']);
  });

  it('never takes a part for the whole', () => {
    expect(isRepresentative({ measure: 'arrivals', breakdown: 'origin', member: 'de' })).toBe(false);
    expect(isRepresentative({ measure: 'arrivals', breakdown: 'type', member: 'same-day' })).toBe(false);
    expect(isRepresentative({ measure: 'spend', breakdown: 'item', member: 'passenger-transport' })).toBe(false);
    expect(isRepresentative({ measure: 'spend', breakdown: 'direction', member: 'outbound' })).toBe(false);
    const origin = candidate('es.arrivals.origin-de.m', 'M', '2026-02', { breakdown: 'origin', member: 'de' });
    expect([...chooseHeadlines([origin, candidate('es.arrivals.total.a', 'A', '2021')])]).toEqual(['es.arrivals.total.a']);
    expect(chooseHeadlines([origin]).size).toBe(0);
  });

  it('chooses one per country and measure, whatever the input order', () => {
    const list = [
      candidate('a1', 'A', '2021'),
      candidate('m1', 'M', '2021-06'),
      candidate('q1', 'Q', '2021-Q3'),
      candidate('n', 'M', '2020-01', { measure: 'nights' }),
    ];
    // q1 reaches 2021-Q3, later than m1's 2021-Q2 at the quarter; a1 only ties at the year and is coarser.
    expect([...chooseHeadlines(list)].sort()).toEqual(['n', 'q1']);
    expect([...chooseHeadlines([...list].reverse())].sort()).toEqual(['n', 'q1']);
  });
});
