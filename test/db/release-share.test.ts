/** Release distribution: publish once to a shared directory, take it from there or over HTTP, digest checked. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { readManifest, shareRelease, takeRelease } from '../../src/db/release-share';
import { currentReleaseFile } from '../../src/db/release-store';
import { bulkDir, readBulkManifest } from '../../src/db/bulk-files';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-share-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const shared = tempDir();

it('publishes the served release with its SHA-256 and takes it from a shared directory', async () => {
  const manifest = await shareRelease(inject('dataDir'), shared);
  expect(manifest.file).toBe(path.basename(currentReleaseFile(inject('dataDir'))!));
  expect(await readManifest(shared)).toEqual(manifest);
  const replica = tempDir();
  expect(await takeRelease(shared, replica)).toBe(true);
  expect(path.basename(currentReleaseFile(replica)!)).toBe(manifest.file);
  expect(fs.readFileSync(currentReleaseFile(replica)!).equals(fs.readFileSync(currentReleaseFile(inject('dataDir'))!))).toBe(true);
  // Already served: nothing to take.
  expect(await takeRelease(shared, replica)).toBe(false);
});

it("carries the release's bulk files, each checked against release.json, so replicas serve the same bytes", async () => {
  const origin = currentReleaseFile(inject('dataDir'))!;
  const manifest = await readManifest(shared);
  expect(manifest.bulk?.map((f) => f.name)).toEqual(['observations.parquet', 'series.csv', 'series.json', 'csv.zip']);
  const replica = tempDir();
  expect(await takeRelease(shared, replica)).toBe(true);
  const taken = currentReleaseFile(replica)!;
  expect(readBulkManifest(taken)?.files).toEqual(readBulkManifest(origin)?.files);
  for (const f of manifest.bulk!) expect(fs.readFileSync(path.join(bulkDir(taken), f.name)).equals(fs.readFileSync(path.join(bulkDir(origin), f.name))), f.name).toBe(true);

  // A bulk file whose bytes are not the published ones: the release is not switched to.
  const tampered = tempDir();
  fs.cpSync(shared, tampered, { recursive: true });
  fs.appendFileSync(path.join(tampered, 'releases', manifest.file.replace(/\.db$/, ''), 'series.csv'), 'x');
  const other = tempDir();
  await expect(takeRelease(tampered, other)).rejects.toThrow(/series\.csv.*SHA-256/);
  expect(currentReleaseFile(other)).toBeNull();
});

it('takes it over HTTP, and refuses a file whose digest is not the published one', async () => {
  const server = http.createServer((req, res) => {
    const file = path.join(shared, path.normalize(decodeURIComponent(req.url ?? '/')).replace(/^\/+/, ''));
    if (!file.startsWith(shared) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200);
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const replica = tempDir();
    expect(await takeRelease(url, replica)).toBe(true);
    expect(path.basename(currentReleaseFile(replica)!)).toBe((await readManifest(url)).file);

    const tampered = tempDir();
    fs.cpSync(shared, tampered, { recursive: true });
    const manifest = await readManifest(tampered);
    fs.writeFileSync(path.join(tampered, 'release.json'), JSON.stringify({ ...manifest, sha256: '0'.repeat(64) }));
    const other = tempDir();
    await expect(takeRelease(tampered, other)).rejects.toThrow(/SHA-256/);
    expect(currentReleaseFile(other)).toBeNull();
    expect(fs.readdirSync(path.join(other, 'releases'))).toEqual([]);
  } finally {
    server.close();
  }
});
