/**
 * Per-request DataLoaders for the reads plugin-prisma cannot fold into its parent query
 * (derived statistics that need whole series). Each batches one SQL statement per tick, and
 * series already read in this release come from the release's own store.
 */
import DataLoader from 'dataloader';
import type { Snapshot } from '../db/data-store';
import { afterWaitingWork } from '../db/turns';
import type { Observation } from '../generated/prisma/client';
import { visibleObservations } from '../domain/visibility';
import { NO_RIVALS, readRivals, type CountryRivals } from '../db/rival-table';
import { storedOutcome, type BriefAbsence, type ServedBrief } from '../db/brief';
import { perRelease } from '../db/data-store';

/** An observation row as stored: period, value, status, flags and the date it first arrived. */
export type ObservationPoint = Observation;

export interface Loaders {
  /**
   * The observations of a series the caller's plan can see, oldest first (src/domain/visibility.ts):
   * every field that shows a figure, or computes from figures, reads these.
   */
  observations: Pick<DataLoader<string, ObservationPoint[]>, 'load' | 'loadMany'>;
  /** The same, at once (no promise) for a series already read in this release. */
  points: (id: string) => ObservationPoint[] | Promise<ObservationPoint[]>;
  /**
   * Every observation of a series, whatever the plan: only for what periods exist (coverage
   * grids, gap reports), never for a value shown.
   */
  allObservations: DataLoader<string, ObservationPoint[]>;
  /** A country's rivals as the ingest stored them (src/db/rival-table.ts), a list of countries in one read. */
  rivals: DataLoader<string, CountryRivals>;
  /** A country's brief the ingest stored for a month, by `ISO|YYYY-MM` (null: none stored for that month). */
  briefs: DataLoader<string, ServedBrief | BriefAbsence | null>;
  /** Whether a country's origin breakdown covers two comparable windows, as the ingest stored it. */
  originShift: DataLoader<string, boolean>;
}

const SERIES_PER_STATEMENT = 250;

/**
 * The texts of the release's cached observations, one copy of each. Every row read from SQLite
 * brings its own copy of its series id, period, status ('published' …) and publication time: four
 * strings that were a third of the service's heap once the figures of a release were cached, for a
 * few thousand distinct texts. Per release, so the texts of a release no longer served go with it.
 */
const textsOf = new WeakMap<Snapshot, Map<string, string>>();

function internedRow(row: ObservationPoint, texts: Map<string, string>): ObservationPoint {
  const one = (text: string) => {
    const interned = texts.get(text);
    if (interned !== undefined) return interned;
    texts.set(text, text);
    return text;
  };
  return { seriesId: one(row.seriesId), period: one(row.period), value: row.value, status: one(row.status), flags: one(row.flags), published: one(row.published), derivation: row.derivation === null ? null : one(row.derivation) };
}

/**
 * The views of the release's series under one cutoff, shared by the requests of that day: a view is
 * the series' own array when the cutoff hides none of its figures, so most series cost no copy.
 */
const viewsOf = new WeakMap<Snapshot, { cutoff: string; views: Map<string, ObservationPoint[]> }>();

function visibleView(snapshot: Snapshot, cutoff: string | null): (id: string, all: ObservationPoint[]) => ObservationPoint[] {
  if (cutoff === null) return (_id, all) => all;
  let entry = viewsOf.get(snapshot);
  if (!entry || entry.cutoff !== cutoff) viewsOf.set(snapshot, (entry = { cutoff, views: new Map() }));
  const views = entry.views;
  return (id, all) => {
    let view = views.get(id);
    if (view === undefined) views.set(id, (view = visibleObservations(all, cutoff) as ObservationPoint[]));
    return view;
  };
}

/** The briefs the ingest stored for a month, by country (none stored: an empty map), once per release and month. */
function storedBriefs(snapshot: Snapshot, month: string): Promise<Map<string, ServedBrief | BriefAbsence>> {
  return perRelease(snapshot, `stored-briefs:${month}`, async () => {
    const rows = await snapshot.prisma.storedBrief.findMany({ where: { month } });
    return new Map(rows.map((r) => [r.countryIso, storedOutcome(r)]));
  });
}

/** The request's loaders; `cutoff` is the plan's (visibleFrom), null for every figure. */
export function createLoaders(snapshot: Snapshot, cutoff: string | null): Loaders {
  const cached = snapshot.observations as Map<string, ObservationPoint[]>;
  const allObservations: Loaders['allObservations'] = new DataLoader(
    async (ids) => {
      const missing = ids.filter((id) => !cached.has(id));
      if (missing.length === 0) return ids.map((id) => cached.get(id)!);
      const bySeries = new Map<string, ObservationPoint[]>(missing.map((id) => [id, []]));
      let texts = textsOf.get(snapshot);
      if (!texts) textsOf.set(snapshot, (texts = new Map()));
      // A few hundred series a statement: SQLite reads synchronously, and every series at once blocked the event loop too long.
      for (let at = 0; at < missing.length; at += SERIES_PER_STATEMENT) {
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        const rows = await snapshot.prisma.observation.findMany({
          where: { seriesId: { in: missing.slice(at, at + SERIES_PER_STATEMENT) } },
          orderBy: [{ seriesId: 'asc' }, { period: 'asc' }],
        });
        for (const r of rows) bySeries.get(r.seriesId)?.push(internedRow(r, texts));
      }
      for (const [id, points] of bySeries) cached.set(id, points);
      return ids.map((id) => cached.get(id)!);
    },
    // Resolvers past their turn's slice run one at a time (src/db/turns.ts), so DataLoader's default,
    // a batch per tick, read a statement for each: a batch is the loads of the resolvers waiting when it began.
    { batchScheduleFn: afterWaitingWork },
  );
  const view = visibleView(snapshot, cutoff);
  const visible = (id: string): ObservationPoint[] | Promise<ObservationPoint[]> => {
    const all = cached.get(id);
    return all ? view(id, all) : allObservations.load(id).then((points) => view(id, points));
  };
  // The stored rivals and briefs are small tables, read whole once per release (a few statements)
  // rather than a country's rows per request.
  const rivals: Loaders['rivals'] = new DataLoader(async (isos) => {
    const stored = await perRelease(snapshot, 'rivals', () => readRivals(snapshot.prisma));
    return isos.map((iso) => stored.get(iso) ?? NO_RIVALS);
  });
  const briefs: Loaders['briefs'] = new DataLoader(async (keys) => {
    const asked = keys.map((k) => k.split('|') as [string, string]);
    const months = new Map(await Promise.all([...new Set(asked.map(([, month]) => month))].map(async (month) => [month, await storedBriefs(snapshot, month)] as const)));
    return asked.map(([iso, month]) => months.get(month)!.get(iso) ?? null);
  });
  const originShift: Loaders['originShift'] = new DataLoader(
    async (isos) => {
      const rows = await snapshot.prisma.originShiftCountry.findMany({ where: { countryIso: { in: [...isos] } }, select: { countryIso: true } });
      const carrying = new Set(rows.map((r) => r.countryIso));
      return isos.map((iso) => carrying.has(iso));
    },
    { batchScheduleFn: afterWaitingWork },
  );
  return {
    allObservations,
    rivals,
    briefs,
    originShift,
    points: visible,
    observations: {
      load: async (id) => visible(id),
      loadMany: (ids) => Promise.all(Array.from(ids, async (id) => visible(id))),
    },
  };
}
