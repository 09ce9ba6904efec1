import { describe, expect, it } from 'vitest';
import { MOVING_HOLIDAYS, easterSunday, firstMonthShare, fitHolidayEffects, forecast, holidayShift } from '../../../src/domain/forecast';
import { monthIndex } from '../../../src/domain/periods';
import { SHAPE } from './fixtures';

const [EASTER, WHITSUN] = MOVING_HOLIDAYS;
const JAN_2010 = monthIndex('2010-01');

/** A pure seasonal pattern from January 2010, except that March and April split a fixed total by Easter's date. */
function easterSplit(years: number): number[] {
  return Array.from({ length: 12 * years }, (_, t) => {
    const s = firstMonthShare(EASTER, 2010 + Math.floor(t / 12));
    const month = t % 12;
    return 1000 * (month === 2 ? 0.9 + 0.3 * s : month === 3 ? 1.0 - 0.3 * s : SHAPE[month]);
  });
}

describe('moving holidays', () => {
  it('dates Easter Sunday, the earliest and latest possible included', () => {
    const iso = (y: number) => easterSunday(y).toISOString().slice(0, 10);
    expect([2019, 2023, 2024, 2025, 2026].map(iso)).toEqual(['2019-04-21', '2023-04-09', '2024-03-31', '2025-04-20', '2026-04-05']);
    expect(iso(2285)).toBe('2285-03-22');
    expect(iso(2038)).toBe('2038-04-25');
  });

  it('splits Holy Week to Easter Monday and the Whit week between their two months', () => {
    // 2024: Easter 31 March, so 24 March–1 April: 8 of the 9 days in March; Whit Sunday 19 May.
    expect(firstMonthShare(EASTER, 2024)).toBeCloseTo(8 / 9, 12);
    expect(firstMonthShare(WHITSUN, 2024)).toBe(1);
    // 2023: Easter 9 April, all in April; Whit Sunday 28 May, so 28 May–4 June: 4 of 8 in May.
    expect(firstMonthShare(EASTER, 2023)).toBe(0);
    expect(firstMonthShare(WHITSUN, 2023)).toBe(0.5);
  });

  it('finds no effect on a pure seasonal pattern, and one of opposite signs where Easter moves trips from April to March', () => {
    const flat = fitHolidayEffects(Array.from({ length: 120 }, (_, t) => Math.log(1000 * SHAPE[t % 12])), JAN_2010);
    for (const e of flat) expect([e.first, e.second]).toEqual([0, 0]);
    const [easter, whitsun] = fitHolidayEffects(easterSplit(14).map(Math.log), JAN_2010);
    expect(easter.first).toBeGreaterThan(0.25);
    expect(easter.second).toBeLessThan(-0.25);
    expect([whitsun.first, whitsun.second]).toEqual([0, 0]);
    // The shift applies to March and April only, in proportion to that year's share.
    expect(holidayShift([easter], monthIndex('2024-03'))).toBeCloseTo(easter.first * (8 / 9), 12);
    expect(holidayShift([easter], monthIndex('2024-05'))).toBe(0);
  });

  it('leaves out the pandemic years and months filled into gaps', () => {
    const x = easterSplit(14).map(Math.log);
    const hit = x.map((v, t) => (t >= 120 && t < 144 ? v - 3 + 0.5 * Math.sin(t) : v));
    expect(fitHolidayEffects(hit, JAN_2010)).toEqual(fitHolidayEffects(x, JAN_2010));
    const filled = x.slice();
    filled[12 * 8 + 2] = x[12 * 7 + 2];
    const observed = x.map((_, t) => t !== 12 * 8 + 2);
    const [withFill] = fitHolidayEffects(filled, JAN_2010);
    const [withoutFill] = fitHolidayEffects(filled, JAN_2010, observed);
    const [truth] = fitHolidayEffects(x, JAN_2010);
    expect(Math.abs(withoutFill.first - truth.first)).toBeLessThan(Math.abs(withFill.first - truth.first));
  });
});

describe('srw_growth_recent_holidays_log, the outlook', () => {
  it('forecasts a pure seasonal pattern exactly, also through a missing month', () => {
    const y: (number | null)[] = Array.from({ length: 60 }, (_, t) => 1000 * SHAPE[t % 12]);
    const f = forecast(y, 3, { firstMonth: JAN_2010 });
    expect(f.method).toBe('srw_growth_recent_holidays_log');
    f.points.forEach((p, i) => expect(p.value).toBeCloseTo(1000 * SHAPE[i % 12], 6));
    y[38] = null;
    forecast(y, 3, { firstMonth: JAN_2010 }).points.forEach((p, i) => expect(p.value).toBeCloseTo(1000 * SHAPE[i % 12], 6));
  });

  it('moves last year’s Easter trips to the month Easter falls in, where the unadjusted model copies them', () => {
    // Fourteen years to December 2023; Easter 2024 falls in March after April in 2023.
    const y = easterSplit(14);
    const truth = easterSplit(15).slice(168, 172);
    const adjusted = forecast(y, 4, { firstMonth: JAN_2010 }).points.map((p) => p.value);
    const plain = forecast(y, 4);
    expect(plain.method).toBe('srw_growth_recent_log');
    adjusted.forEach((v, i) => expect(Math.abs(v / truth[i] - 1)).toBeLessThan(0.005));
    expect(plain.points[2].value / truth[2]).toBeLessThan(0.8);
    // A missing March in a year Easter moved does not break the fit.
    const gap: (number | null)[] = y.slice();
    gap[12 * 8 + 2] = null;
    forecast(gap, 4, { firstMonth: JAN_2010 }).points.forEach((p, i) => expect(Math.abs(p.value / truth[i] - 1)).toBeLessThan(0.01));
  });
});
