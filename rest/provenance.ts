/**
 * provenance=true on every route that lists observations: one record per source table in
 * meta.sources, and on each row its source's key, the publisher's release date, what gave that date,
 * and published or derived with its rule. The routes select the same GraphQL fragment
 * (FigureProvenance on Series, or ObservationProvenance on a single figure) and shape it here.
 */
import { snakeFields, type SnakeFields } from './fields';
import type { SeriesProvenance } from '../src/domain/provenance';

/** A series' provenance record as the operations select it (their kind is a plain string). */
export type SourceRecord = Omit<SeriesProvenance, 'kind'> & { kind: string };

/** One figure's own provenance: its date and derivation. */
export interface FigureDating {
  published: string;
  datedBy: string;
  kind: string;
  rule: string | null;
}

/** The columns a row gains (null where the period has no figure). */
export interface ProvenanceColumns {
  source: string | null;
  published: string | null;
  dated_by: string | null;
  kind: string | null;
  rule: string | null;
}

/** The source records an answer names, each once, keyed by table code (meta.sources). */
export class SourceList {
  private readonly records = new Map<string, SourceRecord>();

  /** Adds a record (once per table) and gives its key. */
  add(record: SourceRecord): string {
    if (!this.records.has(record.table)) this.records.set(record.table, record);
    return record.table;
  }

  /** meta.sources: each record in snake_case, in the order first named. */
  meta(): Record<string, SnakeFields<SourceRecord>> {
    return Object.fromEntries([...this.records].map(([table, record]) => [table, snakeFields(record)]));
  }
}

/** A row's provenance columns from its figure's dating and its series' record. */
export function provenanceColumns(sources: SourceList, record: SourceRecord | null | undefined, own: FigureDating | null | undefined): ProvenanceColumns {
  if (!record || !own) return { source: null, published: null, dated_by: null, kind: null, rule: null };
  return { source: sources.add(record), published: own.published, dated_by: own.datedBy, kind: own.kind, rule: own.rule };
}

/** What FigureProvenance adds to a series: its record and each figure's dating (with provenance=true). */
export interface DatedSeries {
  provenance?: SourceRecord | null;
  dated?: { period: string; provenance: FigureDating | null }[];
}

/**
 * A series' rows with their provenance joined by period, or the rows as they are when provenance
 * was not asked for (the series then holds no `dated`).
 */
export function withProvenance<T extends { period: string }>(rows: T[], series: DatedSeries, sources: SourceList): (T | (T & ProvenanceColumns))[] {
  if (!series.dated) return rows;
  const byPeriod = new Map(series.dated.map((o) => [o.period, o.provenance]));
  return rows.map((row) => ({ ...row, ...provenanceColumns(sources, series.provenance, byPeriod.get(row.period)) }));
}
