import { describe, expect, it } from 'vitest';
import { headlineReach, isSumDisagreement, type ReachError, type ReachSeries } from '../../src/domain/headline-reach';

function s(alias: string, last: string, extra: Partial<ReachSeries> = {}): ReachSeries {
  return { country: 'GB', measure: 'arrivals', breakdown: null, member: null, last, headline: false, alias, ...extra };
}

// GB arrivals on the real files: the headline (UN Tourism's total) stops in 2022, its regions reach 2024.
const GB = [
  s('gb.arrivals.total.a', '2022', { headline: true }),
  s('gb.arrivals.origin-europe.a', '2024', { breakdown: 'origin', member: 'europe' }),
  s('gb.arrivals.origin-americas.a', '2024', { breakdown: 'origin', member: 'americas' }),
  s('gb.arrivals.residence-foreign.m', '2019-12', { breakdown: 'residence', member: 'foreign' }),
];

const annualOutcome: ReachError = {
  country: 'GB',
  rule: 'annual-sum',
  derivation: 'annual-sum',
  target: 'gb.arrivals.residence-foreign.a',
  reason: 'disagrees',
  detail: '2004: computed 17657 against published 27660 (36.16% apart)',
};

const partsOutcome: ReachError = {
  country: 'GB',
  rule: 'unwto-regions-of-origin',
  derivation: 'sum-of-parts',
  target: 'gb.arrivals.type-overnight.a',
  reason: 'disagrees',
  detail: '2020: computed 100 against published 120 (16.67% apart)',
};

describe('why a headline does not reach the newest year held', () => {
  it('counts only a breakdown whose sum disagrees as "sums disagree"', () => {
    expect(isSumDisagreement(partsOutcome)).toBe(true);
    expect(isSumDisagreement(annualOutcome)).toBe(false);
    expect(isSumDisagreement({ ...annualOutcome, rule: 'annual-mean', derivation: 'annual-mean' })).toBe(false);
    // A breakdown set aside for a subtotal among its parts, or for no parts, is not complete: no sum was compared.
    expect(isSumDisagreement({ ...partsOutcome, reason: 'subtotal-among-parts' })).toBe(false);
    expect(isSumDisagreement({ ...partsOutcome, reason: 'no-parts' })).toBe(false);
    // Releases written before the kind was recorded: read from the rule's id.
    const { derivation: _a, ...oldAnnual } = annualOutcome;
    const { derivation: _p, ...oldParts } = partsOutcome;
    expect(isSumDisagreement(oldAnnual)).toBe(false);
    expect(isSumDisagreement(oldParts)).toBe(true);
  });

  it('says "no complete breakdown" where only the months of the same measure disagree with the year', () => {
    const [row] = headlineReach(GB, [annualOutcome], ['arrivals']);
    expect(row).toMatchObject({ country: 'GB', measure: 'arrivals', newest: '2024', headline: '2022', reaches: false, reason: 'no-complete-breakdown' });
    expect(row.detail).toMatch(/only parts reach 2024: gb.arrivals.origin-europe.a, gb.arrivals.origin-americas.a/);
  });

  it('says "sums disagree" where the parts were summed and found off the published total', () => {
    const [row] = headlineReach(GB, [annualOutcome, partsOutcome], ['arrivals']);
    expect(row.reason).toBe('sums-disagree');
    expect(row.detail).toBe('unwto-regions-of-origin: 2020: computed 100 against published 120 (16.67% apart)');
  });

  it('ignores the outcomes of another measure or country', () => {
    const others = [{ ...partsOutcome, target: 'gb.nights.total.a' }, { ...partsOutcome, country: 'CH', target: 'ch.arrivals.type-overnight.a' }];
    expect(headlineReach(GB, others, ['arrivals'])[0].reason).toBe('no-complete-breakdown');
  });

  it('reaches when the headline holds the newest year; a different concept when no parts reach further', () => {
    expect(headlineReach([s('gb.arrivals.total.a', '2024', { headline: true })], [], ['arrivals'])[0]).toMatchObject({ reaches: true, reason: null });
    const rows = headlineReach(
      [s('gb.nights.total.a', '2019', { measure: 'nights', headline: true }), s('gb.nights.residence-domestic.a', '2022', { measure: 'nights', breakdown: 'residence', member: 'domestic' })],
      [],
      ['nights'],
    );
    expect(rows[0]).toMatchObject({ reaches: false, reason: 'different-concept' });
  });
});
