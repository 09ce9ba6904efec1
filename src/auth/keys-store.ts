/**
 * API keys. Only SHA-256 hashes are stored (DATA_DIR/keys.db, apart from the release files so
 * an ingest never touches keys); the plain key is shown once, when created or rotated.
 */
import Database from 'better-sqlite3';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PLANS, type Plan } from '../domain/types';

export interface KeyRecord {
  id: string;
  plan: Plan;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export class KeysStore {
  private readonly db: Database.Database;
  private readonly byHash = new Map<string, { hash: Buffer; id: string; plan: Plan }>();
  private loadedAt = 0;
  private readonly verified = new Map<string, { id: string; plan: Plan }>();

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, 'keys.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_key (
      id TEXT PRIMARY KEY, hash BLOB NOT NULL UNIQUE, plan TEXT NOT NULL, label TEXT NOT NULL,
      created_at TEXT NOT NULL, revoked_at TEXT)`);
    this.reload();
  }

  private reload(): void {
    this.byHash.clear();
    const rows = this.db.prepare('SELECT id, hash, plan FROM api_key WHERE revoked_at IS NULL').all() as {
      id: string;
      hash: Buffer;
      plan: Plan;
    }[];
    for (const r of rows) this.byHash.set(r.hash.toString('hex'), r);
    this.verified.clear();
    this.loadedAt = Date.now();
  }

  /** The plan of a valid key, or null. Keys made, revoked or rotated by the CLI in another process count within 2 s. */
  verify(key: string): { id: string; plan: Plan } | null {
    if (Date.now() - this.loadedAt > 2000) this.reload();
    // Keys verified since the last reload are remembered (the map is emptied at each reload), so a
    // busy client costs one hash per reload interval, not one per request.
    const known = this.verified.get(key);
    if (known) return known;
    const hash = hashKey(key);
    const hit = this.byHash.get(hash.toString('hex'));
    // The map lookup finds the candidate; the final comparison is constant-time.
    if (!hit || !timingSafeEqual(hit.hash, hash)) return null;
    const caller = { id: hit.id, plan: hit.plan };
    if (this.verified.size < 10_000) this.verified.set(key, caller);
    return caller;
  }

  create(plan: Plan, label = ''): { key: string; record: KeyRecord } {
    const key = `tsk_${randomBytes(24).toString('base64url')}`;
    const record = this.insert(key, plan, label);
    return { key, record };
  }

  private insert(key: string, plan: Plan, label: string): KeyRecord {
    const record: KeyRecord = {
      id: `key_${randomBytes(6).toString('hex')}`,
      plan,
      label,
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    this.db
      .prepare('INSERT INTO api_key (id, hash, plan, label, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(record.id, hashKey(key), plan, label, record.createdAt);
    this.reload();
    return record;
  }

  /** Adds a known key (TOURISM_API_KEYS) unless its hash is already held. */
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
      this.db.prepare('SELECT id, plan, label, created_at, revoked_at FROM api_key ORDER BY created_at').all() as {
        id: string;
        plan: Plan;
        label: string;
        created_at: string;
        revoked_at: string | null;
      }[]
    ).map((r) => ({ id: r.id, plan: r.plan, label: r.label, createdAt: r.created_at, revokedAt: r.revoked_at }));
  }

  revoke(id: string): boolean {
    const changed = this.db
      .prepare('UPDATE api_key SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(new Date().toISOString(), id).changes;
    this.reload();
    return changed > 0;
  }

  /** Revokes a key and issues a new one with the same plan and label. */
  rotate(id: string): { key: string; record: KeyRecord } | null {
    const old = this.list().find((k) => k.id === id && !k.revokedAt);
    if (!old) return null;
    return this.db.transaction(() => {
      this.revoke(id);
      return this.create(old.plan, old.label);
    })();
  }

  close(): void {
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
