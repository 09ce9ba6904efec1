/**
 * Travel receipts and spending abroad beside the size of the economy, by year.
 *
 * receiptsUsd: World Bank ST.INT.RCPT.CD (UN Tourism figures, the Bank's newer vintage) where
 * present, else UN Tourism's inbound expenditure total (published in US$ millions), else for years
 * UN Tourism gives no total its travel item (the total less passenger transport: Spain's total
 * ends in 1998, its travel item runs to 2021), said in the note.
 * spendingAbroadUsd: UN Tourism's outbound expenditure (US$ millions), else its travel item.
 * arrivals: from monthly counts, summed over whole years only (a year with any month missing is
 * null, never part-summed); only when no monthly arrivals series is present, the annual published
 * total by the rule tourism intensity uses (intensity-inputs.ts): UN Tourism's total arrivals
 * (thousands, shifted exactly to units), else World Bank ST.INT.ARVL as a whole count. Arrivals
 * are always whole counts.
 * receiptsPerArrivalUsd = receipts ÷ arrivals (2 decimals); receiptsShareGdpPct = receipts
 * ÷ GDP in current US$ (World Bank) × 100 (2 decimals). Null whenever a part is missing.
 * Rows: the years with receipts or spending abroad, newest first.
 */
import { bankCount } from './intensity-inputs';
import { round } from './numeric';
import { monthPeriod } from './periods';
import { type PeriodValue, sumOfPeriods, valuesByPeriod } from './series';

export type YearValues = ReadonlyMap<number, number>;

export interface MonthlyArrivals {
  /** Alias of the series summed, for the note. */
  series: string;
  /** What the series counts, for the note. */
  description: string;
  observations: readonly PeriodValue[];
}

export interface TourismBalanceInput {
  receiptsWorldBank: YearValues;
  receiptsUnTourism: YearValues;
  /** UN Tourism's inbound travel item: receipts for years it gives no total. */
  receiptsUnTourismTravel: YearValues;
  spendingAbroad: YearValues;
  /** UN Tourism's outbound travel item: spending abroad for years it gives no total. */
  spendingAbroadTravel: YearValues;
  /** Null when no monthly arrivals series is present. */
  monthlyArrivals: MonthlyArrivals | null;
  annualArrivalsWorldBank: YearValues;
  /** In units (the thousands already shifted exactly). */
  annualArrivalsUnTourism: YearValues;
  gdpUsd: YearValues;
}

export interface TourismYear {
  year: number;
  receiptsUsd: number | null;
  spendingAbroadUsd: number | null;
  arrivals: number | null;
  receiptsPerArrivalUsd: number | null;
  receiptsShareGdpPct: number | null;
}

export interface TourismBalance {
  years: TourismYear[];
  latestYear: number | null;
  note: string;
}

export const NO_QUARTERLY_SOURCE =
  'No quarterly balance-of-payments travel source is held (Eurostat bop_c6_q was not available), so quarters is empty.';

/** Calendar-year totals of a monthly series, for years with all twelve months. */
export function wholeYearTotals(observations: readonly PeriodValue[]): Map<number, number> {
  const values = valuesByPeriod(observations, 'M');
  const years = new Set([...values.keys()].map((p) => Number(p.slice(0, 4))));
  const totals = new Map<number, number>();
  for (const year of years) {
    const total = sumOfPeriods(values, Array.from({ length: 12 }, (_, i) => monthPeriod(year, i + 1)));
    if (total !== null) totals.set(year, total);
  }
  return totals;
}

/** The published annual total of a year: UN Tourism's own, else the Bank's copy; a whole count either way. */
function annualArrivals(input: TourismBalanceInput, year: number): number | null {
  const un = input.annualArrivalsUnTourism.get(year);
  if (un !== undefined && Number.isFinite(un)) return Math.round(un);
  const bank = input.annualArrivalsWorldBank.get(year);
  return bank !== undefined && Number.isFinite(bank) ? bankCount(bank) : null;
}

function firstOf(year: number, ...sources: YearValues[]): number | null {
  for (const s of sources) {
    const v = s.get(year);
    if (v !== undefined && Number.isFinite(v)) return v;
  }
  return null;
}

export function tourismBalance(input: TourismBalanceInput): TourismBalance {
  const monthlyTotals = input.monthlyArrivals ? wholeYearTotals(input.monthlyArrivals.observations) : null;
  const years = new Set(
    [input.receiptsWorldBank, input.receiptsUnTourism, input.receiptsUnTourismTravel, input.spendingAbroad, input.spendingAbroadTravel].flatMap((m) => [...m.keys()]),
  );
  const receiptsFromUn: number[] = [];
  const fromTravelItem = { receipts: [] as number[], spending: [] as number[] };
  const rows: TourismYear[] = [];
  for (const year of [...years].sort((a, b) => b - a)) {
    const receipts = firstOf(year, input.receiptsWorldBank, input.receiptsUnTourism, input.receiptsUnTourismTravel);
    const spending = firstOf(year, input.spendingAbroad, input.spendingAbroadTravel);
    if (receipts === null && spending === null) continue;
    if (receipts !== null && !input.receiptsWorldBank.has(year)) receiptsFromUn.push(year);
    if (receipts !== null && firstOf(year, input.receiptsWorldBank, input.receiptsUnTourism) === null) fromTravelItem.receipts.push(year);
    if (spending !== null && firstOf(year, input.spendingAbroad) === null) fromTravelItem.spending.push(year);
    // A count: NTTO's cells carry spreadsheet residue (the United States' 2010 months sum to 60,010,360.46).
    const monthlySum = monthlyTotals?.get(year);
    const arrivals = monthlyTotals ? (monthlySum === undefined ? null : Math.round(monthlySum)) : annualArrivals(input, year);
    const gdp = firstOf(year, input.gdpUsd);
    rows.push({
      year,
      receiptsUsd: receipts,
      spendingAbroadUsd: spending,
      arrivals,
      receiptsPerArrivalUsd: receipts !== null && arrivals !== null && arrivals > 0 ? round(receipts / arrivals, 2) : null,
      receiptsShareGdpPct: receipts !== null && gdp !== null && gdp > 0 ? round((receipts / gdp) * 100, 2) : null,
    });
  }
  const latestYear = rows.find((r) => r.receiptsUsd !== null)?.year ?? rows[0]?.year ?? null;
  return { years: rows, latestYear, note: balanceNote(input, receiptsFromUn, fromTravelItem) };
}

/** Years as runs: 1995, 1999–2001, 2005. */
export function yearRuns(years: readonly number[]): string {
  const sorted = [...years].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j === i ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

const TRAVEL_ITEM = 'its travel item, as UN Tourism gives no total for them (passenger transport not included)';

function balanceNote(input: TourismBalanceInput, receiptsFromUn: number[], fromTravelItem: { receipts: number[]; spending: number[] }): string {
  const receipts =
    'Receipts: World Bank ST.INT.RCPT.CD (international tourism receipts, current US$, from UN Tourism)' +
    (receiptsFromUn.length ? `; for ${yearRuns(receiptsFromUn)}, which the Bank lacks, UN Tourism inbound tourism expenditure` : '') +
    (fromTravelItem.receipts.length ? `; for ${yearRuns(fromTravelItem.receipts)}, ${TRAVEL_ITEM}.` : '.');
  const spending =
    ' Spending abroad: UN Tourism outbound tourism expenditure (current US$)' +
    (fromTravelItem.spending.length ? `; for ${yearRuns(fromTravelItem.spending)}, ${TRAVEL_ITEM}.` : '.');
  const arrivals = input.monthlyArrivals
    ? ` Arrivals: ${input.monthlyArrivals.description} (series ${input.monthlyArrivals.series}), summed from monthly counts over whole years only; a year with any month missing is null.`
    : ' Arrivals: no monthly arrivals series is held, so the annual published total is used (UN Tourism inbound arrivals, published in thousands, given in units; else World Bank ST.INT.ARVL, as a whole count).';
  const gdp = ' receipts_share_gdp_pct: receipts ÷ World Bank GDP in current US$.';
  return `${receipts}${spending}${arrivals}${gdp} ${NO_QUARTERLY_SOURCE}`;
}
