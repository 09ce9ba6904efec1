/**
 * API keys. Only SHA-256 hashes are stored; the plain key is shown once, when created or rotated.
 * Embedded default: DATA_DIR/keys.db (apart from the release files, so an ingest never touches keys).
 * With DATABASE_URL the same store lives in PostgreSQL (src/auth/pg-keys-store.ts).
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PLANS, type Plan } from '../domain/types';
import { hashKey, KeyIndex, usageDay, type Caller } from './key-index';

export { hashKey, type Caller } from './key-index';

export interface KeyRecord {
  id: string;
  plan: Plan;
  label: string;
  createdAt: string;
  revokedAt: string | null;
  /** Requests made with the key today (UTC), as last written by the servers. */
  requestsToday: number;
}

type Awaitable<T> = T | Promise<T>;

/** What the servers and the keys CLI need from a key store, whichever engine holds it. */
export interface KeyStore {
  /** The caller of a valid key, or null; answered from memory. Counts the request for usage. */
  verify(key: string): Caller | null;
  /** Drops a key revoked elsewhere at once, without waiting for the next reload. */
  forget(id: string): void;
  create(plan: Plan, label?: string): Awaitable<{ key: string; record: KeyRecord }>;
  /** Adds a known key (TOURISM_API_KEYS) unless its hash is already present. */
  seed(key: string, plan: Plan): Awaitable<void>;
  list(): Awaitable<KeyRecord[]>;
  revoke(id: string): Awaitable<boolean>;
  /** Revokes a key and issues a new one with the same plan and label. */
  rotate(id: string): Awaitable<{ key: string; record: KeyRecord } | null>;
  /** Writes the usage counted so far. */
  flushUsage(): Awaitable<void>;
  close(): Awaitable<void>;
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function newKey(): string {
  return `tsk_${randomBytes(24).toString('base64url')}`;
}

export function newKeyId(): string {
  return `key_${randomBytes(6).toString('hex')}`;
}

/** How often a server looks for keys changed by another process (the CLI, another worker). */
const CHANGE_CHECK_MS = 500;
const USAGE_FLUSH_MS = 2000;

export class KeysStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly index = new KeyIndex();
  private checkedAt = 0;
  private dataVersion = 0;
  private readonly flushTimer: NodeJS.Timeout;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, 'keys.db'));
    this.db.pragma('journal_mode = WAL');
    // Several processes (workers, the CLI) may write at once: wait for the lock rather than fail.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_key (
      id TEXT PRIMARY KEY, hash BLOB NOT NULL UNIQUE, plan TEXT NOT NULL, label TEXT NOT NULL,
      created_at TEXT NOT NULL, revoked_at TEXT);
      CREATE TABLE IF NOT EXISTS api_key_usage (
      key_id TEXT NOT NULL, day TEXT NOT NULL, requests INTEGER NOT NULL, PRIMARY KEY (key_id, day))`);
    this.reload();
    this.flushTimer = setInterval(() => this.flushUsage(), USAGE_FLUSH_MS);
    this.flushTimer.unref();
  }

  private reload(): void {
    this.index.replace(this.db.prepare('SELECT id, hash, plan FROM api_key WHERE revoked_at IS NULL').all() as { id: string; hash: Buffer; plan: Plan }[]);
    this.dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    this.checkedAt = Date.now();
  }

  /** Keys made, revoked or rotated by another process count within half a second. */
  verify(key: string): Caller | null {
    const now = Date.now();
    if (now - this.checkedAt > CHANGE_CHECK_MS) {
      this.checkedAt = now;
      // data_version changes only when another connection committed to keys.db.
      if (this.db.pragma('data_version', { simple: true }) !== this.dataVersion) this.reload();
    }
    return this.index.verify(key);
  }

  forget(id: string): void {
    this.index.forget(id);
  }

  create(plan: Plan, label = ''): { key: string; record: KeyRecord } {
    const key = newKey();
    const record = this.insert(key, plan, label);
    return { key, record };
  }

  private insert(key: string, plan: Plan, label: string): KeyRecord {
    const record: KeyRecord = { id: newKeyId(), plan, label, createdAt: new Date().toISOString(), revokedAt: null, requestsToday: 0 };
    this.db
      .prepare('INSERT INTO api_key (id, hash, plan, label, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(record.id, hashKey(key), plan, label, record.createdAt);
    this.reload();
    return record;
  }

  seed(key: string, plan: Plan): void {
    const existing = this.db.prepare('SELECT id, plan, revoked_at FROM api_key WHERE hash = ?').get(hashKey(key)) as
      | { id: string; plan: string; revoked_at: string | null }
      | undefined;
    if (!existing) this.insert(key, plan, 'seeded from TOURISM_API_KEYS');
    else if (existing.plan !== plan || existing.revoked_at) {
      this.db.prepare('UPDATE api_key SET plan = ?, revoked_at = NULL WHERE id = ?').run(plan, existing.id);
      this.reload();
    }
  }

  list(): KeyRecord[] {
    return (
      this.db
        .prepare(
          `SELECT k.id, k.plan, k.label, k.created_at, k.revoked_at, COALESCE(u.requests, 0) AS requests
           FROM api_key k LEFT JOIN api_key_usage u ON u.key_id = k.id AND u.day = ? ORDER BY k.created_at`,
        )
        .all(usageDay()) as { id: string; plan: Plan; label: string; created_at: string; revoked_at: string | null; requests: number }[]
    ).map((r) => ({ id: r.id, plan: r.plan, label: r.label, createdAt: r.created_at, revokedAt: r.revoked_at, requestsToday: r.requests }));
  }

  revoke(id: string): boolean {
    const changed = this.db
      .prepare('UPDATE api_key SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(new Date().toISOString(), id).changes;
    this.reload();
    return changed > 0;
  }

  rotate(id: string): { key: string; record: KeyRecord } | null {
    const old = this.list().find((k) => k.id === id && !k.revokedAt);
    if (!old) return null;
    return this.db.transaction(() => {
      this.revoke(id);
      return this.create(old.plan, old.label);
    })();
  }

  flushUsage(): void {
    const counts = this.index.drainCounts();
    if (counts.size === 0) return;
    const day = usageDay();
    const add = this.db.prepare(
      'INSERT INTO api_key_usage (key_id, day, requests) VALUES (?, ?, ?) ON CONFLICT (key_id, day) DO UPDATE SET requests = requests + excluded.requests',
    );
    try {
      this.db.transaction(() => {
        for (const [id, n] of counts) add.run(id, day, n);
      })();
    } catch {
      this.index.restoreCounts(counts);
    }
  }

  close(): void {
    clearInterval(this.flushTimer);
    this.flushUsage();
    this.db.close();
  }
}

/** Parses TOURISM_API_KEYS="free:KEY1,developer:KEY2,…". */
export function parseSeedKeys(text: string | undefined): { plan: Plan; key: string }[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const i = part.indexOf(':');
      const plan = part.slice(0, i).trim().toLowerCase();
      const key = part.slice(i + 1).trim();
      if (i < 1 || !isPlan(plan) || !key) throw new Error(`TOURISM_API_KEYS: "${part}" is not plan:key`);
      return { plan, key };
    });
}
