/** Series, their observations, names, source tables and revisions. */
import { periodWithin } from '../../domain/periods';
import { HEADLINE_RULE } from '../../domain/headline';
import { periodBounds } from '../args';
import { builder } from '../builder';

export const SourceTableType = builder.prismaObject('SourceTable', {
  description: 'A publisher dataset that series come from.',
  fields: (t) => ({
    code: t.exposeString('code'),
    publisher: t.exposeString('publisher'),
    title: t.exposeString('title'),
    url: t.exposeString('url', { description: 'Official download address.' }),
  }),
});

export const SeriesNameType = builder.prismaObject('SeriesName', {
  fields: (t) => ({
    lang: t.exposeString('lang'),
    name: t.exposeString('name'),
  }),
});

export const ObservationType = builder.prismaObject('Observation', {
  description: 'One period of a series, with the status the publisher gives it.',
  fields: (t) => ({
    period: t.exposeString('period'),
    value: t.exposeFloat('value', { nullable: true }),
    status: t.exposeString('status', {
      description: 'published, estimated, provisional, break, not_published or withheld.',
    }),
    flags: t.exposeString('flags', { description: "The publisher's own flag letters." }),
  }),
});

export const RevisionType = builder.prismaObject('Revision', {
  description: 'A value that changed between two releases.',
  fields: (t) => ({
    period: t.exposeString('period'),
    oldValue: t.exposeFloat('oldValue', { nullable: true }),
    newValue: t.exposeFloat('newValue', { nullable: true }),
    oldStatus: t.exposeString('oldStatus'),
    newStatus: t.exposeString('newStatus'),
    oldRelease: t.exposeString('oldRelease'),
    newRelease: t.exposeString('newRelease'),
  }),
});

export const SeriesType = builder.prismaObject('Series', {
  description: 'A time series of one measure for one country: a total or one breakdown member.',
  fields: (t) => ({
    id: t.exposeString('id', { description: '`sr_` + 8 base-36 characters, stable across releases.' }),
    alias: t.exposeString('alias', { description: '`<iso>.<measure>.<breakdown>.<freq>`.' }),
    countryIso: t.exposeString('countryIso'),
    country: t.relation('country'),
    name: t.string({
      description: 'English name.',
      select: { names: { where: { lang: 'en' }, select: { name: true } } },
      resolve: (s) => s.names[0]?.name ?? '',
    }),
    names: t.relation('names', { description: 'Names in every language the source gives.' }),
    measure: t.exposeString('measure'),
    breakdown: t.exposeString('breakdown', { nullable: true, description: 'Dimension, or null for a total.' }),
    member: t.exposeString('member', { nullable: true }),
    freq: t.exposeString('freq'),
    unit: t.exposeString('unit'),
    currency: t.exposeString('currency', { nullable: true }),
    scale: t.exposeString('scale', { nullable: true, description: "The publisher's unit multiplier, e.g. thousands." }),
    table: t.relation('table'),
    tableCode: t.exposeString('tableCode'),
    headline: t.exposeBoolean('headline', { description: `Whether this is the country's headline series for its measure. ${HEADLINE_RULE}` }),
    derived: t.exposeBoolean('derived'),
    first: t.exposeString('first'),
    last: t.exposeString('last'),
    points: t.exposeInt('points', { description: 'Observations with a value.' }),
    latestValue: t.exposeFloat('latestValue', { nullable: true }),
    updated: t.exposeString('updated', { description: 'When figures of this series last changed.' }),
    observations: t.field({
      type: [ObservationType],
      description: 'Observations within [from, to] (inclusive; YYYY, YYYY-MM or YYYY-Qn, widened to months).',
      authScopes: { developer: true },
      args: { from: t.arg.string(), to: t.arg.string() },
      select: { id: true },
      // Through the release's observation store: one batched statement for all the series of a query,
      // and none for series already read in this release.
      resolve: async (s, args, ctx) => {
        const { from, to } = periodBounds(args.from, args.to);
        return (await ctx.loaders.observations.load(s.id)).filter((o) => periodWithin(o.period, from, to));
      },
    }),
    revisions: t.relation('revisions', {
      authScopes: { developer: true },
      query: { orderBy: { id: 'desc' } },
    }),
    revisionCount: t.relationCount('revisions', { authScopes: { developer: true } }),
  }),
});
