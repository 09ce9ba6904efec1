/**
 * The active keys stored in memory, so a request's key check never waits on a database: a map from
 * hash to key finds the candidate, and the final comparison is constant-time. Both key stores
 * (keys.db, PostgreSQL) fill it from their table and count each verified request for usage.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Plan } from '../domain/types';

export interface Caller {
  id: string;
  plan: Plan;
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export class KeyIndex {
  private byHash = new Map<string, { hash: Buffer; id: string; plan: Plan }>();
  private readonly verified = new Map<string, Caller>();
  /** Requests per key id since the last drain (usage counts). */
  private counts = new Map<string, number>();

  /** Replaces the active keys with a fresh read of the table. */
  replace(rows: { id: string; hash: Uint8Array; plan: Plan }[]): void {
    this.byHash = new Map(rows.map((r) => {
      const hash = Buffer.from(r.hash);
      return [hash.toString('hex'), { hash, id: r.id, plan: r.plan }];
    }));
    this.verified.clear();
  }

  /** Drops a key at once (a revocation announced by another replica). */
  forget(id: string): void {
    for (const [hex, entry] of this.byHash) if (entry.id === id) this.byHash.delete(hex);
    for (const [key, caller] of this.verified) if (caller.id === id) this.verified.delete(key);
  }

  verify(key: string): Caller | null {
    // Keys verified since the last replace are remembered (emptied at each replace), so a busy client
    // costs one hash per reload, not one per request.
    let caller = this.verified.get(key);
    if (!caller) {
      const hash = hashKey(key);
      const hit = this.byHash.get(hash.toString('hex'));
      if (!hit || !timingSafeEqual(hit.hash, hash)) return null;
      caller = { id: hit.id, plan: hit.plan };
      if (this.verified.size < 10_000) this.verified.set(key, caller);
    }
    this.counts.set(caller.id, (this.counts.get(caller.id) ?? 0) + 1);
    return caller;
  }

  /** The requests counted since the last drain, per key id; the counter starts again from zero. */
  drainCounts(): Map<string, number> {
    const counts = this.counts;
    this.counts = new Map();
    return counts;
  }

  /** Puts back counts a failed write could not store, so they are written with the next ones. */
  restoreCounts(counts: Map<string, number>): void {
    for (const [id, n] of counts) this.counts.set(id, (this.counts.get(id) ?? 0) + n);
  }
}

/** Today's date in UTC, the day usage is counted under. */
export function usageDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
