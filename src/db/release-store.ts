/**
 * Where releases live: each ingest writes DATA_DIR/releases/<version>.db, and the file
 * DATA_DIR/CURRENT names the served one. Switching rewrites CURRENT through a rename,
 * which is atomic, so a reader sees the old release or the new one, never half of either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from './atomic-file';

export function releasesDir(dataDir: string): string {
  return path.join(dataDir, 'releases');
}

const pointerFile = (dataDir: string) => path.join(dataDir, 'CURRENT');

/** The served release file, or null when none has been built yet. */
export function currentReleaseFile(dataDir: string): string | null {
  let name: string;
  try {
    name = fs.readFileSync(pointerFile(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
  const file = path.join(releasesDir(dataDir), path.basename(name));
  return fs.existsSync(file) ? file : null;
}

export function newReleaseFile(dataDir: string, version: string): string {
  fs.mkdirSync(releasesDir(dataDir), { recursive: true });
  return path.join(releasesDir(dataDir), `${version}.db`);
}

export function publishRelease(dataDir: string, file: string): void {
  writeFileAtomically(pointerFile(dataDir), `${path.basename(file)}\n`);
}

/** Release files retained by default: the served one and the two before it, to switch back to. */
export const DEFAULT_KEEP_RELEASES = 3;

/**
 * Deletes all but the newest `keep` release files (names sort by version), never the served one.
 * Returns the names deleted.
 */
export function pruneReleases(dataDir: string, keep = DEFAULT_KEEP_RELEASES): string[] {
  const current = currentReleaseFile(dataDir);
  const files = fs
    .readdirSync(releasesDir(dataDir))
    .filter((f) => f.endsWith('.db'))
    .sort()
    .reverse();
  const pruned: string[] = [];
  for (const f of files.slice(keep)) {
    const full = path.join(releasesDir(dataDir), f);
    if (full === current) continue;
    fs.rmSync(full, { force: true });
    // The release's bulk files go with it (src/db/bulk-files.ts: the folder named by its version).
    fs.rmSync(full.replace(/\.db$/, ''), { recursive: true, force: true });
    pruned.push(f);
  }
  return pruned;
}
