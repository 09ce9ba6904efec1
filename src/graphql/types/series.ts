/** Series, their observations, names, source tables and revisions. */
import { rowsWithin } from '../../domain/periods';
import { HEADLINE_RULE } from '../../domain/headline';
import { inUnits, scaleFactor, SCALES } from '../../domain/scale';
import { FREQS, MEASURES, OBS_STATUSES } from '../../domain/types';
import { periodBounds } from '../args';
import { ENGLISH_NAME_SELECTION } from '../../db/search-index';
import { builder } from '../builder';
import type { ObservationPoint } from '../loaders';
import { FrequencyEnum, MeasureEnum, ObservationStatusEnum, oneOf, ScaleEnum } from '../enums';
import { PeriodScalar } from '../scalars';
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
export const ObservationType = builder.objectRef<ObservationPoint>('Observation').implement({
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
      resolve: (o, _args, ctx) => provenanceOf(ctx.snapshot, o),
    }),
  }),
});

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
    derived: t.exposeBoolean('derived'),
    first: t.field({ type: PeriodScalar, resolve: (s) => s.first }),
    last: t.field({ type: PeriodScalar, resolve: (s) => s.last }),
    points: t.int({ description: 'Observations with a value.', resolve: (s) => s.points }),
    updated: t.exposeString('updated', { description: 'When figures of this series last changed.' }),
    observations: t.field({
      type: [ObservationType],
      description:
        'Observations within [from, to] (inclusive, widened to months). Values as published (see `scale`), or in plain units with `scaled: true`.',
      authScopes: { developer: true },
      complexity: monthsCost,
      args: {
        from: t.arg({ type: PeriodScalar }),
        to: t.arg({ type: PeriodScalar }),
        scaled: t.arg.boolean({ defaultValue: false, description: 'Multiply values by the series multiplier.' }),
      },
      // Through the release's observation store: one batched statement for all the series of a query,
      // and none for series already read in this release.
      // At once for a series already read: a promise per series cost a large list a fifth of its time.
      resolve: (s, args, ctx) => {
        const { from, to } = periodBounds(args.from, args.to);
        const shape = (points: ObservationPoint[]) => {
          const within = rowsWithin(points, from, to);
          if (!args.scaled || s.scale == null) return within;
          return within.map((o) => ({ ...o, value: o.value === null ? null : inUnits(o.value, s.scale) }));
        };
        const points = ctx.loaders.points(s.id);
        return Array.isArray(points) ? shape(points) : points.then(shape);
      },
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

// Where a series' figures come from, and the newest one the plan sees.
builder.prismaObjectFields('Series', (t) => ({
  provenance: t.field({
    type: SeriesProvenanceType,
    nullable: true,
    description: "Where the series' figures come from: computed once per release, the record each observation's provenance refers to.",
    authScopes: { developer: true },
    resolve: async (s, _args, ctx) => (await provenanceBySeries(ctx.snapshot)).get(s.id) ?? null,
  }),
  latestValue: t.float({
    nullable: true,
    description:
      "The value of `latest`: the newest figure the plan can see (developer: published more than 30 days ago; analyst and intel: all).",
    select: { latestValue: true },
    // The column holds the newest figure, which analyst and intel see; a developer's is read from the
    // figures the plan sees (the request's loaders), as `latest` is.
    resolve: (s, _args, ctx) => {
      if (visibleFrom(ctx.plan, ctx.now) === null) return s.latestValue;
      const pick = (points: ObservationPoint[]) => newestVisible(points, null)?.value ?? null;
      const points = ctx.loaders.points(s.id);
      return Array.isArray(points) ? pick(points) : points.then(pick);
    },
  }),
}));
