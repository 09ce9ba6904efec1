/**
 * Seasonality: the average shape of a year for a monthly series.
 * A month's index in one year is its value as a percentage of that year's monthly mean
 * (100 = an average month); the published index is the median across complete years, with the
 * lowest and highest yearly index as `low` / `high`. All three are rounded to 1 decimal.
 */
import { monthPeriod, parsePeriod } from './periods';
import { mean, median, round } from './numeric';
import { type PeriodValue, valuesByPeriod } from './series';

export interface SeasonalityRow {
  month: number; // 1..12
  index: number;
  low: number;
  high: number;
}

export interface Seasonality {
  /** The complete years used, ascending. */
  years: string[];
  /** 12 rows (January first), or none when no year is complete. */
  rows: SeasonalityRow[];
}

/** Text for `meta.index` of the seasonality endpoint. */
export const SEASONALITY_INDEX_NOTE =
  "Each month as a percentage of its year's monthly average, median across complete years; 100 is an average month. low/high are the lowest and highest yearly values.";

/**
 * Only complete years count (all 12 months with a value): a partial year would skew its own
 * mean. A year whose mean is not positive has no meaningful shape and is skipped too.
 */
export function seasonality(observations: readonly PeriodValue[]): Seasonality {
  const indicesByYear = yearlyIndices(valuesByPeriod(observations, 'M'));
  const years = [...indicesByYear.keys()].sort((a, b) => a - b);
  if (years.length === 0) return { years: [], rows: [] };
  const rows: SeasonalityRow[] = [];
  for (let month = 1; month <= 12; month++) {
    const indices = years.map((year) => indicesByYear.get(year)![month - 1]);
    rows.push({
      month,
      index: round(median(indices), 1),
      low: round(Math.min(...indices), 1),
      high: round(Math.max(...indices), 1),
    });
  }
  return { years: years.map(String), rows };
}

/** Year → its 12 monthly indices (unrounded), for complete years only. */
function yearlyIndices(values: ReadonlyMap<string, number>): Map<number, number[]> {
  const years = new Set<number>();
  for (const period of values.keys()) years.add(parsePeriod(period)!.year);
  const result = new Map<number, number[]>();
  for (const year of years) {
    const months = monthsOfYear(values, year);
    if (!months) continue;
    const yearMean = mean(months);
    if (yearMean <= 0) continue;
    result.set(year, months.map((v) => (v / yearMean) * 100));
  }
  return result;
}

function monthsOfYear(values: ReadonlyMap<string, number>, year: number): number[] | null {
  const months: number[] = [];
  for (let month = 1; month <= 12; month++) {
    const value = values.get(monthPeriod(year, month));
    if (value === undefined) return null;
    months.push(value);
  }
  return months;
}
