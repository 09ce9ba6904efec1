/**
 * The releases present in the release log, each told by country: the series it updated and the periods
 * they reach. What arrived when is not a figure, so every plan reads it (/v1/releases/feed); the
 * figures themselves stay behind their own plans.
 */
import { perRelease } from '../../db/data-store';
import { loggedReleases } from '../../db/release-log';
import { releaseDigests, type CountryDigest, type LoggedSeries, type ReleaseDigest } from '../../domain/release-digest';
import { distinctCodes } from '../args';
import { CountryCodeScalar } from '../scalars';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';

/** The aliases of the series present now (a series the log names may have vanished since) and the countries' names. */
function releaseNames(ctx: GraphQLContext): Promise<{ aliases: Map<string, string>; countries: Map<string, string> }> {
  return perRelease(ctx.snapshot, 'release-log-names', async () => {
    const [series, countries] = await Promise.all([
      ctx.prisma.series.findMany({ select: { id: true, alias: true } }),
      ctx.prisma.country.findMany({ select: { iso: true, name: true } }),
    ]);
    return { aliases: new Map(series.map((s) => [s.id, s.alias])), countries: new Map(countries.map((c) => [c.iso, c.name])) };
  });
}

type NamedSeries = LoggedSeries & { alias: string | null };
type NamedCountry = Omit<CountryDigest, 'series'> & { name: string | null; series: NamedSeries[] };
type NamedRelease = Omit<ReleaseDigest, 'countries'> & { countries: NamedCountry[] };

/** A digest with the names present now, each country's series in alias order (a release may name thousands: no resolver per item). */
function named(r: ReleaseDigest, names: Awaited<ReturnType<typeof releaseNames>>): NamedRelease {
  const key = (s: NamedSeries) => s.alias ?? s.id;
  return {
    ...r,
    countries: r.countries.map((c) => ({
      ...c,
      name: names.countries.get(c.iso) ?? null,
      series: c.series.map((s) => ({ ...s, alias: names.aliases.get(s.id) ?? null })).sort((a, b) => key(a).localeCompare(key(b))),
    })),
  };
}

const ReleaseSeriesType = builder.objectRef<NamedSeries>('ReleaseSeries').implement({
  description: 'A series a release brought figures to, or revised.',
  fields: (t) => ({
    id: t.exposeString('id'),
    alias: t.exposeString('alias', { nullable: true, description: 'Null when the series is no longer held.' }),
    country: t.exposeString('country'),
    measure: t.exposeString('measure'),
    periodReached: t.string({
      nullable: true,
      description: "The series' newest period with a value after the release.",
      resolve: (s) => s.periodReached || null,
    }),
    newFigures: t.exposeInt('newFigures', { description: 'Periods that had no value before the release.' }),
    revisedFigures: t.exposeInt('revisedFigures', { description: 'Values (or statuses) the release changed.' }),
  }),
});

const ReleaseCountryType = builder.objectRef<NamedCountry>('ReleaseCountry').implement({
  description: 'One country a release touched.',
  fields: (t) => ({
    iso: t.exposeString('iso'),
    name: t.exposeString('name', { nullable: true, description: 'Null when the country is no longer held.' }),
    periodReached: t.exposeString('periodReached', { nullable: true, description: 'The newest period any of its updated series reaches.' }),
    series: t.field({ type: [ReleaseSeriesType], resolve: (c) => c.series }),
  }),
});

const ReleaseType = builder.objectRef<NamedRelease>('Release').implement({
  description: 'One release of the release log: when it was loaded and what it brought.',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'The release version, a compact UTC timestamp (20260315T060000Z).' }),
    publishedAt: t.exposeString('publishedAt', { description: 'When the release was loaded (ISO timestamp).' }),
    seriesUpdated: t.exposeInt('seriesUpdated'),
    newFigures: t.exposeInt('newFigures'),
    revisedFigures: t.exposeInt('revisedFigures'),
    countries: t.field({ type: [ReleaseCountryType], resolve: (r) => r.countries }),
  }),
});

builder.queryFields((t) => ({
  releases: t.field({
    type: [ReleaseType],
    description:
      'Every release in the log, newest first, with the countries and series it updated. With `countries`, only the releases ' +
      "that touched them, each telling only their series.",
    args: { countries: t.arg({ type: [CountryCodeScalar] }) },
    resolve: async (_root, args, ctx) => {
      const countries = args.countries ? distinctCodes(args.countries) : undefined;
      const [log, names] = await Promise.all([loggedReleases(ctx.snapshot), releaseNames(ctx)]);
      return releaseDigests(log, countries).map((r) => named(r, names));
    },
  }),
}));
