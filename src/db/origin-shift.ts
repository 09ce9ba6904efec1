/**
 * A country's origin shift (domain/origin-shift.ts) from its arrivals series: the richest origin
 * breakdown present decides (monthly, else Eurostat's trips matrix, else UN Tourism's regions).
 * Whether a country carries one at all is computed at ingest from every figure and stored
 * (OriginShiftCountry); the shift shown is computed per request from the figures the plan sees.
 */
import { sumOfCommonMembers, sumOfSlices, totalWhereBreakdownComplete, TRIPS_MATRIX_TABLE, type MemberSeries } from '../domain/origin-breakdown';
import { originShift, originShiftAnnual, type OriginShift } from '../domain/origin-shift';
import type { Observation } from '../generated/prisma/client';
import type { Prisma } from './client';

/** Reads several series' observations, oldest first (an Error in place of one that failed). */
export interface ObservationsLoad {
  loadMany: (ids: readonly string[]) => Promise<readonly (Observation[] | Error)[]> | PromiseLike<ArrayLike<Observation[] | Error>>;
}

const MONTHLY_TOTAL_TEXT =
  ' The total is the publisher’s own (so markets not broken out count in it), or in months where the publisher gives none, the sum of its complete breakdown; taken only in months where every market listed is published, so all are compared over the same windows.';
const matrixTotalText = (markets: number) =>
  ' Trips of EU/EFTA residents by country of destination, from the household surveys of the countries of residence (Eurostat tour_dem_ttw), ' +
  `used because no monthly origin breakdown is held for this country. The total is the sum of the ${markets} origin markets published in both years, ` +
  "so every share is of the same markets in both years; travellers from outside the EU/EFTA surveys and the country's own residents are not in it.";
const ANNUAL_TOTAL_TEXT =
  ' Annual UN Tourism arrivals by region of origin, used because no monthly origin breakdown is held for this country; the total is the Regions sheet’s own total where the workbook gives it, else the sum of the regions, over the latest two years that list the same regions (the “of which” row of nationals residing abroad is not added).';

/** The breakdowns origin shift can use, richest first. */
type Breakdown = 'monthly' | 'matrix' | 'regions';
const BREAKDOWNS: Breakdown[] = ['monthly', 'matrix', 'regions'];

/**
 * A country's origin shift, from the figures `load` gives: the plan's (the request's observations)
 * for the shift shown, every figure for whether a country carries one at all.
 */
export async function shiftOf(prisma: Prisma, iso: string, load: ObservationsLoad): Promise<(OriginShift & { freq: string }) | null> {
  const series = await prisma.series.findMany({
    where: { countryIso: iso, measure: 'arrivals', OR: [{ breakdown: 'origin' }, { breakdown: null }] },
    select: { id: true, breakdown: true, member: true, freq: true, tableCode: true },
    orderBy: { alias: 'asc' },
  });
  const observations = await load.loadMany(series.map((s) => s.id));
  const obsOf = (id: string) => {
    const found = observations[series.findIndex((s) => s.id === id)];
    if (found instanceof Error) throw found;
    return found;
  };
  const kindOf = (s: (typeof series)[number]): Breakdown =>
    s.freq === 'M' ? 'monthly' : s.tableCode === TRIPS_MATRIX_TABLE ? 'matrix' : 'regions';
  for (const kind of BREAKDOWNS) {
    const origins = series.filter((s) => s.breakdown === 'origin' && kindOf(s) === kind);
    if (origins.length === 0) continue;
    const members: MemberSeries[] = origins.map((s) => ({ member: s.member!, observations: obsOf(s.id) }));
    const freq = kind === 'monthly' ? 'M' : 'A';
    // The total of the origins' own table; for a monthly breakdown a publisher splits over files
    // (JNTO's origins and its total), the country's monthly total of any table.
    const totals = series.filter((s) => s.breakdown === null && s.freq === freq);
    const total = totals.find((s) => s.tableCode === origins[0].tableCode) ?? (kind === 'monthly' ? totals[0] : undefined);
    const byOrigin = members.map((m) => ({ origin: m.member, observations: m.observations }));
    let shift: OriginShift | null = null;
    if (kind === 'monthly') {
      if (!total) continue;
      const totalMonths = new Set(obsOf(total.id).filter((o) => o.value !== null).map((o) => o.period));
      // One publisher table's breakdown at a time, the one reaching furthest first: two tables' markets
      // (JNTO's regions to 2017 and its nationalities to 2025) share no month in which all are published.
      const tables = [...new Set(origins.map((s) => s.tableCode))];
      const reach = (table: string) =>
        origins.filter((s) => s.tableCode === table).flatMap((s) => obsOf(s.id).filter((o) => o.value !== null && totalMonths.has(o.period)).map((o) => o.period)).sort().at(-1) ?? '';
      for (const table of tables.sort((a, b) => reach(b).localeCompare(reach(a)))) {
        const ofTable = members.filter((_, i) => origins[i].tableCode === table);
        // Origins with no month beside the total cannot be set against it.
        const comparable = ofTable.filter((m) => m.observations.some((o) => o.value !== null && totalMonths.has(o.period)));
        shift = originShift(
          byOrigin.filter((o) => comparable.some((m) => m.member === o.origin)),
          totalWhereBreakdownComplete(obsOf(total.id), comparable, 'M'),
        );
        if (shift) break;
      }
      if (shift) shift.method.value += MONTHLY_TOTAL_TEXT;
    } else if (kind === 'matrix') {
      shift = originShiftAnnual(byOrigin, sumOfCommonMembers(members));
      if (shift) shift.method.value += matrixTotalText(shift.rows.length);
    } else {
      shift = originShiftAnnual(byOrigin, total ? obsOf(total.id) : sumOfSlices(members));
      if (shift) shift.method.value += ANNUAL_TOTAL_TEXT;
    }
    if (shift) return { ...shift, freq };
  }
  return null;
}

