/**
 * Per-request DataLoaders for the reads plugin-prisma cannot fold into its parent query
 * (derived statistics that need whole series). Each batches one SQL statement per tick, and
 * series already read in this release come from the release's own store.
 */
import DataLoader from 'dataloader';
import type { Snapshot } from '../db/data-store';
import type { Observation } from '../generated/prisma/client';

/** An observation row as stored: period, value, status, flags and the date it first arrived. */
export type ObservationPoint = Observation;

export interface Loaders {
  /** All observations of a series, oldest first. */
  observations: DataLoader<string, ObservationPoint[]>;
}

export function createLoaders(snapshot: Snapshot): Loaders {
  return {
    observations: new DataLoader(async (ids) => {
      const kept = snapshot.observations as Map<string, ObservationPoint[]>;
      const missing = ids.filter((id) => !kept.has(id));
      if (missing.length === 0) return ids.map((id) => kept.get(id)!);
      const rows = await snapshot.prisma.observation.findMany({
        where: { seriesId: { in: missing } },
        orderBy: [{ seriesId: 'asc' }, { period: 'asc' }],
      });
      const bySeries = new Map<string, ObservationPoint[]>(missing.map((id) => [id, []]));
      for (const r of rows) bySeries.get(r.seriesId)?.push(r);
      for (const [id, points] of bySeries) kept.set(id, points);
      return ids.map((id) => kept.get(id)!);
    }),
  };
}
