/**
 * Which figures a plan can see (DECISIONS.md, "Plans"): the one rule every field that shows a
 * figure follows, through the request's observation loaders (src/graphql/loaders.ts).
 */
import type { Plan } from './types';

/** Developer sees figures published more than 30 days ago; analyst and intel see everything. */
export const DEVELOPER_DELAY_DAYS = 30;

/**
 * The newest publication day (YYYY-MM-DD, UTC) a plan sees, or null for every figure. Whole days:
 * a figure published on day D turns visible to a developer at the start of D + 30, so an answer
 * stays the same all day, as the result cache (per plan and day) assumes.
 */
export function visibleFrom(plan: Plan, now: Date): string | null {
  if (plan === 'analyst' || plan === 'intel') return null;
  return new Date(now.getTime() - DEVELOPER_DELAY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a figure published at `published` (an ISO date or timestamp) is visible under `cutoff`. */
export function isVisible(published: string, cutoff: string | null): boolean {
  return cutoff === null || published.slice(0, 10) <= cutoff;
}

/** The observations a cutoff lets through, oldest first; the same array when it hides none. */
export function visibleObservations<T extends { published: string }>(observations: readonly T[], cutoff: string | null): readonly T[] {
  if (cutoff === null || observations.every((o) => isVisible(o.published, cutoff))) return observations;
  return observations.filter((o) => isVisible(o.published, cutoff));
}

/** The newest observation with a value whose publication date the plan may see. */
export function newestVisible<T extends { value: number | null; published: string }>(
  observations: readonly T[],
  cutoff: string | null,
): T | undefined {
  for (let i = observations.length - 1; i >= 0; i--) {
    const o = observations[i];
    if (o.value !== null && isVisible(o.published, cutoff)) return o;
  }
  return undefined;
}
