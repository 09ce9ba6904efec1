/** The enumerated values of the schema, each built from the one list the code keeps of them. */
import { UN_TOURISM_REGIONS } from '../ingest/un-tourism-regions';
import { SCALES } from '../domain/scale';
import { measuresWithoutSource, noSourceNote } from '../domain/measure-sources';
import { FREQS, MEASURES, OBS_STATUSES, PLANS } from '../domain/types';
import { AGGREGATION_RULES, AGGREGATIONS, UNITS, UNITS_FORMULAS } from '../domain/transform';
import { builder } from './builder';

/** A stored text as one of a list's values; a value outside the list is a broken release, not a caller's error. */
export function oneOf<T extends string>(list: readonly T[], value: string): T {
  const found = list.find((v) => v === value);
  if (found === undefined) throw new Error(`"${value}" is not one of ${list.join(', ')}`);
  return found;
}

export const MeasureEnum = builder.enumType('Measure', {
  description: ['What a series counts.', measuresWithoutSource()].filter(Boolean).join(' '),
  values: Object.fromEntries(MEASURES.map((m) => [m, { value: m, description: noSourceNote(m) ?? undefined }])) as {
    [M in (typeof MEASURES)[number]]: { value: M; description?: string };
  },
});

export const FrequencyEnum = builder.enumType('Frequency', {
  description: 'M monthly, Q quarterly, A annual.',
  values: FREQS,
});

export const UnitsEnum = builder.enumType('Units', {
  description: "How observations are expressed, with FRED's formulas (n: periods per year, 12, 4 or 1).",
  values: Object.fromEntries(UNITS.map((u) => [u, { value: u, description: UNITS_FORMULAS[u] }])) as {
    [U in (typeof UNITS)[number]]: { value: U; description: string };
  },
});

export const AggregationEnum = builder.enumType('Aggregation', {
  description: 'How a period is made of its sub-periods when observations are aggregated to a coarser frequency.',
  values: Object.fromEntries(AGGREGATIONS.map((a) => [a, { value: a, description: `The period is ${AGGREGATION_RULES[a]}.` }])) as {
    [A in (typeof AGGREGATIONS)[number]]: { value: A; description: string };
  },
});

export const ObservationStatusEnum = builder.enumType('ObservationStatus', {
  description: 'How the publisher marks a figure.',
  values: OBS_STATUSES,
});

export const ScaleEnum = builder.enumType('Scale', {
  description: "The publisher's unit multiplier; a series without one is in units.",
  values: SCALES,
});

export const PlanEnum = builder.enumType('Plan', {
  description: 'Plans, ranked free < developer < analyst < intel; each sees what the ones below it see.',
  values: PLANS,
});

export const REGION_SLUGS = UN_TOURISM_REGIONS.map((r) => r.slug);

/** GraphQL names cannot hold '-': asia-pacific is asia_pacific in the schema, the slug inside. */
export const UnTourismRegionEnum = builder.enumType('UnTourismRegion', {
  description: "UN Tourism's five world regions.",
  values: Object.fromEntries(
    UN_TOURISM_REGIONS.map((r) => [r.slug.replace(/-/g, '_'), { value: r.slug, description: r.name }]),
  ) as Record<string, { value: (typeof UN_TOURISM_REGIONS)[number]['slug']; description: string }>,
});
