/**
 * Holidays dated from Easter, which move between two months from year to year: Easter itself
 * (March or April) and Whitsun (May or June). A seasonal random walk copies last year's month,
 * so when Easter moves from April to March it puts last year's Easter trips in the wrong month
 * twice over; the year after, once more. The dates are pure computation, so the shift can be
 * taken out before a model sees the series and put back into its forecasts.
 *
 * Model, on logs: in the holiday's two months, the value carries β_first·s_Y in the first and
 * β_second·s_Y in the second, s_Y being the share of the holiday's days that fall in the first
 * month in year Y. β is estimated from year-on-year changes: each month's log change minus the
 * log change of the two months' total (which takes out growth) is regressed, through the
 * origin, on the change in s. Year pairs touching 2020–2021 are left out: the pandemic moved
 * those months far more than any holiday did.
 */

export interface MovingHoliday {
  name: string;
  /** First and last day, counted from Easter Sunday. */
  from: number;
  to: number;
  /** The earlier of the two months (1–12) its days fall in. */
  month: number;
}

/**
 * Holy Week to Easter Monday (15 March to 26 April at the extremes); Whit Sunday to Trinity
 * Sunday, the Whit week many school calendars close for (10 May to 20 June).
 */
export const MOVING_HOLIDAYS: readonly MovingHoliday[] = [
  { name: 'Easter', from: -7, to: 1, month: 3 },
  { name: 'Whitsun', from: 49, to: 56, month: 5 },
];

/** Years whose year-on-year changes say nothing about holidays. */
export const PANDEMIC_YEARS: readonly number[] = [2020, 2021];

/** Year pairs where the holiday's share moved by at least this much are the informative ones. */
const INFORMATIVE_CHANGE = 0.2;
/** Below this many informative year pairs no effect is estimated (β = 0). */
const MIN_INFORMATIVE = 3;

/** Gregorian Easter Sunday (the anonymous algorithm of Meeus, Jones and Butcher) as a UTC date. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const k = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * k + 114) / 31);
  const day = ((h + l - 7 * k + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;

/** log(eᵃ + eᵇ) without overflow. */
function logAddExp(a: number, b: number): number {
  const top = Math.max(a, b);
  return top + Math.log(Math.exp(a - top) + Math.exp(b - top));
}

/** Share of the holiday's days in `year` that fall in its first month. */
export function firstMonthShare(holiday: MovingHoliday, year: number): number {
  const easter = easterSunday(year).getTime();
  let inFirst = 0;
  for (let d = holiday.from; d <= holiday.to; d++) {
    if (new Date(easter + d * DAY_MS).getUTCMonth() + 1 === holiday.month) inFirst++;
  }
  return inFirst / (holiday.to - holiday.from + 1);
}

/** Log effect per unit of share, in the holiday's first and second month. */
export interface HolidayEffect {
  holiday: MovingHoliday;
  first: number;
  second: number;
}

/**
 * Estimate each holiday's effect on a monthly log series whose x[0] is the month with index
 * `firstMonth` (year × 12 + month − 1, as periods.monthIndex counts). Year pairs with a month
 * filled in rather than published (`observed` false) are left out: a fill knows nothing of
 * Easter. A series with too few year pairs where the holiday moved gets no effect, so the
 * adjustment then changes nothing.
 */
export function fitHolidayEffects(
  x: readonly number[],
  firstMonth: number,
  observed?: readonly boolean[],
  holidays: readonly MovingHoliday[] = MOVING_HOLIDAYS,
): HolidayEffect[] {
  const published = (t: number): boolean => observed?.[t] ?? true;
  const at = (year: number, month: number): number => year * 12 + month - 1 - firstMonth;
  const firstYear = Math.floor(firstMonth / 12);
  const lastYear = Math.floor((firstMonth + x.length - 1) / 12);
  return holidays.map((holiday) => {
    let sxx = 0;
    let sxFirst = 0;
    let sxSecond = 0;
    let informative = 0;
    for (let year = firstYear + 1; year <= lastYear; year++) {
      if (PANDEMIC_YEARS.includes(year) || PANDEMIC_YEARS.includes(year - 1)) continue;
      const a0 = at(year - 1, holiday.month);
      const a1 = at(year, holiday.month);
      if (a0 < 0 || a1 + 1 >= x.length) continue;
      if (!(published(a0) && published(a0 + 1) && published(a1) && published(a1 + 1))) continue;
      const ds = firstMonthShare(holiday, year) - firstMonthShare(holiday, year - 1);
      const total = logAddExp(x[a1], x[a1 + 1]) - logAddExp(x[a0], x[a0 + 1]);
      sxx += ds * ds;
      sxFirst += ds * (x[a1] - x[a0] - total);
      sxSecond += ds * (x[a1 + 1] - x[a0 + 1] - total);
      if (Math.abs(ds) >= INFORMATIVE_CHANGE) informative++;
    }
    if (informative < MIN_INFORMATIVE) return { holiday, first: 0, second: 0 };
    return { holiday, first: sxFirst / sxx, second: sxSecond / sxx };
  });
}

/** The holidays' log effect on the month with index `month` (year × 12 + month − 1). */
export function holidayShift(effects: readonly HolidayEffect[], month: number): number {
  const year = Math.floor(month / 12);
  const calendarMonth = (month % 12) + 1;
  let shift = 0;
  for (const e of effects) {
    if (calendarMonth === e.holiday.month) shift += e.first * firstMonthShare(e.holiday, year);
    else if (calendarMonth === e.holiday.month + 1) shift += e.second * firstMonthShare(e.holiday, year);
  }
  return shift;
}
