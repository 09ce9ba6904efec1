/**
 * The ingest pipeline on the real files: re-running keeps the served release, a changed figure is kept
 * as a revision, and a failed or interrupted ingest leaves the served release untouched.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { buildRelease } from '../../src/ingest/build';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';
import { reviseEurostatFigure } from '../helpers/eurostat-revision';

const temps: string[] = [];
function tempCopy(from: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(from, dir, { recursive: true, dereference: true });
  temps.push(dir);
  return dir;
}
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function query<T>(file: string, sql: string, ...args: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

const meta = (file: string) =>
  Object.fromEntries(query<{ key: string; value: string }>(file, 'SELECT key, value FROM Meta').map((r) => [r.key, r.value]));

describe('the test release built from ../shared/data', () => {
  const file = currentReleaseFile(inject('dataDir'))!;
  it('holds the check values of SOURCES.md', () => {
    const value = (alias: string, period: string) =>
      query<{ value: number }>(file, 'SELECT o.value FROM Observation o JOIN Series s ON s.id = o.seriesId WHERE s.alias = ? AND o.period = ?', alias, period)[0]?.value;
    expect(value('es.nights.total.m', '2019-08')).toBe(72418691);
    expect(value('es.nights.residence-foreign.m', '2019-08')).toBe(40609737);
    expect(value('fr.nights.total.m', '2019-08')).toBe(89610216);
    expect(value('es.arrivals.total.m', '2019-08')).toBe(17738068);
    expect(value('fr.arrivals.total.a', '2019')).toBe(217877); // thousands: 217.9 million
    expect(value('es.capacity.total.a', '2019')).toBe(3638875);
    const usd = query<{ rate: number }>(file, "SELECT rate FROM FxRate WHERE currency = 'USD' AND date = '2019-01-02'")[0].rate;
    expect(usd).toBe(1.1397);
  });
  it('marks one headline series per country and measure, monthly over annual', () => {
    const es = query<{ alias: string }>(file, "SELECT alias FROM Series WHERE countryIso = 'ES' AND measure = 'arrivals' AND headline = 1");
    expect(es.map((r) => r.alias)).toEqual(['es.arrivals.total.m']);
  });
  it('resolves every row to a place: 0 unresolved, the code/name decisions counted in the summary', () => {
    const summary = inject('ingestLog').find((l) => l.startsWith('Release '))!;
    expect(summary).toMatch(/ 0 unresolved places; \d+ rows placed by code\/name decisions/);
    expect(inject('ingestLog')).toEqual(expect.arrayContaining([expect.stringMatching(/× UN Tourism 535 CURAÇAO → CW/)]));
  });
  it('serves no aggregate as a country', () => {
    const isos = query<{ iso: string }>(file, 'SELECT iso FROM Country').map((r) => r.iso);
    expect(isos).not.toContain('EU');
    expect(isos).toEqual(expect.arrayContaining(['GR', 'GB', 'JP', 'FR']));
  });
});

describe('re-running and revising', () => {
  it('re-running on the same files keeps the served release (no new file), then a changed figure is a revision', async () => {
    const dataDir = tempCopy(inject('dataDir'), 'tourism-rerun-');
    const before = currentReleaseFile(dataDir)!;
    const log: string[] = [];
    const again = await buildRelease({ sourcesDir: SOURCES_DIR, dataDir, parseCacheDir: inject('parseCacheDir'), now: new Date('2026-04-01T06:00:00Z'), log: (l) => log.push(l) });
    expect(again.written).toBe(false);
    expect(again.file).toBe(before);
    expect(currentReleaseFile(dataDir)).toBe(before);
    // The served release and its bulk files' folder, nothing new.
    expect(fs.readdirSync(path.join(dataDir, 'releases')).sort()).toEqual([path.basename(before, '.db'), path.basename(before)]);
    expect(again.changed).toBe(false);
    expect(again.revisions).toBe(0);
    expect(again.newPoints).toBe(0);
    expect(again.dataVersion).toBe(meta(before).data_version);
    expect(again.dataAsOf).toBe(meta(before).data_as_of);
    expect(log).toEqual(
      expect.arrayContaining([
        '  no series vanished and no table shrank since release 20260315T060000Z',
        expect.stringMatching(/^Figures identical to the served release 20260315T060000Z \(data version \w+\): kept, no new release file written;/),
      ]),
    );

    // A publisher revises Malta's nights for 2019-08: the next release keeps both values and dates.
    const sources = tempCopy(SOURCES_DIR, 'tourism-sources-');
    const tsv = path.join(sources, 'eurostat/estat_tour_occ_nim.tsv');
    const { text, before: old } = reviseEurostatFigure(fs.readFileSync(tsv, 'utf8'), 'M,TOTAL,NR,I551-I553,MT', '2019-08', 1000);
    fs.writeFileSync(tsv, text);
    const revised = await buildRelease({ sourcesDir: sources, dataDir, parseCacheDir: inject('parseCacheDir'), now: new Date('2026-04-02T06:00:00Z') });
    expect(revised.changed).toBe(true);
    expect(revised.revisions).toBe(1);
    const rows = query<any>(revised.file, "SELECT r.* FROM Revision r JOIN Series s ON s.id = r.seriesId WHERE s.alias = 'mt.nights.total.m'");
    expect(rows).toEqual([
      expect.objectContaining({ period: '2019-08', oldValue: old, newValue: old + 1000, oldRelease: '20260315T060000Z', newRelease: '20260402T060000Z' }),
    ]);
    expect(query(revised.file, 'SELECT * FROM Release')).toHaveLength(2);
    // The figure keeps the date the first load gave it: Eurostat monthly, the period's end plus 2 months.
    const published = query<{ published: string }>(revised.file, "SELECT o.published FROM Observation o JOIN Series s ON s.id = o.seriesId WHERE s.alias = 'mt.nights.total.m' AND o.period = '2019-08'");
    expect(published[0].published).toBe('2019-11-01T00:00:00.000Z');
    expect(meta(revised.file).data_as_of).toBe('2026-04-02T06:00:00.000Z');
  }, 180_000); // two whole ingests (three UN Tourism releases among the files) through vitest's transform
});

describe('failures leave the served release untouched', () => {
  it('a broken source file fails the ingest and keeps the old release', async () => {
    const dataDir = tempCopy(inject('dataDir'), 'tourism-fail-');
    const before = currentReleaseFile(dataDir);
    const sources = tempCopy(SOURCES_DIR, 'tourism-broken-');
    fs.writeFileSync(path.join(sources, 'unwto/unwto-all-data-download_032023.xlsx'), 'not a workbook');
    await expect(buildRelease({ sourcesDir: sources, dataDir, parseCacheDir: inject('parseCacheDir'), now: new Date('2026-04-03T06:00:00Z') })).rejects.toThrow();
    expect(currentReleaseFile(dataDir)).toBe(before);
    expect(fs.readdirSync(path.join(dataDir, 'releases')).filter((f) => f.includes('20260403'))).toEqual([]);
  });

  it('an ingest killed midway keeps the old release', async () => {
    const dataDir = tempCopy(inject('dataDir'), 'tourism-kill-');
    const before = currentReleaseFile(dataDir);
    // Another data version on the served release, so the ingest writes a new file rather than keeping it.
    const served = new Database(before!);
    served.prepare("UPDATE Meta SET value = 'older' WHERE key = 'data_version'").run();
    served.close();
    let killedWhileWriting = false;
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'ingest', '--sources', SOURCES_DIR], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Kill it once it is writing the new release file.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Writing release')) {
          setTimeout(() => {
            killedWhileWriting = child.exitCode === null;
            child.kill('SIGKILL');
            resolve();
          }, 300);
        }
      });
      child.on('exit', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(killedWhileWriting).toBe(true);
    expect(currentReleaseFile(dataDir)).toBe(before);
    const db = new Database(before!, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM Series').get() as { n: number }).n).toBeGreaterThan(1000);
    db.close();
  });
});
