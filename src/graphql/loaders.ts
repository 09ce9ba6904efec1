/**
 * Per-request DataLoaders for the reads plugin-prisma cannot fold into its parent query
 * (derived statistics that need whole series). Each batches one SQL statement per tick, and
 * series already read in this release come from the release's own store.
 */
import DataLoader from 'dataloader';
import type { Snapshot } from '../db/data-store';

export interface ObservationPoint {
  period: string;
  value: number | null;
  status: string;
  /** When the figure first arrived (ISO timestamp). */
  published: string;
}

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
        select: { seriesId: true, period: true, value: true, status: true, published: true },
        orderBy: [{ seriesId: 'asc' }, { period: 'asc' }],
      });
      const bySeries = new Map<string, ObservationPoint[]>(missing.map((id) => [id, []]));
      for (const r of rows) bySeries.get(r.seriesId)?.push({ period: r.period, value: r.value, status: r.status, published: r.published });
      for (const [id, points] of bySeries) kept.set(id, points);
      return ids.map((id) => kept.get(id)!);
    }),
  };
}
