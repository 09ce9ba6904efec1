/** Series, their observations, names, source tables and revisions. */
import { rowsWithin } from '../../domain/periods';
import { HEADLINE_RULE } from '../../domain/headline';
import { inUnits, scaleFactor, SCALES } from '../../domain/scale';
import { FREQS, MEASURES, OBS_STATUSES } from '../../domain/types';
import { periodBounds } from '../args';
import { ENGLISH_NAME_SELECTION } from '../../db/search-index';
import { builder } from '../builder';
import type { ObservationPoint } from '../loaders';
import { AggregationEnum, FrequencyEnum, MeasureEnum, ObservationStatusEnum, oneOf, ScaleEnum, UnitsEnum } from '../enums';
import { TRANSFORM_ARG_NOTES, seriesTransform, type TransformArgs } from '../transform-args';
import type { GraphQLContext } from '../context';
import { PeriodScalar } from '../scalars';
import { licenceOf, seriesCitation, type Licence } from '../../domain/citation';
import { monthsCost, pageCost } from '../cost';
import { newestVisible, visibleFrom } from '../../domain/visibility';
import type { ObservationProvenance, SeriesProvenance } from '../../domain/provenance';
import { provenanceBySeries, provenanceOf } from '../provenance-facts';

export const SourceTableType = builder.prismaObject('SourceTable', {
  description: 'A publisher dataset that series come from.',
  fields: (t) => ({
    code: t.exposeString('code'),
    publisher: t.exposeString('publisher'),
    title: t.exposeString('title'),
    url: t.exposeString('url', { description: 'Official download address.' }),
    file: t.exposeString('file', { description: 'The file read, as a path in the sources layout.' }),
    released: t.exposeString('released', {
      nullable: true,
      description: "The file's release date (YYYY-MM-DD): a date written in it, else the publisher's Last-Modified; null when neither is known.",
    }),
    releasedBy: t.exposeString('releasedBy', { nullable: true, description: "What gave `released`: 'file' or 'last-modified'." }),
    licence: t.field({
      type: LicenceType,
      description: "The publisher's terms of reuse, as its files or the sources' notes state them.",
      resolve: (row) => (row.licenceName ? { name: row.licenceName, url: row.licenceUrl } : licenceOf(row.publisher)),
    }),
  }),
});

export const SeriesProvenanceType = builder.objectRef<SeriesProvenance>('SeriesProvenance').implement({
  description: "Where a series' figures come from: one record per series, which each observation's provenance refers to.",
  fields: (t) => ({
    publisher: t.exposeString('publisher'),
    table: t.exposeString('table', { description: 'Source table code.' }),
    title: t.exposeString('title'),
    file: t.exposeString('file', { description: 'The file read, as a path in the sources layout.' }),
    url: t.exposeString('url', { description: 'Official download address.' }),
    released: t.exposeString('released', { nullable: true, description: "The file's release date (YYYY-MM-DD)." }),
    releasedBy: t.exposeString('releasedBy', { nullable: true, description: "'file' (written in it) or 'last-modified' (the publisher's HTTP header)." }),
    calendar: t.exposeString('calendar', { nullable: true, description: "The publisher's release calendar that dates figures the file does not." }),
    kind: t.exposeString('kind', { description: "'published' (the publisher's figures) or 'derived'." }),
    rule: t.exposeString('rule', { nullable: true, description: 'The derivation rule; null for published figures.' }),
    derivedFrom: t.exposeStringList('derivedFrom', { description: 'The series the figures were computed from.' }),
  }),
});

export const ObservationProvenanceType = builder.objectRef<ObservationProvenance>('ObservationProvenance').implement({
  description: "One figure's provenance: its series' record, its publication date and whether it is the publisher's figure.",
  fields: (t) => ({
    source: t.field({ type: SeriesProvenanceType, resolve: (p) => p.source }),
    published: t.exposeString('published', { description: "The publisher's release date of this figure (YYYY-MM-DD)." }),
    datedBy: t.exposeString('datedBy', { description: "What gave the date: 'file', 'last-modified' or 'calendar' (docs/methodology.md)." }),
    kind: t.exposeString('kind', { description: "'published' or 'derived'." }),
    rule: t.exposeString('rule', { nullable: true, description: 'The derivation rule of this figure; null for a published one.' }),
  }),
});

export const LicenceType = builder.objectRef<Licence>('Licence').implement({
  description: "A publisher's terms of reuse. Where its files state none, the name says so and url is null.",
  fields: (t) => ({
    name: t.exposeString('name'),
    url: t.exposeString('url', { nullable: true, description: 'The terms or the licence text; null when not stated.' }),
  }),
});

/** What a series' licence and citation read of its source table. */
const CITED_TABLE = { select: { publisher: true, title: true, url: true, released: true, licenceName: true, licenceUrl: true } } as const;

export const SeriesNameType = builder.prismaObject('SeriesName', {
  fields: (t) => ({
    lang: t.exposeString('lang'),
    name: t.exposeString('name'),
  }),
});

/**
 * A plain object type, not a Prisma one: observations come from the release's observation store
 * (loaders.ts), never from a Prisma relation, so their fields need no plugin-prisma bookkeeping,
 * which cost more than the thousands of rows of a country's series for a year.
 */
/** A figure as stored, or one a transformation computed (which has no series row, date or derivation of its own). */
type ObservationNode = Pick<ObservationPoint, 'period' | 'value' | 'status' | 'flags'> & Partial<Pick<ObservationPoint, 'seriesId' | 'published' | 'derivation'>>;

export const ObservationType = builder.objectRef<ObservationNode>('Observation').implement({
  description: 'One period of a series, with the status the publisher gives it.',
  fields: (t) => ({
    period: t.expose('period', { type: PeriodScalar }),
    value: t.exposeFloat('value', { nullable: true }),
    status: t.field({ type: ObservationStatusEnum, resolve: (o) => oneOf(OBS_STATUSES, o.status) }),
    flags: t.exposeString('flags', { description: "The publisher's own flag letters." }),
    provenance: t.field({
      type: ObservationProvenanceType,
      nullable: true,
      description: "Publisher, file, official address, the publisher's release date, and published or derived (and from what).",
      resolve: (o, _args, ctx) => (o.seriesId !== undefined && o.published !== undefined ? provenanceOf(ctx.snapshot, { ...o, seriesId: o.seriesId, published: o.published, derivation: o.derivation ?? null }) : null),
    }),
    derivation: t.string({
      nullable: true,
      description:
        "null for the publisher's own figure; otherwise the rule that computed it where the publisher gives none: " +
        'sum-of-parts (a complete breakdown), annual-sum or annual-mean (twelve months). The series names the rule and its inputs.',
      resolve: (o) => o.derivation ?? null,
    }),
  }),
});

/** Where a series' figures come from: the publisher's own, or computed at ingest by a named rule. */
builder.prismaObjectFields('Series', (t) => ({
    derived: t.exposeBoolean('derived'),
    derivationRule: t.exposeString('derivationRule', {
      nullable: true,
      description: "The rules that computed some of its figures, in words; null when every figure is the publisher's.",
    }),
    derivedFrom: t.stringList({
      nullable: true,
      select: { derivedFrom: true },
      description: 'Ids of the series its computed figures come from: the parts of a breakdown, or the monthly series.',
      resolve: (s) => (s.derivedFrom ? (JSON.parse(s.derivedFrom) as string[]) : null),
    }),
    provenance: t.field({
      type: SeriesProvenanceType,
      nullable: true,
      description: "Where the series' figures come from: computed once per release, the record each observation's provenance refers to.",
      authScopes: { developer: true },
      resolve: async (s, _args, ctx) => (await provenanceBySeries(ctx.snapshot)).get(s.id) ?? null,
    }),
}));

/** A developer's newest visible figure depends on today: the request's loaders hand out only the figures the plan sees. */
function latestValueOf(id: string, stored: number | null, ctx: GraphQLContext): number | null | Promise<number | null> {
  if (visibleFrom(ctx.plan, ctx.now) === null) return stored;
  const pick = (points: ObservationPoint[]) => newestVisible(points, null)?.value ?? null;
  const points = ctx.loaders.points(id);
  return Array.isArray(points) ? pick(points) : points.then(pick);
}

export const RevisionType = builder.prismaObject('Revision', {
  description: 'A value that changed between two releases.',
  fields: (t) => ({
    period: t.expose('period', { type: PeriodScalar }),
    oldValue: t.exposeFloat('oldValue', { nullable: true }),
    newValue: t.exposeFloat('newValue', { nullable: true }),
    oldStatus: t.field({ type: ObservationStatusEnum, resolve: (r) => oneOf(OBS_STATUSES, r.oldStatus) }),
    newStatus: t.field({ type: ObservationStatusEnum, resolve: (r) => oneOf(OBS_STATUSES, r.newStatus) }),
    oldRelease: t.exposeString('oldRelease'),
    newRelease: t.exposeString('newRelease'),
  }),
});

/** A series' observations within the window, scaled and transformed as the arguments ask. */
function observationsOf(
  s: { id: string; scale: string | null; freq: string; measure: string; unit: string },
  args: { from?: string | null; to?: string | null; scaled?: boolean | null } & TransformArgs,
  ctx: GraphQLContext,
) {
  const { from, to } = periodBounds(args.from, args.to);
  const transform = seriesTransform(s, args);
  const scale = (rows: ObservationPoint[]) =>
    !args.scaled || s.scale == null ? rows : rows.map((o) => ({ ...o, value: o.value === null ? null : inUnits(o.value, s.scale) }));
  const shape = (points: ObservationPoint[]) => {
    // Scaled before the transformation (a log or a change is of the values given), over the whole
    // series, then cut to the window: a change at `from` compares with the period before it.
    if (!transform) return scale(rowsWithin(points, from, to));
    return rowsWithin(transform(scale(points)), from, to).map((o) => ({ ...o, status: o.status ?? 'published', flags: o.flags ?? '' }));
  };
  const points = ctx.loaders.points(s.id);
  return Array.isArray(points) ? shape(points) : points.then(shape);
}

export const SeriesType = builder.prismaObject('Series', {
  description: 'A time series of one measure for one country: a total or one breakdown member.',
  // Series and their figures are developer data, as on /v1 (no free route serves one): the scope is
  // the type's, so no path to a series can leave it out; the fields leading to series carry it too,
  // so a free caller gets one plan_required error per such field, not one per series.
  authScopes: { developer: true },
  // Checked once a series (when graphql-js asks whether the row is a Series), not at each of its
  // fields: a page of 1000 series ran the check 12,000 times.
  runScopesOnType: true,
  // Select mode: a query reads only the columns its fields ask for (a country's series list is
  // ~200 rows of 18 columns, and turning unused columns into objects was a fifth of a query's time).
  // The columns nearly every query reads (a series record's) are always selected, and their fields
  // resolve from the row without plugin-prisma's per-row check of what was loaded: an exposed field
  // or one with a `select` gets that check at every row, 10,000 of them in a page of 1000 series.
  select: {
    id: true,
    alias: true,
    countryIso: true,
    measure: true,
    breakdown: true,
    freq: true,
    unit: true,
    scale: true,
    headline: true,
    first: true,
    last: true,
    points: true,
  },
  fields: (t) => ({
    id: t.string({ description: '`sr_` + 8 base-36 characters, stable across releases.', resolve: (s) => s.id }),
    alias: t.string({ description: '`<iso>.<measure>.<breakdown>.<freq>`.', resolve: (s) => s.alias }),
    countryIso: t.string({ resolve: (s) => s.countryIso }),
    country: t.relation('country'),
    name: t.string({
      description: 'English name.',
      select: { names: ENGLISH_NAME_SELECTION },
      resolve: (s) => s.names[0]?.name ?? '',
    }),
    names: t.relation('names', { description: 'Names in every language the source gives.' }),
    measure: t.field({ type: MeasureEnum, resolve: (s) => oneOf(MEASURES, s.measure) }),
    breakdown: t.string({ nullable: true, description: 'Dimension, or null for a total.', resolve: (s) => s.breakdown }),
    member: t.exposeString('member', { nullable: true }),
    freq: t.field({ type: FrequencyEnum, resolve: (s) => oneOf(FREQS, s.freq) }),
    unit: t.string({ resolve: (s) => s.unit }),
    currency: t.exposeString('currency', { nullable: true }),
    scale: t.field({
      type: ScaleEnum,
      nullable: true,
      resolve: (s) => (s.scale == null ? null : oneOf(SCALES, s.scale)),
      description: "The publisher's unit multiplier, e.g. thousands; null when values are in units.",
    }),
    multiplier: t.float({
      description: 'What a published value is multiplied by to give units: 1, 1000, 1000000 …',
      resolve: (s) => scaleFactor(s.scale),
    }),
    table: t.relation('table'),
    tableCode: t.exposeString('tableCode'),
    headline: t.boolean({ description: `Whether this is the country's headline series for its measure. ${HEADLINE_RULE}`, resolve: (s) => s.headline }),
    first: t.field({ type: PeriodScalar, resolve: (s) => s.first }),
    last: t.field({ type: PeriodScalar, resolve: (s) => s.last }),
    points: t.int({ description: 'Observations with a value.', resolve: (s) => s.points }),
    latestValue: t.float({
      nullable: true,
      description:
        "The value of `latest`: the newest figure the plan can see (developer: published more than 30 days ago; analyst and intel: all).",
      select: { latestValue: true },
      // The column holds the newest figure, which analyst and intel see; a developer's is read from the
      // figures the plan sees (the request's loaders), as `latest` is.
      resolve: (s, _args, ctx) => latestValueOf(s.id, s.latestValue, ctx),
    }),
    updated: t.exposeString('updated', { description: 'When figures of this series last changed.' }),
    observations: t.field({
      type: [ObservationType],
      description:
        'Observations within [from, to] (inclusive, widened to months). Values as published (see `scale`), or in plain units with `scaled: true`; ' +
        'with `freq`, aggregated to a coarser frequency, and with `units`, changes, percent changes or logs, computed over the whole series (so the first period in the window has its earlier figure), ' +
        'each figure with the gravest status of the figures it is made of and their flags.',
      authScopes: { developer: true },
      complexity: monthsCost,
      args: {
        from: t.arg({ type: PeriodScalar }),
        to: t.arg({ type: PeriodScalar }),
        scaled: t.arg.boolean({ defaultValue: false, description: 'Multiply values by the series multiplier.' }),
        units: t.arg({ type: UnitsEnum, description: TRANSFORM_ARG_NOTES.units }),
        freq: t.arg({ type: FrequencyEnum, description: TRANSFORM_ARG_NOTES.freq }),
        aggregation: t.arg({ type: AggregationEnum, description: TRANSFORM_ARG_NOTES.aggregation }),
      },
      // Through the release's observation store: one batched statement for all the series of a query,
      // and none for series already read in this release.
      // At once for a series already read: a promise per series cost a large list a fifth of its time.
      resolve: observationsOf,
    }),
    revisions: t.relatedConnection(
      'revisions',
      {
        description: 'Values changed by later releases, newest first.',
        authScopes: { developer: true },
        complexity: pageCost,
        cursor: 'id',
        totalCount: true,
        query: { orderBy: { id: 'desc' } },
      },
      { name: 'RevisionConnection' },
      { name: 'RevisionEdge' },
    ),
    revisionCount: t.relationCount('revisions', { authScopes: { developer: true } }),
  }),
});

/** What a series owes its publisher: the terms of reuse and a ready citation. */
builder.prismaObjectFields(SeriesType, (t) => ({
    licence: t.field({
      type: LicenceType,
      description: "The publisher's terms of reuse of the figures.",
      select: { table: CITED_TABLE },
      resolve: (s) => (s.table.licenceName ? { name: s.table.licenceName, url: s.table.licenceUrl } : licenceOf(s.table.publisher)),
    }),
    citation: t.string({
      description:
        "A ready citation: publisher, table title, the publisher's release date, the official address, the date this service retrieved " +
        "the figures served (when they last changed here), and this service's address of the series.",
      select: { table: CITED_TABLE, names: ENGLISH_NAME_SELECTION, updated: true },
      resolve: (s, _args, ctx) =>
        seriesCitation({ id: s.id, alias: s.alias, name: s.names[0]?.name ?? '', updated: s.updated, table: s.table }, ctx.publicBaseUrl),
    }),
}));
