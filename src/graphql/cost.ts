/**
 * What a query costs, counted before it runs (useQueryCost holds it to QUERY_LIMITS and reports it
 * in `extensions.cost`): about one unit per value an answer carries, and for fields that work
 * figures out, units in proportion to that work. A list costs its length times what one item
 * costs, so the limit bounds both the work and the bytes of an answer. A list's length is what the
 * query asks for, at most what the served release holds:
 *   - a connection: its page size, `first` or `last` (else the default page); `countries` at most
 *     the countries present or the codes listed, `series` at most the series present; its `nodes` and
 *     `edges` then count once each;
 *   - `observations`: the months in [from, to], at most the months the release spans;
 *   - a region's countries and a country's peers: 60, the most a world region holds;
 *   - other lists: DEFAULT_LIST_LENGTH items (a country's headline series: one per measure).
 */
import type { ReleaseSizes } from '../db/data-store';
import { firstMonthOf, lastMonthOf, parsePeriod } from '../domain/periods';
import { DEFAULT_PAGE_SIZE } from './args';

/** Items a plain list is counted as when nothing in the query says how long it is. */
export const DEFAULT_LIST_LENGTH = 10;

/** A world region's countries (and a country's peers in it): Africa and Europe hold about 55 each. */
export const REGION_COUNTRIES_COST = { field: 1, multiplier: 60 };

/** Units for the fields that compute, per item, in proportion to their measured work on the test release (docs/performance.md). */
export const WORK_COST = {
  /** One country-year of holiday rules, priced for the costliest country (Malaysia's 16 states). */
  holidayYear: 50_000,
  /** A holidays join computes every year its series spans (decades). */
  holidayJoin: 200_000,
  /** A country's economy or tourism-economy table. */
  economyTable: 2_000,
  /** A country's brief (figures, outlook, rivals): computed the first time in a release, cached after. */
  brief: 2_000,
  /** A country's rivals. */
  rivals: 1_000,
};

/** The cost option of a field: its own units, and how many times its children count. */
interface FieldCost {
  field: number;
  multiplier: number;
}

/** What cost functions read of the context: the served release's sizes (absent outside a request). */
interface CostContext {
  snapshot?: { sizes: ReleaseSizes };
}

type PageArgs = { first?: number | null; last?: number | null };

function page(args: PageArgs, ...bounds: (number | undefined)[]): FieldCost {
  const asked = Math.max(args.first ?? args.last ?? DEFAULT_PAGE_SIZE, 0);
  return { field: 1, multiplier: Math.min(asked, ...bounds.filter((b): b is number => b !== undefined)) };
}

/** A connection field over a list the release does not bound (search hits, tables, revisions …). */
export const pageCost = (args: PageArgs): FieldCost => page(args);

export const countriesPageCost = (args: PageArgs & { isos?: readonly string[] | null }, ctx: CostContext): FieldCost =>
  page(args, ctx.snapshot?.sizes.countries, args.isos?.length);

export const seriesPageCost = (args: PageArgs, ctx: CostContext): FieldCost => page(args, ctx.snapshot?.sizes.series);

/** A connection's `nodes` and `edges`: the page size is counted on the connection itself. */
export const PAGE_ITEMS_COST: FieldCost = { field: 1, multiplier: 1 };

/** Months open ends stand for outside a request: 1980 to 2030. */
const OPEN_SPAN = { from: 1980 * 12, to: 2030 * 12 + 11 };

/** The months a [from, to] range spans, at most the release's span; a bad period counts as an open end (it is rejected later). */
export function monthsCost(args: { from?: string | null; to?: string | null }, ctx: CostContext): FieldCost {
  const month = (text: string | null | undefined, end: boolean, open: number) => {
    const p = text ? parsePeriod(text) : null;
    return p ? p.year * 12 + (end ? lastMonthOf(p) : firstMonthOf(p)) - 1 : open;
  };
  const asked = Math.max(month(args.to, true, OPEN_SPAN.to) - month(args.from, false, OPEN_SPAN.from) + 1, 0);
  const monthsPresent = ctx.snapshot?.sizes.months;
  return { field: 1, multiplier: monthsPresent === undefined ? asked : Math.min(asked, monthsPresent) };
}
