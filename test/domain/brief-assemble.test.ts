import { expect, it } from 'vitest';
import { assembleBriefFigures, contextPoint } from '../../src/domain/brief/assemble';

// Hand-written fixture: a monthly series 2016-01..2020-03 of 100 + month number, with 2020 up 10%.
const observations = [] as { period: string; value: number | null }[];
for (let y = 2016; y <= 2020; y++) {
  for (let m = 1; m <= 12; m++) {
    if (y === 2020 && m > 3) break;
    const base = 100 + m;
    observations.push({ period: `${y}-${String(m).padStart(2, '0')}`, value: y === 2020 ? base * 1.1 : base });
  }
}

it('gathers the month, changes, rank, last six months and a three-month outlook', () => {
  const f = assembleBriefFigures({
    country: 'AA',
    name: 'Testland',
    region: 'Europe',
    measure: { name: 'nights', unit: 'nights' },
    observations,
    regionValues: [{ country: 'AA', value: 113.3 }, { country: 'BB', value: 500 }, { country: 'CC', value: 50 }],
    trust: { grade: 'A', score: 90 },
    context: { jetFuel: null, currency: null, growth: null },
    rivals: [],
    rivalFor: [],
    names: {},
  })!;
  expect(f.month).toBe('2020-03');
  // March 2020 = 103 × 1.1 = 113.3 against 103 a year before and in 2019: +10%.
  expect(f.figures.value).toBeCloseTo(113.3, 6);
  expect(f.figures.yoyPct).toBe(10);
  expect(f.figures.vs2019Pct).toBe(10);
  // Jan–Mar 2020 = 1.1 × (101+102+103) against 306: +10%.
  expect(f.figures.ytdYoyPct).toBe(10);
  expect(f.figures.regionRank).toEqual({ rank: 2, of: 3 });
  expect(f.lastSix.map((m) => m.month)).toEqual(['2019-10', '2019-11', '2019-12', '2020-01', '2020-02', '2020-03']);
  expect(f.outlook.map((m) => m.month)).toEqual(['2020-04', '2020-05', '2020-06']);
  for (const o of f.outlook) expect(o.low).toBeLessThanOrEqual(o.value);
});

it('takes context at the month or the newest before it, with the change on a year before', () => {
  // Jet fuel 2.00 in 2019-02 and 2.50 in 2020-02: +25%.
  const fuel = [{ period: '2019-02', value: 2 }, { period: '2020-02', value: 2.5 }];
  expect(contextPoint(fuel, '2020-03')).toEqual({ month: '2020-02', value: 2.5, yoyPct: 25 });
  expect(contextPoint(fuel, '2018-01')).toBeNull();
});
