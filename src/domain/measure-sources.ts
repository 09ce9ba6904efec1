/**
 * Measures of the service's vocabulary that no source present gives, with the one text every place that
 * lists the measures says of them. None today: occupancy, the last, comes from UN Tourism's hotels
 * workbook (room and bed-place occupancy rates, December 2025 release on).
 */
import type { Measure } from './types';

export const NO_SOURCE: Partial<Record<Measure, string>> = {};

/** Why no series of the measure is present, or null when sources give it. */
export function noSourceNote(measure: string): string | null {
  return (NO_SOURCE as Record<string, string | undefined>)[measure] ?? null;
}

/** What every list of the measures says of those no source gives ('' when sources give them all). */
export function measuresWithoutSource(): string {
  return Object.values(NO_SOURCE).join(' ');
}
