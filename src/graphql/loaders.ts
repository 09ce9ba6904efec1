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

const SERIES_PER_STATEMENT = 250;

export function createLoaders(snapshot: Snapshot): Loaders {
  return {
    observations: new DataLoader(async (ids) => {
      const kept = snapshot.observations as Map<string, ObservationPoint[]>;
      const missing = ids.filter((id) => !kept.has(id));
      if (missing.length === 0) return ids.map((id) => kept.get(id)!);
      const bySeries = new Map<string, ObservationPoint[]>(missing.map((id) => [id, []]));
      // A few hundred series a statement: SQLite reads synchronously, and every series at once held the event loop ~100 ms.
      for (let at = 0; at < missing.length; at += SERIES_PER_STATEMENT) {
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        const rows = await snapshot.prisma.observation.findMany({
          where: { seriesId: { in: missing.slice(at, at + SERIES_PER_STATEMENT) } },
          orderBy: [{ seriesId: 'asc' }, { period: 'asc' }],
        });
        for (const r of rows) bySeries.get(r.seriesId)?.push(r);
      }
      for (const [id, points] of bySeries) kept.set(id, points);
      return ids.map((id) => kept.get(id)!);
    }),
  };
}
