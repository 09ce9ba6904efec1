/**
 * Where a figure comes from and when it was published. One record per series is computed once per
 * release (publisher, table, file, official address, the file's release date, published or derived
 * and from what); each observation adds only its own publication date, what gave that date, and
 * its own derivation rule where it differs from the series'. So asking provenance for every figure
 * of a notebook costs one small record per series and three short fields per figure.
 */
import { PUBLISHER_CALENDARS, type DatedBy } from './release-dating';
import type { Freq } from './types';

/** A source table as the release holds it. */
export interface SourceFacts {
  code: string;
  publisher: string;
  title: string;
  url: string;
  file: string;
  /** The file's release date (YYYY-MM-DD), written in it or its Last-Modified; null when neither is known. */
  released: string | null;
  releasedBy: string | null;
}

/**
 * How a series was made: `rule` null means the publisher's own figures. `derivedFrom` is the JSON
 * array of the series ids it was made from (as Series.derivedFrom stores it). `derived` is the older
 * flag of series computed at ingest (weekly prices averaged to months, daily counts summed to months).
 */
export interface DerivationFacts {
  rule: string | null;
  derivedFrom: string | null;
  derived: boolean;
}

export interface SeriesProvenance {
  publisher: string;
  table: string;
  title: string;
  file: string;
  url: string;
  /** The file's release date, YYYY-MM-DD, and what gave it ('file' or 'last-modified'). */
  released: string | null;
  releasedBy: string | null;
  /** The publisher's release calendar that dates figures the file does not, in words; null when none. */
  calendar: string | null;
  /** 'published' (the publisher's figures) or 'derived' (computed from other figures). */
  kind: 'published' | 'derived';
  /** The derivation rule (e.g. `sum-of-parts`, `annual-sum`), null for published figures. */
  rule: string | null;
  /** The series ids the figures were computed from; empty for published figures. */
  derivedFrom: string[];
}

export interface ObservationProvenance {
  source: SeriesProvenance;
  /** The publisher's release date of this figure, YYYY-MM-DD. */
  published: string;
  datedBy: DatedBy;
  kind: 'published' | 'derived';
  rule: string | null;
}

/** The rule given to series flagged derived before derivation rules were named. */
export const COMPUTED_AT_INGEST = 'computed-at-ingest';

function seriesIds(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The record of one series, from its table and how it was made. */
export function seriesProvenance(table: SourceFacts, freq: Freq, how: DerivationFacts): SeriesProvenance {
  const rule = how.rule ?? (how.derived ? COMPUTED_AT_INGEST : null);
  const calendar = PUBLISHER_CALENDARS[table.publisher];
  return {
    publisher: table.publisher,
    table: table.code,
    title: table.title,
    file: table.file,
    url: table.url,
    released: table.released,
    releasedBy: table.releasedBy,
    calendar: calendar?.delays[freq] ? calendar.basis : null,
    kind: rule ? 'derived' : 'published',
    rule,
    derivedFrom: rule ? seriesIds(how.derivedFrom) : [],
  };
}

/**
 * One figure's provenance: its series' record, its publication day (from Observation.published) and
 * what gave it, and its own derivation (Observation.derivation: null for the publisher's figure,
 * even inside a series that derives some of its points).
 */
export function observationProvenance(source: SeriesProvenance, published: string, derivation: string | null): ObservationProvenance {
  const day = published.slice(0, 10);
  // A date other than the table's file date came from the calendar, or from an earlier release
  // the source also holds (a file date too) when the publisher has no calendar.
  const datedBy: DatedBy =
    source.released === day && source.releasedBy ? (source.releasedBy as DatedBy) : source.calendar ? 'calendar' : 'file';
  // A named rule is given per figure (a series may mix published and derived points); a series
  // computed at ingest is derived in every figure.
  const rule = derivation ?? (source.rule === COMPUTED_AT_INGEST ? COMPUTED_AT_INGEST : null);
  return { source, published: day, datedBy, kind: rule ? 'derived' : 'published', rule };
}
