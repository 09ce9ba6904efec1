/**
 * The facts provenance is built from, read once per release: every source table and, for each
 * series, its table and how it was made. The one place that reads the derivation columns (see
 * `derivationOf` and `observationDerivation`).
 */
import { perRelease, type Snapshot } from '../db/data-store';
import type { SearchableSeries } from '../db/search-index';
import { observationProvenance, seriesProvenance, type ObservationProvenance, type SeriesProvenance, type DerivationFacts } from '../domain/provenance';
import type { Freq } from '../domain/types';
import type { ObservationPoint } from './loaders';

/** How a series was made: Series.derivationRule and Series.derivedFrom, as the ingest stored them. */
export function derivationOf(series: SearchableSeries): DerivationFacts {
  return { rule: series.derivationRule, derivedFrom: series.derivedFrom, derived: series.derived };
}

/** An observation's own derivation rule (Observation.derivation): null for the publisher's figure. */
export function observationDerivation(point: ObservationPoint): string | null {
  return point.derivation ?? null;
}

/** The records once computed, so a figure's provenance resolves at once, without a promise per figure. */
const computed = new WeakMap<Snapshot, ReadonlyMap<string, SeriesProvenance>>();

/** Every series' provenance record of the release, by series id, computed once. */
export function provenanceBySeries(snapshot: Snapshot): Promise<ReadonlyMap<string, SeriesProvenance>> {
  return perRelease(snapshot, 'provenance', async () => {
    const tables = new Map((await snapshot.prisma.sourceTable.findMany()).map((t) => [t.code, t]));
    const out = new Map<string, SeriesProvenance>();
    for (const s of snapshot.series) {
      const table = tables.get(s.tableCode);
      if (table) out.set(s.id, seriesProvenance(table, s.freq as Freq, derivationOf(s)));
    }
    computed.set(snapshot, out);
    return out;
  });
}

/**
 * One observation's provenance, or null for a series the release does not hold: its series' record
 * (shared, never copied) and its own date and derivation. At once once the records are computed.
 */
export function provenanceOf(snapshot: Snapshot, point: ObservationPoint): ObservationProvenance | null | Promise<ObservationProvenance | null> {
  const of = (records: ReadonlyMap<string, SeriesProvenance>) => {
    const source = records.get(point.seriesId);
    return source ? observationProvenance(source, point.published, observationDerivation(point)) : null;
  };
  const ready = computed.get(snapshot);
  return ready ? of(ready) : provenanceBySeries(snapshot).then(of);
}
