import { describe, expect, it } from 'vitest';
import { chooseSummable } from '../../src/domain/regional-series-choice';

const s = (country: string, freq: string, unit = 'arrivals', currency: string | null = null) => ({ country, freq, unit, currency });

describe('chooseSummable', () => {
  it('takes the most common frequency and names the countries left out', () => {
    const choice = chooseSummable([s('FR', 'M'), s('ES', 'M'), s('AL', 'A'), s('DE', 'M')])!;
    expect(choice.freq).toBe('M');
    expect(choice.chosen.map((x) => x.country)).toEqual(['DE', 'ES', 'FR']);
    expect(choice.leftOut).toEqual(['AL']);
  });
  it('breaks a tie towards the finer frequency', () => {
    expect(chooseSummable([s('AL', 'A'), s('ES', 'M')])!.freq).toBe('M');
    expect(chooseSummable([s('AL', 'A'), s('ES', 'Q')])!.freq).toBe('Q');
  });
  it('does not add different currencies', () => {
    const choice = chooseSummable([s('US', 'A', 'USD', 'USD'), s('CA', 'A', 'USD', 'USD'), s('MX', 'A', 'MXN', 'MXN')])!;
    expect(choice.currency).toBe('USD');
    expect(choice.leftOut).toEqual(['MX']);
  });
  it('is null without series', () => {
    expect(chooseSummable([])).toBeNull();
  });
  it('never sums rates: occupancy in percent is left out, and alone gives nothing to sum', () => {
    expect(chooseSummable([s('JP', 'A', 'percent'), s('TH', 'A', 'percent')])).toBeNull();
    const choice = chooseSummable([s('JP', 'A', 'percent'), s('TH', 'A', 'arrivals')])!;
    expect(choice.chosen.map((x) => x.country)).toEqual(['TH']);
    expect(choice.leftOut).toEqual(['JP']);
  });
});
