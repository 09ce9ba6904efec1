/** A rebuild while the service runs: answers keep coming, and the new release is served without a restart. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';
import { startTestServer } from '../helpers/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-switch-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('switches to a new release atomically while serving', async () => {
  fs.cpSync(inject('dataDir'), dataDir, { recursive: true });
  const s = await startTestServer({ dataDir, warm: false });
  try {
    const before = await s.json('/v1/status', 'free');
    const etag = (await s.get('/v1/countries/ES', { plan: 'free' })).headers.get('etag');
    // A publisher revision arrives: Malta's nights for 2019-08 change.
    const sources = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-switch-sources-'));
    fs.cpSync(SOURCES_DIR, sources, { recursive: true, dereference: true });
    const tsv = path.join(sources, 'eurostat/estat_tour_occ_nim.tsv');
    fs.writeFileSync(tsv, fs.readFileSync(tsv, 'utf8').replace(/^(M,TOTAL,NR,I551-I553,MT\t(?:[^\t]*\t){355})(\d+)/m, (_m, head, v) => `${head}${Number(v) + 7}`));
    // The rebuild runs as its own process, as `npm run ingest` would, while requests keep coming.
    const ingest = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'ingest', '--sources', sources], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    ingest.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finished = new Promise<number | null>((resolve) => ingest.on('exit', resolve));
    let served = 0;
    let running = true;
    void finished.then(() => (running = false));
    while (running) {
      expect((await s.get('/v1/regions', { plan: 'free' })).status).toBe(200);
      served++;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await finished).toBe(0);
    fs.rmSync(sources, { recursive: true, force: true });
    expect(output).toMatch(/ 1 revisions/);
    expect(served).toBeGreaterThan(5);
    let after = before;
    for (let i = 0; i < 50 && after.data.last_load === before.data.last_load; i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await s.json('/v1/status', 'free');
    }
    expect(after.data.last_load).not.toBe(before.data.last_load);
    expect(after.meta.data_as_of).toBe(after.data.last_load);
    const newEtag = (await s.get('/v1/countries/ES', { plan: 'free' })).headers.get('etag');
    expect(newEtag).not.toBe(etag);
    const meta = await s.json('/v1/series/mt.nights.total.m/metadata', 'developer');
    expect(meta.data.revisions).toBe(1);
    expect(Date.parse(meta.data.last_revised)).toBe(Date.parse(after.data.last_load) - (Date.parse(after.data.last_load) % 1000));
  } finally {
    await s.close();
  }
}, 180_000); // a whole ingest (three UN Tourism releases among the files) while serving
