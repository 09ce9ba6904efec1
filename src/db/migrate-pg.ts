/**
 * Applies the key store's SQL migrations (prisma/keys/migrations) to PostgreSQL, in name order, each
 * once (recorded in _migrations), like src/db/migrate.ts does for SQLite. Replicas starting together
 * take turns through an advisory lock, so each migration runs exactly once.
 */
import path from 'node:path';
import pg from 'pg';
import { listMigrations, MIGRATIONS_DIR } from './migrate';

export const KEYS_MIGRATIONS_DIR = path.resolve(MIGRATIONS_DIR, '../keys/migrations');

/** Returns the names of the migrations applied by this call. */
export async function migratePg(connectionString: string, dir = KEYS_MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('tourism_migrations'))");
    await client.query('CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TIMESTAMPTZ NOT NULL)');
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM "_migrations"')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of listMigrations(dir)) {
      if (done.has(m.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO "_migrations" (name, "appliedAt") VALUES ($1, now())', [m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      applied.push(m.name);
    }
    return applied;
  } finally {
    // Ending the session releases the advisory lock.
    await client.end();
  }
}
