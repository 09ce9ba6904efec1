/**
 * The download path: each official address answered (by a stand-in for the network) with the
 * publisher's file packed as the publisher packs it; the cache then builds the same release.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, expect, it } from 'vitest';
import { buildRelease } from '../../src/ingest/build';
import { downloadSources, REMOTE_FILES } from '../../src/ingest/download';
import { SOURCES_DIR } from '../helpers/paths';

const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-download-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-download-data-'));
afterAll(() => [cache, dataDir].forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The bytes a publisher serves at an address: gzip for Eurostat, a zip for the ECB. */
function served(url: string): Response {
  const remote = REMOTE_FILES.find((r) => r.url === url)!;
  // The full tour_occ_nin2 is not among the shared files: the extract stands in for it.
  const local = path.join(SOURCES_DIR, remote.file.replace('estat_tour_occ_nin2.tsv', 'estat_tour_occ_nin2_extract_2020-2024.tsv'));
  const bytes = fs.readFileSync(local);
  if (remote.packing === 'gzip') return new Response(new Uint8Array(gzipSync(bytes)));
  if (remote.packing) {
    return new Response(zipSync({ [remote.packing.zipMember]: new Uint8Array(bytes) }));
  }
  return new Response(new Uint8Array(bytes));
}

it('downloads, unpacks and builds the same numbers as the shared files', async () => {
  const lines: string[] = [];
  const requested: string[] = [];
  await downloadSources(cache, SOURCES_DIR, (l) => lines.push(l), async (url) => {
    requested.push(url);
    return served(url);
  });
  expect(requested).toEqual(REMOTE_FILES.map((r) => r.url));
  expect(lines[0]).toMatch(/^ {2}\[1\/\d+\] https:\/\/ec\.europa\.eu\//);
  expect(fs.readFileSync(path.join(cache, 'ecb/eurofxref-hist.csv'))).toEqual(fs.readFileSync(path.join(SOURCES_DIR, 'ecb/eurofxref-hist.csv')));
  expect(fs.readdirSync(path.join(cache, 'eurostat')).some((f) => f.endsWith('.part'))).toBe(false);
  const summary = buildRelease({ sourcesDir: cache, dataDir, now: new Date('2026-03-15T06:00:00Z') });
  expect(summary.series).toBeGreaterThan(6000);
});

it('an address that fails stops the download with its status', async () => {
  await expect(downloadSources(cache, null, () => {}, async () => new Response('gone', { status: 404 }))).rejects.toThrow(/404/);
});
