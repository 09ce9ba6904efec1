/** Data quality and timing: coverage, gaps, freshness, release calendar and latest releases. */
import { perRelease } from '../../db/data-store';
import { releaseCalendar, type ReleaseEntry } from '../../domain/calendar';
import { gapReportOf, primaryReleasesOf, readStoredGaps } from '../../db/gap-reports';
import { coverageGrid } from '../../domain/coverage';
import { freshness } from '../../domain/freshness';
import { gaps, type GapObservation, type GapReport } from '../../domain/gaps';
import { MONTHLY_RULE } from '../../domain/monthly';
import { comparePeriodEnds, latestPeriodOf, monthOfDate } from '../../domain/periods';
import { versionDate } from '../../domain/releases';
import { distinctCodes } from '../args';
import { builder } from '../builder';
import { CountryCodeScalar, DateScalar } from '../scalars';
import { FrequencyEnum } from '../enums';
import type { GraphQLContext } from '../context';
import type { Freq } from '../../domain/types';
import { primarySeriesByCountry } from '../primary-series';
import { countryFrequencies, type MonthlySeriesRow } from '../country-frequency';

interface ReleaseLog {
  /** Release version → ISO date. */
  dates: Map<string, string>;
  /** Every release entry. */
  entries: { releaseVersion: string; countryIso: string; measure: string; latestPeriod: string; seriesId: string }[];
}

/** The release log, read once per release. */
function releaseLog(ctx: GraphQLContext): Promise<ReleaseLog> {
  return perRelease(ctx.snapshot, 'release-log', async () => {
    const [releases, entries] = await Promise.all([
      ctx.prisma.release.findMany({ orderBy: { version: 'asc' } }),
      ctx.prisma.releaseEntry.findMany({ orderBy: { releaseVersion: 'asc' } }),
    ]);
    return { dates: new Map(releases.map((r) => [r.version, r.loadedAt])), entries };
  });
}

/** Country → the releases of its primary series, oldest first (src/db/gap-reports.ts), once per release. */
function primaryReleases(ctx: GraphQLContext): Promise<Map<string, ReleaseEntry[]>> {
  return perRelease(ctx.snapshot, 'primary-releases', async () => primaryReleasesOf(ctx.prisma, await primarySeriesByCountry(ctx)));
}

/**
 * The gap reports of monthly series for the month of today: those the ingest stored for it, else
 * computed once per release and month (src/db/gap-reports.ts).
 */
async function gapReports(ctx: GraphQLContext, series: readonly MonthlySeriesRow[]): Promise<(GapReport | null)[]> {
  const month = monthOfDate(ctx.now);
  const reports = await perRelease(ctx.snapshot, `gap-reports:${month}`, async () => (await readStoredGaps(ctx.prisma, month)) ?? new Map<string, GapReport | null>());
  const missing = series.filter((s) => !reports.has(s.id));
  if (missing.length > 0) {
    const [releases, observations] = await Promise.all([primaryReleases(ctx), Promise.all(missing.map((s) => ctx.loaders.allObservations.load(s.id)))]);
    missing.forEach((s, i) => reports.set(s.id, gapReportOf(s, observations[i] as GapObservation[], releases, ctx.now)));
  }
  return series.map((s) => reports.get(s.id) ?? null);
}

const CALENDAR_NOTE =
  'Expected dates come from the pattern of past releases in the release log: the usual delay is the median whole months ' +
  "between a period's end and the release that first brought it. The log starts with the first load, so early delays reflect when loading began.";

type GapRow = NonNullable<ReturnType<typeof gaps>> & {
  country: string;
  name: string;
  measure: string;
  series: string;
  checkedAt: string;
};

const GapRowType = builder.objectRef<GapRow>('GapReport').implement({
  description: "Months held, missing, not published, withheld and pending of a monthly country's monthly series (src/domain/monthly.ts), from its first figure to last month.",
  fields: (t) => ({
    country: t.exposeString('country'),
    name: t.exposeString('name'),
    measure: t.exposeString('measure'),
    series: t.exposeString('series'),
    first: t.exposeString('first'),
    latest: t.exposeString('latest'),
    monthsHeld: t.exposeInt('monthsHeld'),
    monthsMissing: t.exposeInt('monthsMissing'),
    monthsNotPublished: t.exposeInt('monthsNotPublished'),
    monthsWithheld: t.exposeInt('monthsWithheld'),
    monthsPending: t.exposeInt('monthsPending'),
    completePct: t.exposeFloat('completePct'),
    missing: t.exposeStringList('missing'),
    notPublished: t.exposeStringList('notPublished'),
    withheld: t.exposeStringList('withheld'),
    checkedAt: t.exposeString('checkedAt'),
  }),
});

const FreshnessType = builder
  .objectRef<{ iso: string; name: string; latest: string; monthsBehind: number }>('Freshness')
  .implement({
    fields: (t) => ({
      iso: t.exposeString('iso'),
      name: t.exposeString('name'),
      latest: t.exposeString('latest'),
      monthsBehind: t.exposeInt('monthsBehind'),
    }),
  });

const CalendarType = builder
  .objectRef<{ country: string; name: string; latest: string; nextPeriod: string; expectedIn: string; usualDelayMonths: number; overdue: boolean }>(
    'CalendarEntry',
  )
  .implement({
    fields: (t) => ({
      country: t.exposeString('country'),
      name: t.exposeString('name'),
      latest: t.exposeString('latest'),
      nextPeriod: t.exposeString('nextPeriod'),
      expectedIn: t.exposeString('expectedIn'),
      usualDelayMonths: t.exposeInt('usualDelayMonths'),
      overdue: t.exposeBoolean('overdue'),
    }),
  });

const CalendarListType = builder
  .objectRef<{ note: string; rows: { country: string; name: string; latest: string; nextPeriod: string; expectedIn: string; usualDelayMonths: number; overdue: boolean }[] }>(
    'ReleaseCalendar',
  )
  .implement({
    fields: (t) => ({
      note: t.exposeString('note'),
      rows: t.field({ type: [CalendarType], resolve: (c) => c.rows }),
    }),
  });

const ReleaseRowType = builder
  .objectRef<{ date: string; country: string; seriesUpdated: number; latestPeriod: string; measures: string[] }>('CountryRelease')
  .implement({
    fields: (t) => ({
      date: t.expose('date', { type: DateScalar }),
      country: t.exposeString('country'),
      seriesUpdated: t.exposeInt('seriesUpdated'),
      latestPeriod: t.exposeString('latestPeriod'),
      measures: t.exposeStringList('measures'),
    }),
  });

const ReleasesLatestType = builder
  .objectRef<{ since: string | null; rows: { date: string; country: string; seriesUpdated: number; latestPeriod: string; measures: string[] }[] }>(
    'LatestReleases',
  )
  .implement({
    fields: (t) => ({
      since: t.expose('since', { type: DateScalar, nullable: true, description: 'Date of the first release in the log.' }),
      rows: t.field({ type: [ReleaseRowType], resolve: (r) => r.rows }),
    }),
  });

async function countriesNamed(ctx: GraphQLContext, isos: readonly string[] | null | undefined) {
  return ctx.prisma.country.findMany({
    where: isos ? { iso: { in: distinctCodes(isos) } } : {},
    select: { iso: true, name: true, latest: true },
    orderBy: { iso: 'asc' },
  });
}

/** Months behind per country: of its primary headline series, or with a frequency, of its series of that frequency (monthly: the series /v1/gaps reports). */
async function freshnessRows(ctx: GraphQLContext, freq: Freq | undefined) {
  if (!freq) {
    const countries = await ctx.prisma.country.findMany({ where: { latest: { not: null } }, select: { iso: true, name: true, latest: true } });
    return freshness(countries.map((c) => ({ iso: c.iso, name: c.name, latest: c.latest! })), ctx.now);
  }
  if (freq === 'M') {
    const [{ monthly }, countries] = await Promise.all([countryFrequencies(ctx), countriesNamed(ctx, null)]);
    return freshness(
      countries.flatMap((c) => {
        const months = monthly.get(c.iso)?.map((s) => s.last).sort();
        return months ? [{ iso: c.iso, name: c.name, latest: months.at(-1)! }] : [];
      }),
      ctx.now,
    );
  }
  const series = await ctx.prisma.series.findMany({
    where: { headline: true, freq },
    select: { countryIso: true, last: true, country: { select: { name: true } } },
  });
  const newest = new Map<string, { iso: string; name: string; latest: string }>();
  for (const s of series) {
    const cur = newest.get(s.countryIso);
    if (!cur || comparePeriodEnds(s.last, cur.latest) > 0) newest.set(s.countryIso, { iso: s.countryIso, name: s.country.name, latest: s.last });
  }
  return freshness([...newest.values()], ctx.now);
}

/**
 * For each country, the newest release that brought it figures: when, how many series, the period
 * reached and the measures; computed once per release from its log (~11,000 entries a release).
 */
function latestReleases(ctx: GraphQLContext) {
  return perRelease(ctx.snapshot, 'latest-releases', async () => latestReleasesOf(await releaseLog(ctx)));
}

function latestReleasesOf(log: ReleaseLog) {
  // Each country's newest release and the entries it brought, in one pass over the log.
  const newest = new Map<string, { version: string; entries: ReleaseLog['entries'] }>();
  for (const e of log.entries) {
    const current = newest.get(e.countryIso);
    if (!current || current.version < e.releaseVersion) newest.set(e.countryIso, { version: e.releaseVersion, entries: [e] });
    else if (current.version === e.releaseVersion) current.entries.push(e);
  }
  const rows = [...newest.entries()]
    .sort((a, b) => b[1].version.localeCompare(a[1].version) || a[0].localeCompare(b[0]))
    .map(([country, { version, entries }]) => ({
      date: (versionDate(version) ?? '').slice(0, 10),
      country,
      seriesUpdated: entries.length,
      latestPeriod: latestPeriodOf(entries.map((e) => e.latestPeriod)) ?? '',
      measures: [...new Set(entries.map((e) => e.measure))].sort(),
    }));
  const first = [...log.dates.keys()].sort()[0];
  return { since: first ? (versionDate(first) ?? '').slice(0, 10) : null, rows };
}

builder.queryFields((t) => ({
  gaps: t.field({
    type: [GapRowType],
    description: `Every monthly country's monthly series (one per measure), from its first figure to last month. ${MONTHLY_RULE}`,
    args: { countries: t.arg({ type: [CountryCodeScalar] }) },
    resolve: async (_root, args, ctx) => {
      const [countries, { monthly }] = await Promise.all([countriesNamed(ctx, args.countries), countryFrequencies(ctx)]);
      const names = new Map(countries.map((c) => [c.iso, c.name]));
      const series = [...monthly.values()].flat().filter((s) => names.has(s.country));
      const reports = await gapReports(ctx, series);
      const checkedAt = ctx.now.toISOString();
      return series.flatMap((s, i) => {
        const report = reports[i];
        return report ? [{ country: s.country, name: names.get(s.country)!, measure: s.measure, series: s.id, ...report, checkedAt }] : [];
      });
    },
  }),
  freshness: t.field({
    type: [FreshnessType],
    description:
      "Months between today and each country's newest finished period, worst first: of its primary headline series; with `freq: M`, " +
      "each monthly country's newest month in its monthly series (the series /v1/gaps reports); with `Q` or `A`, the newest period of its headline series of that frequency.",
    args: { freq: t.arg({ type: FrequencyEnum }) },
    resolve: (_root, args, ctx) => freshnessRows(ctx, args.freq ?? undefined),
  }),
  calendar: t.field({
    type: CalendarListType,
    description: 'Expected next release per country, from the pattern of past releases.',
    authScopes: { developer: true },
    args: { countries: t.arg({ type: [CountryCodeScalar] }) },
    resolve: async (_root, args, ctx) => {
      const [countries, releases] = await Promise.all([countriesNamed(ctx, args.countries), primaryReleases(ctx)]);
      const rows = countries.flatMap((c) => {
        const entries = releases.get(c.iso) ?? [];
        const latest = latestPeriodOf(entries.map((e) => e.latestPeriod));
        const row = latest ? releaseCalendar(entries, latest, ctx.now) : null;
        return row ? [{ country: c.iso, name: c.name, ...row }] : [];
      });
      return { note: CALENDAR_NOTE, rows };
    },
  }),
  releasesLatest: t.field({
    type: ReleasesLatestType,
    description: 'For each country, when figures last arrived and the period they reach.',
    authScopes: { developer: true },
    resolve: (_root, _args, ctx) => latestReleases(ctx),
  }),
}));

const CoverageRowType = builder
  .objectRef<{ measure: string; freq: string; series: string; year: number; held: number; cells: string[] }>('CoverageRow')
  .implement({
    fields: (t) => ({
      measure: t.exposeString('measure'),
      freq: t.exposeString('freq'),
      series: t.exposeString('series'),
      year: t.exposeInt('year'),
      held: t.exposeInt('held'),
      cells: t.exposeStringList('cells', { description: 'held, not_published, withheld or missing: 12 a year for monthly series, 4 quarterly, 1 annual.' }),
    }),
  });

builder.prismaObjectField('Country', 'coverage', (t) =>
  t.field({
    type: [CoverageRowType],
    description: "Year by year, which periods of each of the country's total series hold a value.",
    authScopes: { developer: true },
    select: {
      series: {
        where: { breakdown: null },
        select: { id: true, measure: true, freq: true },
        orderBy: [{ measure: 'asc' as const }, { freq: 'desc' as const }],
      },
    },
    resolve: async (c, _args, ctx) => {
      // Which periods are present, whatever the plan sees of their values (as a series' `last` says).
      const observations = await Promise.all(c.series.map((s) => ctx.loaders.allObservations.load(s.id)));
      return c.series.flatMap((s, i) =>
        coverageGrid(s.freq, observations[i]).map((row) => ({ measure: s.measure, freq: s.freq, series: s.id, ...row })),
      );
    },
  }),
);
