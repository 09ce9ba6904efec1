/**
 * Holidays joined to a series: each period with the public holidays that fall inside it
 * (a month, a quarter or a whole year, by the period's own frequency).
 */
import { firstMonthOf, lastMonthOf, monthPeriod, parsePeriod } from './periods';

export interface HolidayDay {
  date: string; // YYYY-MM-DD
  name: string;
  national: boolean;
}

export interface PeriodHolidays {
  period: string;
  holidays: number;
  holidayList: HolidayDay[];
}

/** Years a period touches (one, since quarters and months never cross a year). */
export function yearOfPeriod(period: string): number {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  return p.year;
}

/**
 * The holidays of `yearHolidays` (one calendar year, any order) dated inside `period`, by date
 * then name. `holidays` counts them all, national and regional alike.
 */
export function holidaysInPeriod(period: string, yearHolidays: readonly HolidayDay[]): PeriodHolidays {
  const p = parsePeriod(period);
  if (!p) throw new Error(`bad period ${period}`);
  const first = monthPeriod(p.year, firstMonthOf(p));
  const last = monthPeriod(p.year, lastMonthOf(p));
  const list = yearHolidays
    .filter((h) => {
      const month = h.date.slice(0, 7);
      return month >= first && month <= last;
    })
    .map((h) => ({ date: h.date, name: h.name, national: h.national }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { period, holidays: list.length, holidayList: list };
}
