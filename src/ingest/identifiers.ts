/** Series aliases and ids (DECISIONS.md, "Identifiers"). */
import { createHash } from 'node:crypto';
import type { Breakdown, Freq, Measure } from '../domain/types';

export function breakdownSegment(breakdown: Breakdown | null): string {
  return breakdown ? `${breakdown.dimension}-${breakdown.member}` : 'total';
}

/** `<iso>.<measure>.<breakdown>.<freq>`, lower case, e.g. `es.arrivals.origin-de.m`. */
export function aliasOf(s: { country: string; measure: Measure; breakdown: Breakdown | null; freq: Freq }): string {
  return `${s.country}.${s.measure}.${breakdownSegment(s.breakdown)}.${s.freq}`.toLowerCase();
}

/** `sr_` + 8 base-36 characters hashed from the alias: stable across rebuilds and machines. */
export function seriesIdOf(alias: string): string {
  const digest = createHash('sha256').update(alias).digest();
  const n = digest.readBigUInt64BE(0) % 36n ** 8n;
  return `sr_${n.toString(36).padStart(8, '0')}`;
}

export const SERIES_ID_RE = /^sr_[0-9a-z]{8}$/;
export const ALIAS_RE = /^[a-z]{2}\.[a-z]+\.[a-z0-9-]+\.[mqa]$/;
