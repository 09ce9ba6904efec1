/**
 * Country.brief: the latest month in words and figures, written from the figures and checked
 * against them before it is served; remade once per release (memoised in the snapshot).
 */
import { perRelease } from '../../db/data-store';
import { assembleBriefFigures, contextPoint } from '../../domain/brief/assemble';
import { composeBrief, verifyBrief, type BriefFigures } from '../../domain/brief';
import { OUTLOOK_METHOD, OUTLOOK_METHOD_IN_WORDS } from '../../domain/forecast';
import { gaps, type GapObservation } from '../../domain/gaps';
import { monthsBehind, yearBefore } from '../../domain/periods';
import { trustGrade } from '../../domain/trust';
import { yoyPct } from '../../domain/yoy';
import { roundOrNull } from '../../domain/numeric';
import { visibleFrom } from '../../domain/visibility';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { primarySeriesByCountry } from '../primary-series';
import { rivalFor, rivalsOf } from '../rival-table';
import { currencyRates } from './measures';
import { WORK_COST } from '../cost';

export interface ServedBrief {
  figures: BriefFigures;
  headline: string;
  brief: string[];
}

const FLAGGED = new Set(['estimated', 'provisional', 'break']);

/** Why a country has no brief: no monthly headline series with figures, or a brief withheld by the number check. */
export const BRIEF_ABSENCES = ['no_monthly_series', 'withheld'] as const;
export type BriefAbsence = (typeof BRIEF_ABSENCES)[number];

/** Why a country has no brief, in words (Country.briefNote; /v1/countries/{iso}/brief's meta.note). */
export function noBriefNote(name: string, absence: BriefAbsence): string {
  return absence === 'withheld'
    ? `No brief for ${name}: the brief written from its figures did not pass the number check, so it is not served.`
    : `No brief for ${name}: briefs are written for countries whose main series (the freshest of their headline series) is monthly.`;
}

const BriefAbsenceEnum = builder.enumType('BriefAbsence', {
  description: "Why a country's brief is null: no_monthly_series (its main series is not monthly, or holds no figures), withheld (a brief was written but its text did not match its figures, so it is not served).",
  values: BRIEF_ABSENCES,
});

async function growthOf(ctx: GraphQLContext, iso: string, year: number) {
  const rows = await ctx.prisma.indicator.findMany({
    where: { countryIso: iso, indicator: { in: ['NY.GDP.MKTP.KD.ZG', 'WEO:gdp_growth_pct'] }, year: { lte: year } },
    orderBy: { year: 'desc' },
  });
  // The World Bank's figure for the year, else the IMF's (flagged when a projection), else the newest present.
  const pick = rows.find((r) => r.year === year && r.indicator === 'NY.GDP.MKTP.KD.ZG') ?? rows.find((r) => r.year === year) ?? rows[0];
  return pick ? { year: pick.year, pct: roundOrNull(pick.value, 1)!, projected: pick.projection } : null;
}

async function currencyContext(ctx: GraphQLContext, currency: string | null, month: string) {
  if (!currency) return null;
  if (currency === 'EUR') return { currency, perEur: 1, yoyPct: 0 };
  const rates = await currencyRates(ctx, currency);
  if (!rates || rates === 'EUR') return null;
  const point = contextPoint([...rates.monthly].map(([period, value]) => ({ period, value })), month);
  return point ? { currency, perEur: point.value, yoyPct: point.yoyPct } : null;
}

/** Monthly jet fuel prices, read once per release: every brief places its month among them. */
function jetFuelPrices(ctx: GraphQLContext) {
  return perRelease(ctx.snapshot, 'prices:jet_fuel', () =>
    ctx.prisma.price.findMany({ where: { code: 'jet_fuel' }, orderBy: { period: 'asc' }, select: { period: true, value: true } }),
  );
}

async function buildBrief(ctx: GraphQLContext, iso: string): Promise<ServedBrief | BriefAbsence> {
  // Briefs are of monthly series: a country whose primary series is annual has none.
  const primaries = new Map([...(await primarySeriesByCountry(ctx))].filter(([, p]) => p.freq === 'M'));
  const main = primaries.get(iso);
  if (!main) return 'no_monthly_series';
  const observations = await ctx.loaders.observations.load(main.id);
  const present = observations.filter((o) => o.value !== null);
  if (present.length === 0) return 'no_monthly_series';
  const month = present[present.length - 1].period;
  // Region peers with the same measure, for the rank in the latest month.
  const peers = [...primaries.values()].filter((p) => p.measure === main.measure && p.country.regionSlug && p.country.regionSlug === main.country.regionSlug);
  const peerObs = await Promise.all(peers.map((p) => ctx.loaders.observations.load(p.id)));
  const regionValues = peers.flatMap((p, i) => {
    const v = peerObs[i].find((o) => o.period === month)?.value;
    return v == null ? [] : [{ country: p.countryIso, value: v }];
  });
  const [country, revisions, fuel, table] = await Promise.all([
    ctx.prisma.country.findUnique({ where: { iso }, select: { currency: true, region: { select: { name: true } } } }),
    ctx.prisma.revision.count({ where: { seriesId: main.id } }),
    jetFuelPrices(ctx),
    rivalsOf(ctx.snapshot, iso),
  ]);
  const report = gaps(observations as GapObservation[], ctx.now, 1);
  const trust = trustGrade({
    completePct: report?.completePct ?? 0,
    revisions,
    flaggedShare: present.filter((o) => FLAGGED.has(o.status)).length / present.length,
    monthsBehind: monthsBehind(month, ctx.now),
  });
  const jet = contextPoint(fuel, month);
  const rivals = await Promise.all(
    table.rivals.map(async (r) => {
      const theirs = primaries.get(r.country);
      const obs = theirs ? (await ctx.loaders.observations.load(theirs.id)).filter((o) => o.value !== null) : [];
      const last = obs[obs.length - 1];
      const before = last ? obs.find((o) => o.period === yearBefore(last.period)) : undefined;
      return {
        country: r.country,
        name: r.name,
        score: r.score,
        sharedMarkets: r.sharedMarkets.map((m) => m.country),
        month: last?.period ?? null,
        yoyPct: last ? yoyPct(last.value, before?.value) : null,
      };
    }),
  );
  const rivalForCodes = await rivalFor(ctx.snapshot, iso);
  const names = Object.fromEntries(
    (await ctx.prisma.country.findMany({ where: { iso: { in: rivalForCodes } }, select: { iso: true, name: true } })).map((c) => [c.iso, c.name]),
  );
  const figures = assembleBriefFigures({
    country: iso,
    name: main.country.name,
    region: country?.region?.name ?? null,
    measure: { name: main.measure, unit: main.measure },
    observations,
    regionValues,
    trust,
    context: {
      jetFuel: jet ? { month: jet.month, usdGallon: jet.value, yoyPct: jet.yoyPct } : null,
      currency: await currencyContext(ctx, country?.currency ?? null, month),
      growth: await growthOf(ctx, iso, Number(month.slice(0, 4))),
    },
    rivals,
    rivalFor: rivalForCodes,
    names,
  });
  if (!figures) return 'no_monthly_series';
  const text = composeBrief(figures);
  const check = verifyBrief([text.headline, ...text.brief], figures);
  // A brief whose text does not match its figures is not served.
  if (!check.ok) {
    ctx.log(`brief of ${iso} withheld: its text failed the number check: ${check.problems.join('; ')}`);
    return 'withheld';
  }
  return { figures, headline: text.headline, brief: text.brief };
}

/**
 * One brief per country and release (and day, as "today" enters freshness and trust), and per
 * visibility cutoff: it is built from the figures the plan sees (the request's loaders).
 */
export function briefOf(ctx: GraphQLContext, iso: string): Promise<ServedBrief | BriefAbsence> {
  const cutoff = visibleFrom(ctx.plan, ctx.now) ?? 'all';
  return perRelease(ctx.snapshot, `brief:${iso}:${ctx.now.toISOString().slice(0, 10)}:${cutoff}`, () => buildBrief(ctx, iso));
}

const RegionRankType = builder.objectRef<{ rank: number; of: number }>('RegionRank').implement({
  fields: (t) => ({ rank: t.exposeInt('rank'), of: t.exposeInt('of') }),
});
const TrustType = builder.objectRef<{ grade: string; score: number }>('TrustGrade').implement({
  description: 'From completeness (gaps), timeliness, flagged figures and revisions: A ≥ 85, B ≥ 70, C ≥ 55, else D.',
  fields: (t) => ({ grade: t.exposeString('grade'), score: t.exposeFloat('score') }),
});
const BriefFiguresType = builder.objectRef<BriefFigures['figures']>('BriefFigures').implement({
  fields: (t) => ({
    value: t.exposeFloat('value'),
    yoyPct: t.exposeFloat('yoyPct', { nullable: true }),
    vs2019Pct: t.exposeFloat('vs2019Pct', { nullable: true }),
    ytdYoyPct: t.exposeFloat('ytdYoyPct', { nullable: true }),
    regionRank: t.field({ type: RegionRankType, nullable: true, resolve: (f) => f.regionRank }),
    trust: t.field({ type: TrustType, nullable: true, resolve: (f) => f.trust }),
  }),
});
const BriefMonthType = builder.objectRef<BriefFigures['lastSix'][number]>('BriefMonth').implement({
  fields: (t) => ({
    month: t.exposeString('month'),
    value: t.exposeFloat('value', { nullable: true }),
    yoyPct: t.exposeFloat('yoyPct', { nullable: true }),
    vs2019Pct: t.exposeFloat('vs2019Pct', { nullable: true }),
    vs3yrAvgPct: t.exposeFloat('vs3yrAvgPct', { nullable: true }),
  }),
});
const OutlookType = builder.objectRef<BriefFigures['outlook'][number]>('OutlookMonth').implement({
  description: 'A forecast month with its 80% interval.',
  fields: (t) => ({
    month: t.exposeString('month'),
    value: t.exposeFloat('value'),
    low: t.exposeFloat('low'),
    high: t.exposeFloat('high'),
    yoyPct: t.exposeFloat('yoyPct', { nullable: true }),
  }),
});
type Ctx = BriefFigures['context'];
const JetFuelType = builder.objectRef<NonNullable<Ctx['jetFuel']>>('BriefJetFuel').implement({
  fields: (t) => ({ month: t.exposeString('month'), usdGallon: t.exposeFloat('usdGallon'), yoyPct: t.exposeFloat('yoyPct', { nullable: true }) }),
});
const CurrencyType = builder.objectRef<NonNullable<Ctx['currency']>>('BriefCurrency').implement({
  fields: (t) => ({ currency: t.exposeString('currency'), perEur: t.exposeFloat('perEur'), yoyPct: t.exposeFloat('yoyPct', { nullable: true }) }),
});
const GrowthType = builder.objectRef<NonNullable<Ctx['growth']>>('BriefGrowth').implement({
  fields: (t) => ({ year: t.exposeInt('year'), pct: t.exposeFloat('pct'), projected: t.exposeBoolean('projected') }),
});
const BriefContextType = builder.objectRef<Ctx>('BriefContext').implement({
  fields: (t) => ({
    jetFuel: t.field({ type: JetFuelType, nullable: true, resolve: (c) => c.jetFuel }),
    currency: t.field({ type: CurrencyType, nullable: true, resolve: (c) => c.currency }),
    growth: t.field({ type: GrowthType, nullable: true, resolve: (c) => c.growth }),
  }),
});
const BriefRivalType = builder.objectRef<BriefFigures['rivals'][number]>('BriefRival').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    name: t.exposeString('name'),
    score: t.exposeFloat('score'),
    sharedMarkets: t.exposeStringList('sharedMarkets'),
    month: t.exposeString('month', { nullable: true }),
    yoyPct: t.exposeFloat('yoyPct', { nullable: true }),
  }),
});
const BriefType = builder.objectRef<ServedBrief>('CountryBrief').implement({
  fields: (t) => ({
    country: t.string({ resolve: (b) => b.figures.country }),
    name: t.string({ resolve: (b) => b.figures.name }),
    month: t.string({ resolve: (b) => b.figures.month }),
    measure: t.string({ resolve: (b) => b.figures.measure.name }),
    headline: t.exposeString('headline'),
    brief: t.exposeStringList('brief'),
    figures: t.field({ type: BriefFiguresType, resolve: (b) => b.figures.figures }),
    lastSix: t.field({ type: [BriefMonthType], resolve: (b) => b.figures.lastSix }),
    outlook: t.field({ type: [OutlookType], resolve: (b) => b.figures.outlook }),
    outlookMethod: t.string({
      nullable: true,
      description: `The forecasting method behind outlook: ${OUTLOOK_METHOD} (${OUTLOOK_METHOD_IN_WORDS}) for series of two years and more, seasonal_naive or naive for shorter ones; null without an outlook.`,
      resolve: (b) => b.figures.outlookMethod,
    }),
    context: t.field({ type: BriefContextType, resolve: (b) => b.figures.context }),
    rivals: t.field({ type: [BriefRivalType], resolve: (b) => b.figures.rivals }),
    rivalFor: t.stringList({ resolve: (b) => b.figures.rivalFor }),
  }),
});

// The brief and why there is none are two sides of one outcome, computed once per release.
const analystOnCountry = { nullable: true, authScopes: { analyst: true }, select: { iso: true } } as const;
const briefSide =
  <T>(side: (outcome: ServedBrief | BriefAbsence) => T) =>
  async (c: { iso: string }, _args: unknown, ctx: GraphQLContext): Promise<T> =>
    side(await briefOf(ctx, c.iso));

builder.prismaObjectFields('Country', (t) => ({
  brief: t.field({
    ...analystOnCountry,
    type: BriefType,
    complexity: WORK_COST.brief,
    description: "The latest month of the country's main monthly series in words and figures; null without one (briefAbsence says why).",
    resolve: briefSide((outcome) => (typeof outcome === 'string' ? null : outcome)),
  }),
  briefAbsence: t.field({
    ...analystOnCountry,
    type: BriefAbsenceEnum,
    description: 'Why brief is null; null when there is a brief.',
    resolve: briefSide((outcome) => (typeof outcome === 'string' ? outcome : null)),
  }),
  briefNote: t.field({
    ...analystOnCountry,
    select: { iso: true, name: true },
    type: 'String',
    description: 'Why brief is null, in words; null when there is a brief.',
    resolve: async (c, _args, ctx) => {
      const outcome = await briefOf(ctx, c.iso);
      return typeof outcome === 'string' ? noBriefNote(c.name, outcome) : null;
    },
  }),
}));
