/** Pruning release files: the newest few stay, and the served one always does. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentReleaseFile, DEFAULT_KEEP_RELEASES, newReleaseFile, pruneReleases, publishRelease, releasesDir } from '../../src/db/release-store';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-prune-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const VERSIONS = ['20260101T000000Z', '20260201T000000Z', '20260301T000000Z', '20260401T000000Z', '20260501T000000Z'];
const held = () => fs.readdirSync(releasesDir(dataDir)).sort();

describe('pruneReleases', () => {
  it(`keeps the newest ${DEFAULT_KEEP_RELEASES} by default and deletes the rest`, () => {
    for (const v of VERSIONS) fs.writeFileSync(newReleaseFile(dataDir, v), '');
    publishRelease(dataDir, newReleaseFile(dataDir, VERSIONS[4]));
    expect(pruneReleases(dataDir)).toEqual(['20260201T000000Z.db', '20260101T000000Z.db']);
    expect(held()).toEqual(VERSIONS.slice(2).map((v) => `${v}.db`));
  });

  it('never deletes the served release, even an older one', () => {
    publishRelease(dataDir, newReleaseFile(dataDir, VERSIONS[2]));
    expect(pruneReleases(dataDir, 1)).toEqual(['20260401T000000Z.db']);
    expect(held()).toEqual(['20260301T000000Z.db', '20260501T000000Z.db']);
    expect(currentReleaseFile(dataDir)).toBe(path.join(releasesDir(dataDir), '20260301T000000Z.db'));
  });
});
