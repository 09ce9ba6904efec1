/** The transformation arguments every observations field takes (units, freq, aggregation), in the words of the schema. */
import { transformObservations, transforms, type Aggregation, type TransformOptions, type TransformPoint, type Units } from '../domain/transform';
import type { Freq } from '../domain/types';
import { FREQS } from '../domain/types';
import { oneOf } from './enums';

export const TRANSFORM_ARG_NOTES = {
  units: "The observations in these units, with FRED's formulas (lin, the default: as published).",
  freq: 'Aggregate to this frequency when it is coarser than the series’; a period is made only when all its sub-periods are held.',
  aggregation: 'How a period is made of its sub-periods with `freq`: sum (default for counts and money), avg (default for rates and capacity) or eop.',
};

export interface TransformArgs {
  units?: Units | null;
  freq?: Freq | null;
  aggregation?: Aggregation | null;
}

export function transformOptions(args: TransformArgs): TransformOptions {
  return { units: args.units ?? null, freq: args.freq ?? null, aggregation: args.aggregation ?? null };
}

/** The transformation of a series' points the arguments ask for, or null when they change nothing (the caller keeps its own fast path). */
export function seriesTransform(
  series: { freq: string; measure: string; unit: string },
  args: TransformArgs,
): ((points: readonly TransformPoint[]) => TransformPoint[]) | null {
  const options = transformOptions(args);
  const s = { freq: oneOf(FREQS, series.freq), measure: series.measure, unit: series.unit };
  return transforms(s, options) ? (points) => transformObservations(points, s, options) : null;
}
