/**
 * Country.originShift: each origin market's share of arrivals over the latest 12 months against
 * the 12 before. The richest breakdown present decides: monthly where the publisher breaks monthly
 * arrivals down by origin (JNTO for Japan); else annual countries of origin from Eurostat's
 * trips matrix (EU/EFTA residents' trips by destination, household surveys); else UN Tourism's
 * annual arrivals by region of origin. Annual: the latest year against the year before.
 */
import { originLabel } from '../../domain/origin-labels';
import type { OriginShiftMethod } from '../../domain/origin-shift';
import { shiftOf } from '../../db/origin-shift';
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
      const shift = await shiftOf(ctx.prisma, c.iso, ctx.loaders.observations);
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
