/** Compares a series' new observations with the previous release's: what is new, what was revised. */
import type { ObsStatus } from '../domain/types';

export interface StoredPoint {
  value: number | null;
  status: string;
  published: string;
}

export interface RevisionRow {
  period: string;
  oldValue: number | null;
  newValue: number | null;
  oldStatus: string;
  newStatus: string;
}

export interface SeriesDiff {
  newPoints: number;
  revisions: RevisionRow[];
}

/**
 * A period is new when the previous release had no figure for it and this one has.
 * It is revised when a figure (or its status) changes; a figure that disappears is a revision too.
 */
export function diffSeries(
  previous: Map<string, StoredPoint> | undefined,
  next: { period: string; value: number | null; status: ObsStatus }[],
): SeriesDiff {
  let newPoints = 0;
  const revisions: RevisionRow[] = [];
  for (const o of next) {
    const old = previous?.get(o.period);
    if (!old || old.value === null) {
      if (o.value !== null) newPoints++;
      continue;
    }
    if (old.value !== o.value || old.status !== o.status) {
      revisions.push({ period: o.period, oldValue: old.value, newValue: o.value, oldStatus: old.status, newStatus: o.status });
    }
  }
  return { newPoints, revisions };
}
