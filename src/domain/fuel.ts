/**
 * Fuel prices by month: jet fuel (USD per US gallon, also per litre) and Brent crude (USD per
 * barrel), each with an index against its 2019 average and a year-on-year change.
 *
 * index = the month's price ÷ the mean of the twelve monthly prices of 2019 × 100, rounded to
 * 1 decimal (null when 2019 is not complete: a partial base year would shift every index).
 * yoyPct = change against the same month a year before (yoy.ts: 1 decimal, null when either
 * month is missing). Prices are passed through as published; the litre price is rounded to
 * 4 decimals (a hundredth of a cent).
 */
import { INDEX_BASE_YEAR } from './baseline';
import { mean, round } from './numeric';
import { addMonths, monthIndex } from './periods';
import { runLabel } from './series';
import { yoyPct } from './yoy';

/** Exact by definition: 231 cubic inches. */
export const LITRES_PER_US_GALLON = 3.785411784;

export interface PricePoint {
  period: string; // YYYY-MM
  value: number;
  /** true when we averaged the month ourselves (e.g. from weekly prices). */
  derived: boolean;
}

export interface FuelMonth {
  month: string;
  jetFuelUsdGallon: number | null;
  jetFuelUsdLitre: number | null;
  jetFuelIndex: number | null;
  jetFuelYoyPct: number | null;
  crudeUsdBarrel: number | null;
  crudeIndex: number | null;
  crudeYoyPct: number | null;
  /** Whether this month's jet fuel price is averaged by us rather than published as a month. */
  jetFuelDerived: boolean;
}

interface PriceSeries {
  byMonth: Map<string, PricePoint>;
  base: number | null;
}

function priceSeries(points: readonly PricePoint[]): PriceSeries {
  const byMonth = new Map(points.map((p) => [p.period, p]));
  const baseValues: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const p = byMonth.get(`${INDEX_BASE_YEAR}-${String(m).padStart(2, '0')}`);
    if (p) baseValues.push(p.value);
  }
  return { byMonth, base: baseValues.length === 12 ? mean(baseValues) : null };
}

function indexOf(value: number | undefined, base: number | null): number | null {
  if (value === undefined || base === null || !(base > 0)) return null;
  return round((value / base) * 100, 1);
}

/**
 * One row per month from `from` to `to` (inclusive, YYYY-MM) in which either price is present.
 * Year-on-year changes look back beyond `from`, so pass the full price histories.
 */
export function fuelMonths(
  jetFuel: readonly PricePoint[],
  crude: readonly PricePoint[],
  from: string,
  to: string,
): FuelMonth[] {
  const jet = priceSeries(jetFuel);
  const oil = priceSeries(crude);
  const rows: FuelMonth[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) {
    const month = addMonths(from, i - monthIndex(from));
    const j = jet.byMonth.get(month);
    const c = oil.byMonth.get(month);
    if (!j && !c) continue;
    const yearBefore = addMonths(month, -12);
    rows.push({
      month,
      jetFuelUsdGallon: j?.value ?? null,
      jetFuelUsdLitre: j ? round(j.value / LITRES_PER_US_GALLON, 4) : null,
      jetFuelIndex: indexOf(j?.value, jet.base),
      jetFuelYoyPct: yoyPct(j?.value, jet.byMonth.get(yearBefore)?.value),
      crudeUsdBarrel: c?.value ?? null,
      crudeIndex: indexOf(c?.value, oil.base),
      crudeYoyPct: yoyPct(c?.value, oil.byMonth.get(yearBefore)?.value),
      jetFuelDerived: j?.derived ?? false,
    });
  }
  return rows;
}

/** Runs of consecutive months, as 'YYYY-MM' or 'YYYY-MM..YYYY-MM' labels. */
export function monthRuns(months: readonly string[]): string[] {
  const sorted = [...new Set(months)].sort();
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && monthIndex(sorted[i]) === monthIndex(sorted[i - 1]) + 1) continue;
    runs.push(runLabel(sorted[start], sorted[i - 1]));
    start = i;
  }
  return sorted.length === 0 ? [] : runs;
}

export const FUEL_UNITS = {
  jetFuel:
    'US dollars per US gallon (jet_fuel_usd_gallon) and per litre (jet_fuel_usd_litre; 1 US gallon = 3.785411784 litres): U.S. Gulf Coast kerosene-type jet fuel spot price FOB, monthly average.',
  crude: 'US dollars per barrel (42 US gallons): Europe Brent crude spot price FOB, monthly average.',
};

export const FUEL_INDEX_BASE =
  "2019 = 100: each month's price divided by the average of that price's twelve monthly values of 2019, times 100.";

/** Sources, and which jet fuel months we averaged ourselves from weekly prices. */
export function fuelNote(jetFuel: readonly PricePoint[]): string {
  const published = jetFuel.filter((p) => !p.derived).map((p) => p.period).sort();
  const derived = monthRuns(jetFuel.filter((p) => p.derived).map((p) => p.period));
  const publishedText = published.length
    ? `monthly averages published by EIA (FRED series MJFUELUSGULF) for ${published[0]} to ${published.at(-1)}`
    : 'no published monthly averages';
  const derivedText = derived.length
    ? `; ${derived.map((r) => r.replace('..', ' to ')).join(', ')} are averaged by us from EIA's weekly prices (series EER_EPJK_PF4_RGC_DPG), each week counted for its weekdays in the month, and only for months whose every weekday is covered`
    : '';
  return (
    `Jet fuel: ${publishedText}${derivedText}. ` +
    'Crude: EIA Europe Brent spot price FOB (RBRTE), monthly averages. ' +
    'Year-on-year changes compare the same month a year before; a figure is null where a price is missing. Months after the last finished month are not shown.'
  );
}
