/** Which figures a plan can see (DECISIONS.md, "Plans"). */
import type { Plan } from './types';

/** Developer sees figures published more than 30 days ago; analyst and intel see everything. */
export const DEVELOPER_DELAY_DAYS = 30;

export function visibleFrom(plan: Plan, now: Date): string | null {
  if (plan === 'analyst' || plan === 'intel') return null;
  return new Date(now.getTime() - DEVELOPER_DELAY_DAYS * 86_400_000).toISOString();
}

/** The newest observation with a value whose publication date the plan may see. */
export function newestVisible<T extends { value: number | null; published: string }>(
  observations: readonly T[],
  cutoff: string | null,
): T | undefined {
  for (let i = observations.length - 1; i >= 0; i--) {
    const o = observations[i];
    if (o.value !== null && (cutoff === null || o.published <= cutoff)) return o;
  }
  return undefined;
}
