/**
 * Country.originShift: each origin market's share of arrivals over the latest 12 months against
 * the 12 before. The richest breakdown present decides: monthly where the publisher breaks monthly
 * arrivals down by origin (JNTO for Japan); else annual countries of origin from Eurostat's
 * trips matrix (EU/EFTA residents' trips by destination, household surveys); else UN Tourism's
 * annual arrivals by region of origin. Annual: the latest year against the year before.
 */
import { perRelease } from '../../db/data-store';
import { sumOfCommonMembers, sumOfSlices, totalWhereBreakdownComplete, TRIPS_MATRIX_TABLE, type MemberSeries } from '../../domain/origin-breakdown';
import { originLabel } from '../../domain/origin-labels';
import { originShift, originShiftAnnual, type OriginShift, type OriginShiftMethod } from '../../domain/origin-shift';
import { invalidParameter, limitArg } from '../args';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';

interface ShiftRow {
  origin: string;
  code: string;
  sharePct: number;
  changePoints: number;
  lo80: number | null;
  hi80: number | null;
}

const OriginShiftMethodType = builder.objectRef<OriginShiftMethod>('OriginShiftMethod').implement({
  fields: (t) => ({
    window: t.exposeString('window'),
    against: t.exposeString('against'),
    value: t.exposeString('value'),
    lo80: t.exposeString('lo80'),
  }),
});

const OriginShiftRowType = builder.objectRef<ShiftRow>('OriginShiftRow').implement({
  fields: (t) => ({
    origin: t.exposeString('origin', { description: 'Country name, or the publisher grouping in words.' }),
    code: t.exposeString('code', { description: "The breakdown member: a lower-case ISO code or the publisher's grouping." }),
    sharePct: t.exposeFloat('sharePct', { description: 'Share of arrivals over the latest window, %.' }),
    changePoints: t.exposeFloat('changePoints', { description: 'share_pct minus the share over the window before, percentage points.' }),
    lo80: t.exposeFloat('lo80', { nullable: true }),
    hi80: t.exposeFloat('hi80', { nullable: true }),
  }),
});

const OriginShiftType = builder
  .objectRef<{ freq: string; method: OriginShiftMethod; rows: ShiftRow[]; hasNextPage: boolean }>('OriginShift')
  .implement({
    fields: (t) => ({
      freq: t.exposeString('freq', { description: 'M (monthly breakdown) or A (annual: countries of origin from the trips matrix, else regions of origin).' }),
      method: t.field({ type: OriginShiftMethodType, resolve: (s) => s.method }),
      rows: t.field({ type: [OriginShiftRowType], resolve: (s) => s.rows }),
      hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether rows follow these (with `limit`): ask again with `after` the code of the last.' }),
    }),
  });

const MONTHLY_TOTAL_TEXT =
  ' The total is the publisher’s own (so markets not broken out count in it), or in months where the publisher gives none, the sum of its complete breakdown; taken only in months where every market listed is published, so all are compared over the same windows.';
const matrixTotalText = (markets: number) =>
  ' Trips of EU/EFTA residents by country of destination, from the household surveys of the countries of residence (Eurostat tour_dem_ttw), ' +
  `used because no monthly origin breakdown is held for this country. The total is the sum of the ${markets} origin markets published in both years, ` +
  "so every share is of the same markets in both years; travellers from outside the EU/EFTA surveys and the country's own residents are not in it.";
const ANNUAL_TOTAL_TEXT =
  ' Annual UN Tourism arrivals by region of origin, used because no monthly origin breakdown is held for this country; the total is the Regions sheet’s own total where the workbook gives it, else the sum of the regions, over the latest two years that list the same regions (the “of which” row of nationals residing abroad is not added).';

/** ISO codes carrying the statistic, monthly and annual: for the message to a country without it. */
async function carriers(ctx: GraphQLContext): Promise<{ monthly: string[]; annual: number }> {
  const rows = await ctx.prisma.series.findMany({
    where: { breakdown: 'origin', measure: 'arrivals' },
    select: { countryIso: true, freq: true },
    distinct: ['countryIso', 'freq'],
  });
  const monthly = [...new Set(rows.filter((r) => r.freq === 'M').map((r) => r.countryIso))].sort();
  const annual = new Set(rows.filter((r) => r.freq !== 'M').map((r) => r.countryIso));
  return { monthly, annual: annual.size };
}

/** The breakdowns origin shift can use, richest first. */
type Breakdown = 'monthly' | 'matrix' | 'regions';
const BREAKDOWNS: Breakdown[] = ['monthly', 'matrix', 'regions'];

/**
 * A country's origin shift, from the figures `load` gives: the plan's (the request's observations)
 * for the shift shown, every figure for whether a country carries one at all.
 */
export async function shiftOf(
  ctx: GraphQLContext,
  iso: string,
  load: Pick<GraphQLContext['loaders']['allObservations'], 'loadMany'> = ctx.loaders.observations,
): Promise<(OriginShift & { freq: string }) | null> {
  const series = await ctx.prisma.series.findMany({
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

/** Countries whose origin breakdown covers two comparable windows, computed once per release. */
export function originShiftCountries(ctx: GraphQLContext): Promise<Set<string>> {
  return perRelease(ctx.snapshot, 'origin-shift:countries', async () => {
    const rows = await ctx.prisma.series.findMany({ where: { breakdown: 'origin', measure: 'arrivals' }, select: { countryIso: true }, distinct: ['countryIso'] });
    const carrying = new Set<string>();
    // Shared by every plan (Country.statistics is free): read from every figure present.
    for (const { countryIso } of rows) if (await shiftOf(ctx, countryIso, ctx.loaders.allObservations)) carrying.add(countryIso);
    return carrying;
  });
}

builder.prismaObjectField('Country', 'originShift', (t) =>
  t.field({
    type: OriginShiftType,
    description:
      "Each origin market's share of arrivals, latest 12 months against the 12 before (annual countries of origin from Eurostat's trips matrix, else annual regions of origin, where no monthly breakdown is held), largest moves first. " +
      '`after` is the code of the last row of the previous page.',
    authScopes: { intel: true },
    args: { limit: t.arg.int(), after: t.arg.string() },
    select: { iso: true },
    resolve: async (c, args, ctx) => {
      const limit = limitArg(args.limit);
      const shift = await shiftOf(ctx, c.iso);
      if (!shift) {
        const { monthly, annual } = await carriers(ctx);
        throw invalidParameter(
          `${c.iso} has no arrivals breakdown by origin covering two comparable windows, so origin-shift is not served for it. ` +
            `It is served for ${monthly.join(', ')} (monthly) and ${annual} countries with annual arrivals by origin (Eurostat's trips matrix or UN Tourism's regions of origin); ` +
            'the statistics of /v1/countries/{iso} list it where it applies.',
          'country',
        );
      }
      const names = new Map((await ctx.prisma.country.findMany({ select: { iso: true, name: true } })).map((x) => [x.iso, x.name]));
      const rows: ShiftRow[] = shift.rows.map((r) => ({
        origin: originLabel(r.origin, names),
        code: r.origin,
        sharePct: r.sharePct,
        changePoints: r.changePoints,
        lo80: r.lo80,
        hi80: r.hi80,
      }));
      let start = 0;
      if (args.after != null) {
        const at = rows.findIndex((r) => r.code === args.after);
        if (at < 0) throw invalidParameter('cursor is not one this service issued.', 'cursor');
        start = at + 1;
      }
      const end = limit === undefined ? rows.length : Math.min(start + limit, rows.length);
      return { freq: shift.freq, method: shift.method, rows: rows.slice(start, end), hasNextPage: end < rows.length };
    },
  }),
);
