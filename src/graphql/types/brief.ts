/**
 * Country.brief: the latest month in words and figures (src/db/brief.ts). The ingest stores the
 * briefs of the release's months from every figure; a caller whose month is among them and whose
 * plan hides no figure of the release reads the stored one, others have theirs computed.
 */
import { perRelease, type Snapshot } from '../../db/data-store';
import { briefMonth, buildBrief, readJetFuel, BRIEF_ABSENCES, type BriefAbsence, type BriefSources, type ServedBrief } from '../../db/brief';
import { rivalFor } from '../../db/rival-table';
import type { BriefFigures } from '../../domain/brief';
import { OUTLOOK_METHOD, OUTLOOK_METHOD_IN_WORDS } from '../../domain/forecast';
import { visibleFrom } from '../../domain/visibility';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { primarySeriesByCountry } from '../primary-series';
import { currencyRates } from './measures';
import { WORK_COST } from '../cost';

export { BRIEF_ABSENCES, type BriefAbsence, type ServedBrief } from '../../db/brief';

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

/** The figures a request's plan sees, for a brief computed for it. */
function requestSources(ctx: GraphQLContext): BriefSources {
  return {
    prisma: ctx.prisma,
    now: ctx.now,
    primaries: () => primarySeriesByCountry(ctx),
    observations: (id) => ctx.loaders.observations.load(id),
    rivals: (iso) => ctx.loaders.rivals.load(iso),
    rivalFor: (iso) => rivalFor(ctx.prisma, iso),
    currencyRates: (currency) => currencyRates(ctx, currency),
    jetFuel: () => perRelease(ctx.snapshot, 'prices:jet_fuel', () => readJetFuel(ctx.prisma)),
    log: ctx.log,
  };
}

/** Whether a cutoff hides none of the release's figures: its briefs are then those of every figure. */
function seesEveryFigure(snapshot: Snapshot, cutoff: string | null): boolean {
  return cutoff === null || (snapshot.newestPublished !== null && snapshot.newestPublished.slice(0, 10) <= cutoff);
}

/**
 * A country's brief for the caller's month and plan: the stored one when the plan sees every figure
 * and the month was stored; else computed from what the plan sees, once per release, day and cutoff.
 */
export async function briefOf(ctx: GraphQLContext, iso: string): Promise<ServedBrief | BriefAbsence> {
  const cutoff = visibleFrom(ctx.plan, ctx.now);
  if (seesEveryFigure(ctx.snapshot, cutoff)) {
    const stored = await ctx.loaders.briefs.load(`${iso}|${briefMonth(ctx.now)}`);
    if (stored) return stored;
  }
  return perRelease(ctx.snapshot, `brief:${iso}:${ctx.now.toISOString().slice(0, 10)}:${cutoff ?? 'all'}`, () => buildBrief(requestSources(ctx), iso));
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

// The brief and why there is none are two sides of one outcome.
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
