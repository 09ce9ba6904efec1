/** A series on a regular time axis, as it stands or as it stood on a past date; and its vintages. */
import { rowsWithin } from '../../domain/periods';
import { OBS_STATUSES } from '../../domain/types';
import { observationsAsOf, regularAxis, vintages, type AxisPoint } from '../../domain/vintages';
import { newestPublication } from '../../domain/release-dating';
import { periodBounds } from '../args';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { AggregationEnum, FrequencyEnum, ObservationStatusEnum, oneOf, UnitsEnum } from '../enums';
import { seriesTransform, TRANSFORM_ARG_NOTES } from '../transform-args';
import { DateScalar, PeriodScalar } from '../scalars';

const TimelinePointType = builder.objectRef<AxisPoint>('TimelinePoint').implement({
  description: 'One period of a regular time axis. A period the publisher withheld or did not publish has value null.',
  fields: (t) => ({
    period: t.field({ type: PeriodScalar, resolve: (p) => p.period }),
    value: t.exposeFloat('value', { nullable: true }),
    status: t.field({
      type: ObservationStatusEnum,
      nullable: true,
      description: "The publisher's status; null for a period its file has no entry for.",
      resolve: (p) => (p.status === null ? null : oneOf(OBS_STATUSES, p.status)),
    }),
    flags: t.exposeString('flags', {
      nullable: true,
      description: "The publisher's own flag letters; null where unknown (no entry, or a value as it stood before a revision).",
    }),
  }),
});

const VintageType = builder.objectRef<ReturnType<typeof vintages>[number]>('Vintage').implement({
  description: 'A date on which figures of the series arrived or were revised.',
  fields: (t) => ({
    date: t.field({ type: DateScalar, resolve: (v) => v.date }),
    newPoints: t.exposeInt('newPoints', { description: 'Periods whose figure first arrived that day.' }),
    revisedPoints: t.exposeInt('revisedPoints', { description: 'Periods whose figure was revised that day.' }),
  }),
});

function revisionLog(ctx: GraphQLContext, seriesId: string) {
  return ctx.prisma.revision.findMany({
    where: { seriesId },
    select: { period: true, oldValue: true, oldStatus: true, newRelease: true },
  });
}

builder.prismaObjectFields('Series', (t) => ({
  timeline: t.field({
    type: [TimelinePointType],
    description:
      "Every period from the first to the last observation within [from, to] at the series' frequency, with status and flags; " +
      'withheld, not published and missing periods have value null. With `asOf`, the values as they stood at the end of that date ' +
      '(figures that arrived later left out, later revisions undone, from the revision log). ' +
      'With `freq` and `units`, that vintage aggregated and transformed as `observations` is.',
    authScopes: { developer: true },
    args: {
      from: t.arg({ type: PeriodScalar }),
      to: t.arg({ type: PeriodScalar }),
      asOf: t.arg({ type: DateScalar, description: 'A past date (YYYY-MM-DD): the vintage current at its end.' }),
      units: t.arg({ type: UnitsEnum, description: TRANSFORM_ARG_NOTES.units }),
      freq: t.arg({ type: FrequencyEnum, description: TRANSFORM_ARG_NOTES.freq }),
      aggregation: t.arg({ type: AggregationEnum, description: TRANSFORM_ARG_NOTES.aggregation }),
    },
    select: { id: true },
    resolve: async (s, args, ctx) => {
      const { from, to } = periodBounds(args.from, args.to);
      const transform = seriesTransform(s, args);
      const observations = await ctx.loaders.observations.load(s.id);
      const points = args.asOf ? observationsAsOf(observations, await revisionLog(ctx, s.id), args.asOf) : observations;
      // The vintage is transformed as it stood (over the whole series, then cut to the window); periods
      // a transformation cannot make (a year with a month missing, the first change) stay on the axis as holes.
      return regularAxis(rowsWithin(transform ? transform(points) : points, from, to));
    },
  }),
  vintages: t.field({
    type: [VintageType],
    description: 'The dates on which figures of this series arrived or were revised, oldest first (ALFRED-style vintage dates).',
    authScopes: { developer: true },
    select: { id: true },
    resolve: async (s, _args, ctx) => vintages(await ctx.loaders.observations.load(s.id), await revisionLog(ctx, s.id)),
  }),
  released: t.field({
    type: DateScalar,
    nullable: true,
    description:
      "When its newest figure was published: the publisher's release date (the file's own date, the publisher's Last-Modified, else the end of the period plus the publisher's usual delay; docs/methodology.md); null without a figure.",
    select: { id: true },
    resolve: async (s, _args, ctx) => newestPublication(await ctx.loaders.points(s.id)),
  }),
}));
