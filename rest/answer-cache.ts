/**
 * The one policy for kept answers (REST and GraphQL alike): bytes per data version, evicted least
 * recently used once a budget in bytes is spent, so no mix of callers can grow memory past it.
 * A new release empties it, since no answer of the old one may be served again.
 */
import { LRUCache } from 'lru-cache';

export interface Sized {
  /** Bytes the entry holds (its body and headers); what the budget counts. */
  bytes: number;
}

/** ANSWER_CACHE_MB sets each cache's budget; 16 MB holds thousands of typical answers. */
export function answerBudgetBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.ANSWER_CACHE_MB);
  return (Number.isFinite(mb) && mb >= 0 && env.ANSWER_CACHE_MB !== '' ? mb : 16) * 1024 * 1024;
}

export class AnswerCache<V extends Sized> {
  private readonly lru: LRUCache<string, V> | null;
  private version = '';

  constructor(budgetBytes: number) {
    // An answer larger than an eighth of the budget is not kept: one caller's huge answers cannot flush everyone's.
    this.lru =
      budgetBytes > 0
        ? new LRUCache<string, V>({ maxSize: budgetBytes, maxEntrySize: Math.max(1, Math.floor(budgetBytes / 8)), sizeCalculation: (v) => Math.max(1, v.bytes) })
        : null;
  }

  get(dataVersion: string, key: string): V | undefined {
    this.follow(dataVersion);
    return this.lru?.get(key);
  }

  set(dataVersion: string, key: string, value: V): void {
    this.follow(dataVersion);
    this.lru?.set(key, value);
  }

  /** An entry that took on `added` bytes (a compressed form, say), kept again so the budget counts them. */
  grew(dataVersion: string, key: string, value: V, added: number): void {
    value.bytes += added;
    this.set(dataVersion, key, value);
  }

  /** Bytes held now (for tests and the README's figures). */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  private follow(dataVersion: string): void {
    if (dataVersion !== this.version) {
      this.lru?.clear();
      this.version = dataVersion;
    }
  }
}
