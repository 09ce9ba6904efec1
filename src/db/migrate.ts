/**
 * Applies the SQL migrations in prisma/migrations to a SQLite file, in name order,
 * each once (recorded in _migrations). The Prisma schema engine cannot run offline,
 * so the SQL files are the migration mechanism and a test keeps them equal to schema.prisma.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { PROJECT_ROOT } from '../project-root';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma/migrations');

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') }));
}

/** Returns the names of the migrations applied by this call. */
export function migrate(db: Database.Database, dir = MIGRATIONS_DIR): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT name FROM "_migrations"').pluck().all() as string[]);
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    if (done.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO "_migrations" (name, appliedAt) VALUES (?, ?)').run(m.name, new Date().toISOString());
    })();
    applied.push(m.name);
  }
  return applied;
}
