import { describe, expect, it } from 'vitest';
import { composeBrief, formatQuantity, formatRate, ordinal, verifyBrief, type BriefFigures } from '../../../src/domain/brief';
import { spainAugust } from './fixtures';

const all = (b: { headline: string; brief: string[] }): string[] => [b.headline, ...b.brief];

describe('composeBrief', () => {
  it('writes the latest month in words and figures', () => {
    const b = composeBrief(spainAugust());
    expect(b.headline).toBe('Spain: 12.3 million nights in August 2025, up 2.1% on a year before');
    expect(b.brief).toEqual([
      'Spain recorded 12.3 million nights in August 2025, up 2.1% on a year before and 5.4% above August 2019.',
      'Year to date, nights are up 3.2% on the same months of 2024.',
      'Spain ranks 2nd of 11 in Southern Europe for nights in August 2025.',
      'The figures carry trust grade A (score 92).',
      'Over the last six months nights ranged from 4.1 million in March 2025 to 12.3 million in August 2025; the change on a year before ran from -1.2% (March 2025) to +4.5% (April 2025).',
      'That is 3.4% above the average August of the previous three years.',
      'Outlook with 80% intervals: 9.8 million nights in September 2025 (9.1 million to 10.5 million, +1.2% on a year before), 7.2 million in October 2025 (6.6 million to 7.9 million, -0.4% on a year before) and 4.0 million in November 2025 (3.6 million to 4.4 million).',
      'Jet fuel averaged $2.41 a gallon in July 2025, down 12.3% on a year before.',
      'GDP is projected to grow 2.3% in 2025.',
      'Closest rivals for the same travellers: Italy (score 87, up 3.1% on a year before in August 2025), Portugal (score 74.5, down 0.4% on a year before in July 2025) and France (score 60).',
      'Portugal and Croatia count Spain among their rivals.',
    ]);
  });

  it('leaves out what is null and writes no sentence about it', () => {
    const f = spainAugust();
    f.figures = { value: 901, yoyPct: null, vs2019Pct: null, ytdYoyPct: null, regionRank: null, trust: null };
    f.lastSix = [];
    f.outlook = [];
    f.context = { jetFuel: null, currency: null, growth: null };
    f.rivals = [];
    f.rivalFor = [];
    const b = composeBrief(f);
    expect(b.headline).toBe('Spain: 901 nights in August 2025');
    expect(b.brief).toEqual(['Spain recorded 901 nights in August 2025.']);
    expect(verifyBrief(all(b), f).ok).toBe(true);
  });

  it('says falls, flat changes, currencies and a contracting economy in words', () => {
    const f = spainAugust();
    f.name = 'Switzerland';
    f.figures.yoyPct = -3.96;
    f.figures.vs2019Pct = 0.04;
    f.context.currency = { currency: 'CHF', perEur: 0.93417, yoyPct: -1.5 };
    f.context.growth = { year: 2024, pct: -0.7, projected: false };
    const b = composeBrief(f);
    expect(b.brief[0]).toBe('Switzerland recorded 12.3 million nights in August 2025, down 4.0% on a year before and level with August 2019.');
    expect(b.brief).toContain('One euro bought 0.9342 CHF, down 1.5% on a year before.');
    expect(b.brief).toContain('GDP shrank 0.7% in 2024.');
    expect(verifyBrief(all(b), f)).toEqual({ ok: true, problems: [] });
  });
});

describe('verifyBrief', () => {
  it('passes the brief written from the figures', () => {
    const f = spainAugust();
    expect(verifyBrief(all(composeBrief(f)), f)).toEqual({ ok: true, problems: [] });
  });

  it('fails a brief with one altered number and names it', () => {
    const f = spainAugust();
    const text = all(composeBrief(f));
    text[1] = text[1].replace('12.3 million', '13.3 million');
    const check = verifyBrief(text, f);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual(['sentence 2: "13.3 million" matches no quantity in the figures']);
  });

  it('fails a percentage whose direction was flipped', () => {
    const f = spainAugust();
    const text = all(composeBrief(f)).map((s) => s.replace('5.4% above', '5.4% below'));
    expect(verifyBrief(text, f).problems).toEqual(['sentence 2: "5.4%" matches no percentage in the figures']);
  });

  it('fails dates the figures do not cover and numbers of the wrong kind', () => {
    const f = spainAugust();
    const check = verifyBrief(
      ['Spain recorded 12.3 million nights in August 2018.', 'Year to date, nights are up 3.2% on the same months of 2021.', 'It ranks 3rd of 11.', 'Fuel was $2.42 a gallon.', 'Score 92%.'],
      f,
    );
    expect(check.problems).toEqual([
      'sentence 1: date "August 2018" is not a month the figures cover',
      'sentence 2: year "2021" is not a year the figures cover',
      'sentence 3: "3rd" matches no rank in the figures',
      'sentence 4: "$2.42" matches no dollar amount in the figures',
      'sentence 5: "92%" matches no percentage in the figures',
    ]);
  });

  it('allows exactly the display rounding and no more', () => {
    const f = spainAugust(); // value 12,345,678 → 12.3 million; yoy 2.06 → 2.1%
    expect(verifyBrief(['12.3 million and up 2.1% and 12,345,678 and 12.35 million'], f).ok).toBe(true);
    expect(verifyBrief(['12.4 million'], f).ok).toBe(false);
    expect(verifyBrief(['up 2.0%'], f).ok).toBe(false);
    expect(verifyBrief(['12,345,670'], f).ok).toBe(false);
  });

  it('passes the brief of a January, whose year to date is named by the January before', () => {
    const f = spainAugust();
    f.month = '2026-01';
    f.lastSix = f.lastSix.map((m, i) => ({ ...m, month: `20${i < 5 ? 25 : 26}-${String(i < 5 ? 8 + i : 1).padStart(2, '0')}` }));
    f.outlook = f.outlook.map((o, i) => ({ ...o, month: `2026-0${2 + i}` }));
    const text = all(composeBrief(f));
    expect(text.join(' ')).toContain('January 2025');
    expect(verifyBrief(text, f)).toEqual({ ok: true, problems: [] });
  });

  it('passes every brief composed from random figures', () => {
    let seed = 11;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = (scale: number): number | null => (random() < 0.15 ? null : (random() - 0.4) * scale);
    for (let i = 0; i < 200; i++) {
      const f: BriefFigures = spainAugust();
      f.figures.value = 10 ** (1 + random() * 8);
      f.figures.yoyPct = pick(60);
      f.figures.vs2019Pct = pick(80);
      f.figures.ytdYoyPct = pick(30);
      f.lastSix.forEach((m) => {
        m.value = random() < 0.1 ? null : 10 ** (2 + random() * 7);
        m.yoyPct = pick(50);
        m.vs3yrAvgPct = pick(20);
      });
      f.outlook.forEach((o) => {
        o.value = 10 ** (2 + random() * 7);
        o.low = o.value * 0.9;
        o.high = o.value * 1.1;
        o.yoyPct = pick(20);
      });
      f.context.currency = { currency: 'JPY', perEur: 10 ** (random() * 5 - 1), yoyPct: pick(10) };
      f.context.growth = { year: 2025, pct: (random() - 0.3) * 8, projected: random() < 0.5 };
      const check = verifyBrief(all(composeBrief(f)), f);
      expect(check.problems, JSON.stringify(composeBrief(f))).toEqual([]);
    }
  });
});

describe('formats', () => {
  it('writes quantities, rates and ordinals readably', () => {
    expect(formatQuantity(901)).toBe('901');
    expect(formatQuantity(63.45)).toBe('63.5');
    expect(formatQuantity(812_345)).toBe('812,345');
    expect(formatQuantity(999_999.7)).toBe('1.0 million');
    expect(formatQuantity(12_345_678)).toBe('12.3 million');
    expect(formatQuantity(999_960_000)).toBe('1.0 billion');
    expect(formatRate(1.08234)).toBe('1.082');
    expect(formatRate(160.234)).toBe('160.2');
    expect(formatRate(17012.3)).toBe('17,012');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
  });
});
