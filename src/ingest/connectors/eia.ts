/**
 * EIA spot prices as monthly averages: Brent and WTI crude (USD per barrel, datahub copies of EIA
 * RBRTE/RWTC) and U.S. Gulf Coast kerosene-type jet fuel (USD per gallon): FRED's monthly copy to
 * 2023-11, then months derived from EIA's weekly workbook.
 */
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import { monthPeriod } from '../../domain/periods';
import type { ConnectorOutput, PricePoint } from '../records';
import { readSheet } from '../workbook';
import { readSource, readSourceText } from '../source-reads';
import { notePeriod, type PeriodsByFile } from '../period-reached';

export const BRENT_FILE = 'eia_oil/brent-monthly.csv';
export const WTI_FILE = 'eia_oil/wti-monthly.csv';
export const JET_MONTHLY_FILE = 'eia_jetfuel/MJFUELUSGULF.csv';
export const JET_WEEKLY_FILE = 'eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls';
const JET_WEEKLY_SHEET = 'Data 1';

export const EIA_TABLES: SourceTableInfo[] = [
  {
    code: 'eia_brent_monthly',
    publisher: 'U.S. Energy Information Administration',
    title: 'Europe Brent spot price FOB (RBRTE), monthly average, USD per barrel',
    url: 'https://www.eia.gov/dnav/pet/hist/RBRTEd.htm',
    file: BRENT_FILE,
  },
  {
    code: 'eia_wti_monthly',
    publisher: 'U.S. Energy Information Administration',
    title: 'Cushing, OK WTI spot price FOB (RWTC), monthly average, USD per barrel',
    url: 'https://www.eia.gov/dnav/pet/hist/RWTCd.htm',
    file: WTI_FILE,
  },
  {
    code: 'fred_mjfuelusgulf',
    publisher: 'U.S. Energy Information Administration (via FRED, Federal Reserve Bank of St. Louis)',
    title: 'U.S. Gulf Coast kerosene-type jet fuel spot price FOB, monthly average, USD per gallon',
    url: 'https://fred.stlouisfed.org/series/MJFUELUSGULF',
    file: JET_MONTHLY_FILE,
  },
  {
    code: 'eia_jet_fuel_weekly',
    publisher: 'U.S. Energy Information Administration',
    title: 'Weekly U.S. Gulf Coast kerosene-type jet fuel spot price FOB (EER_EPJK_PF4_RGC_DPG), USD per gallon',
    url: 'https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls',
    file: JET_WEEKLY_FILE,
  },
];

interface WeeklyPrice {
  weekEnding: string; // YYYY-MM-DD, a Friday
  value: number;
}

const DAY_MS = 86_400_000;
/** Excel serial day 25569 is 1970-01-01 (the 1900 date system, leap-year bug included). */
const EXCEL_EPOCH_SERIAL = 25569;

export function excelSerialToIsoDate(serial: number): string {
  return new Date(Math.round((serial - EXCEL_EPOCH_SERIAL) * DAY_MS)).toISOString().slice(0, 10);
}

/** `Date,Price` (or FRED's `"Date","CODE"`) CSV of monthly averages → price points; a day in the date is ignored. */
export function parseMonthlyCsv(text: string, code: string, table: string, rejected: RejectedRow[]): PricePoint[] {
  const points: PricePoint[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).slice(1);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const [dateCell = '', valueCell = ''] = line.split(',').map((c) => c.replace(/"/g, '').trim());
    const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(dateCell);
    const value = Number(valueCell);
    if (!m || valueCell === '' || !Number.isFinite(value)) {
      rejected.push({ table, row: `line ${i + 2}: ${line}`, reason: 'date or price not readable' });
      return;
    }
    points.push({ code, period: `${m[1]}-${m[2]}`, value, derived: false });
  });
  return points;
}

export function readWeeklyJetFuel(sourcesDir: string, rejected: RejectedRow[]): WeeklyPrice[] {
  const table = 'eia_jet_fuel_weekly';
  const rows = readSheet(readSource(sourcesDir, JET_WEEKLY_FILE), JET_WEEKLY_SHEET);
  if (!rows) {
    rejected.push({ table, row: JET_WEEKLY_FILE, reason: `sheet "${JET_WEEKLY_SHEET}" not found` });
    return [];
  }
  const weeks: WeeklyPrice[] = [];
  rows.forEach((row, i) => {
    const [date, value] = row;
    if (typeof date === 'number' && typeof value === 'number') {
      weeks.push({ weekEnding: excelSerialToIsoDate(date), value });
    } else if (i >= 3 && (date !== null || value !== null)) {
      rejected.push({ table, row: `row ${i + 1}: ${JSON.stringify(row)}`, reason: 'date or price not readable' });
    }
  });
  return weeks;
}

function weekdaysOfMonth(year: number, month: number): number {
  let count = 0;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let day = 1; day <= daysInMonth; day++) {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/**
 * Weekly averages → calendar-month averages. A weekly price stands for the five weekdays Monday–Friday
 * up to its week-ending Friday, so a month's value is the mean over its weekdays of the price of the
 * week holding each day (weeks straddling two months count in both, by their days). On 1990–2023 this
 * is within 0.3 US cents of EIA's monthly averages on average, against 0.9 cents when weeks are simply
 * filed under the month of their Friday. Rule for whole months: every weekday of the month must fall
 * in a week present in the file; otherwise the month (typically the last, still running) is left out.
 */
export function weeklyToMonthly(weeks: WeeklyPrice[]): Array<{ period: string; value: number }> {
  const sums = new Map<string, { total: number; days: number }>();
  for (const week of weeks) {
    const friday = Date.parse(`${week.weekEnding}T00:00:00Z`);
    for (let back = 0; back < 5; back++) {
      const day = new Date(friday - back * DAY_MS);
      const period = monthPeriod(day.getUTCFullYear(), day.getUTCMonth() + 1);
      const sum = sums.get(period) ?? { total: 0, days: 0 };
      sum.total += week.value;
      sum.days += 1;
      sums.set(period, sum);
    }
  }
  return [...sums.entries()]
    .filter(([period, sum]) => sum.days === weekdaysOfMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7))))
    .map(([period, sum]) => ({ period, value: Math.round((sum.total / sum.days) * 10_000) / 10_000 }))
    .sort((a, b) => a.period.localeCompare(b.period));
}

function readCsv(sourcesDir: string, file: string): string {
  return readSourceText(sourcesDir, file);
}

/** Jet fuel: the published monthly series, then derived months after its last month; each file's months noted in `reached`. */
function jetFuelPrices(sourcesDir: string, rejected: RejectedRow[], reached: PeriodsByFile): PricePoint[] {
  const monthly = parseMonthlyCsv(readCsv(sourcesDir, JET_MONTHLY_FILE), 'jet_fuel', 'fred_mjfuelusgulf', rejected);
  const months = weeklyToMonthly(readWeeklyJetFuel(sourcesDir, rejected));
  for (const p of monthly) notePeriod(reached, JET_MONTHLY_FILE, p.period);
  for (const m of months) notePeriod(reached, JET_WEEKLY_FILE, m.period);
  const lastPublished = monthly.reduce((last, p) => (p.period > last ? p.period : last), '');
  const derived = months
    .filter((m) => m.period > lastPublished)
    .map((m): PricePoint => ({ code: 'jet_fuel', period: m.period, value: m.value, derived: true }));
  return [...monthly, ...derived];
}

/** A crude's monthly averages, its file's months noted in `reached`. */
function crudePrices(sourcesDir: string, file: string, code: string, table: string, rejected: RejectedRow[], reached: PeriodsByFile): PricePoint[] {
  const points = parseMonthlyCsv(readCsv(sourcesDir, file), code, table, rejected);
  for (const p of points) notePeriod(reached, file, p.period);
  return points;
}

export function loadEia(sourcesDir: string): ConnectorOutput {
  const rejected: RejectedRow[] = [];
  // Prices carry no table: the period each file brings is noted as it is read.
  const reachedByFile: PeriodsByFile = {};
  const prices = [
    ...crudePrices(sourcesDir, BRENT_FILE, 'brent', 'eia_brent_monthly', rejected, reachedByFile),
    ...crudePrices(sourcesDir, WTI_FILE, 'wti', 'eia_wti_monthly', rejected, reachedByFile),
    ...jetFuelPrices(sourcesDir, rejected, reachedByFile),
  ];
  return { tables: EIA_TABLES, series: [], rejected, prices, reachedByFile };
}
