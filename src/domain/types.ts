/** Shared vocabulary of the service: what a series, an observation and a period are. */

export const MEASURES = ['arrivals', 'nights', 'spend', 'departures', 'occupancy', 'capacity'] as const;
export type Measure = (typeof MEASURES)[number];

export const FREQS = ['M', 'Q', 'A'] as const;
export type Freq = (typeof FREQS)[number];

/** Status of one observation, as the publisher marks it. */
export const OBS_STATUSES = [
  'published',
  'estimated',
  'provisional',
  'break',
  'not_published',
  'withheld',
] as const;
export type ObsStatus = (typeof OBS_STATUSES)[number];

export const PLANS = ['free', 'developer', 'analyst', 'intel'] as const;
export type Plan = (typeof PLANS)[number];

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** One observation as parsed from a publisher file. `value` is null when the source gives none. */
export interface ParsedObservation {
  period: string;
  value: number | null;
  status: ObsStatus;
  /** The publisher's raw flag letters, retained for traceability ('' when none). */
  flags: string;
  /**
   * Where the source holds several of the publisher's releases: the date (YYYY-MM-DD) of the earliest
   * release that gave a figure for this period, which dates the figure.
   */
  firstReleased?: string;
  /** Set when the ingest computed the figure (src/domain/derivation.ts): the rule's id. */
  derivation?: 'sum-of-parts' | 'annual-sum' | 'annual-mean';
}

/** A figure the publisher changed from one of its releases to a later one, both present in the source. */
export interface SourceRevision {
  period: string;
  oldValue: number | null;
  oldStatus: ObsStatus;
  newValue: number | null;
  newStatus: ObsStatus;
  /** Release dates (YYYY-MM-DD) of the older figure and of the one that replaced it. */
  oldReleased: string;
  newReleased: string;
}

/** A breakdown member: `{dimension: 'origin', member: 'de'}` gives alias segment `origin-de`. */
export interface Breakdown {
  dimension: string;
  member: string;
}

/** One series as parsed from a publisher file, before identifiers are assigned. */
export interface ParsedSeries {
  /** ISO 3166 alpha-2, upper case, already mapped from publisher codes (EL → GR, UK → GB). */
  country: string;
  measure: Measure;
  /** null for the publisher's own total. */
  breakdown: Breakdown | null;
  freq: Freq;
  /** e.g. 'arrivals', 'nights', 'bed-places', 'USD'. */
  unit: string;
  currency: string | null;
  /** e.g. 'thousands', 'millions'; null when values are units. */
  scale: string | null;
  /** Source table code, e.g. 'tour_occ_nim'. */
  table: string;
  /** Names in every language the source gives: lang → name. 'en' is always present. */
  names: Record<string, string>;
  /** true when computed by us (e.g. weekly averaged to months), not published as such. */
  derived?: boolean;
  observations: ParsedObservation[];
  /** Figures changed between the publisher's releases the source holds (oldest change first). */
  sourceRevisions?: SourceRevision[];
}

/** A row a connector could not use, with why. */
export interface RejectedRow {
  table: string;
  row: string;
  reason: string;
  /** The row's place (country) could not be resolved from its code and name: an ingest error. */
  unresolved?: boolean;
}

/** A source table: one publisher dataset or sheet. */
export interface SourceTableInfo {
  code: string;
  publisher: string;
  title: string;
  url: string;
  /** Relative path inside the sources directory. */
  file: string;
  /** The file's own release or update date (YYYY-MM-DD), where it gives one; dates the figures in it. */
  released?: string;
  /** The publisher's HTTP Last-Modified (YYYY-MM-DD) for the copy fetched from its address. */
  lastModified?: string;
}
