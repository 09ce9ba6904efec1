/** Releases for switch tests, made from the test release without another full ingest. */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { currentReleaseFile, releasesDir } from '../../src/db/release-store';

/** A data folder of its own holding a copy of the test release (files may be added to it). */
export function copiedDataDir(dir: string): string {
  fs.mkdirSync(releasesDir(dir), { recursive: true });
  const file = currentReleaseFile(inject('dataDir'))!;
  fs.copyFileSync(file, path.join(releasesDir(dir), path.basename(file)));
  fs.copyFileSync(path.join(inject('dataDir'), 'CURRENT'), path.join(dir, 'CURRENT'));
  return dir;
}

/**
 * The test release's file under a new name in `releases`, stamped with another data version and
 * date (what a rebuild with revised figures would change), so a switch shows in every answer's
 * meta.data_as_of. Returns the new file.
 */
export function stampedRelease(targetReleasesDir: string, dataAsOf: string): string {
  const source = currentReleaseFile(inject('dataDir'))!;
  const name = `${dataAsOf.replace(/[-:]/g, '').replace(/\.\d+/, '')}.db`;
  const file = path.join(targetReleasesDir, name);
  fs.mkdirSync(targetReleasesDir, { recursive: true });
  fs.copyFileSync(source, `${file}.tmp`);
  const db = new Database(`${file}.tmp`);
  db.prepare("UPDATE Meta SET value = ? WHERE key = 'data_as_of'").run(dataAsOf);
  db.prepare("UPDATE Meta SET value = ? WHERE key = 'data_version'").run(`test-${dataAsOf}`);
  db.close();
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

/**
 * Adds a release to the log of a release file, as an ingest that revised the given series (by
 * alias) would have logged it: the version from `loadedAt`, each series' last period as reached.
 */
export function logRelease(file: string, loadedAt: string, aliases: string[]): string {
  const version = loadedAt.replace(/[-:]/g, '').replace(/\.\d+/, '');
  const db = new Database(file);
  db.prepare('INSERT INTO Release (version, loadedAt, seriesCount, observationCount) SELECT ?, ?, seriesCount, observationCount FROM Release LIMIT 1').run(version, loadedAt);
  const entry = db.prepare(
    `INSERT INTO ReleaseEntry (releaseVersion, seriesId, countryIso, measure, latestPeriod, newPoints, revisedPoints)
     SELECT ?, id, countryIso, measure, last, 0, 1 FROM Series WHERE alias = ?`,
  );
  for (const alias of aliases) if (entry.run(version, alias).changes !== 1) throw new Error(`no series ${alias}`);
  db.close();
  return version;
}
