/**
 * The refresh against a stand-in publisher (test/helpers/publisher.ts): node:http serving a copy of
 * the sources laid out by official address, reached as TOURISM_PUBLISHER_MIRROR would reach it.
 * Rounds run in order on one data folder, as a deployed service's would (the files no publisher serves
 * at an address of their own come from the sources folder, as TOURISM_SOURCES), through the real fetchers,
 * the real shape checks and the real ingest. The last round is the compiled CLI's (`npm run refresh`),
 * run as a child process with TOURISM_PUBLISHER_MIRROR and the rest in its environment.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_HTTP, type HttpOptions } from '../../src/ingest/fetch/http';
import { readStates } from '../../src/ingest/fetch/state';
import { currentReleaseFile } from '../../src/db/release-store';
import { SOURCES, UN_TOURISM_PAGE } from '../../src/ingest/publishers';
import { cacheDir, refreshSources, type RefreshSummary } from '../../src/ingest/refresh';
import { pageLinking, startStandInPublisher, type StandInPublisher } from '../helpers/publisher';
import { parseXml } from '../helpers/atom';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';
import { reviseEurostatFigure } from '../helpers/eurostat-revision';
import { displayedFigures, statcanFullTableCsv, statcanFullTableZip } from '../helpers/fetched-formats';
import { startTestServer, type TestServer } from '../helpers/server';
import { SOURCES_WITHOUT_FIGURES, withoutPeriod } from '../helpers/status-sources';

let publisher: StandInPublisher;
let dataDir: string;
let http: HttpOptions;

beforeAll(async () => {
  publisher = await startStandInPublisher();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-refresh-'));
  // Short limits, so a hanging publisher costs the test seconds, not minutes.
  http = { ...DEFAULT_HTTP, mirror: publisher.url, timeoutMs: 30_000, idleMs: 3_000, attempts: 2, backoffMs: 50 };
});
afterAll(async () => {
  await publisher?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const round = (day: string, log?: (line: string) => void): Promise<RefreshSummary> =>
  refreshSources({ dataDir, parseCacheDir: inject('parseCacheDir'), seedDir: SOURCES_DIR, http, now: new Date(`${day}T06:00:00Z`), log });

const NIGHTS = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true';
const ECB = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';
const OIL = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data/brent-daily.csv';
const BRENT_MONTHLY = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data/brent-monthly.csv';
const STATCAN = 'https://www150.statcan.gc.ca/n1/tbl/csv/24100050-eng.zip';
/** A test fixture, not StatCan's figure: a 2025-11 total carrying the held 2024-11 one. */
const STATCAN_LATER = { refDate: '2025-11', geo: 'Canada', member: 'Non-resident visitors entering Canada', value: displayedFigures().get('Non-resident visitors entering Canada')?.get('2024-11') ?? '' };

const SPAIN_NIGHTS = 'M,TOTAL,NR,I551-I553,ES';

/** Spain's total nights of 2019-08 in Eurostat's tour_occ_nim, raised by `by` in the publisher's file; `then` edits the text further. */
function reviseSpainNights(by: number, then: (tsv: string) => string = (tsv) => tsv): { before: number; after: number } {
  const { text, before, after } = reviseEurostatFigure(gunzipSync(publisher.read(NIGHTS)).toString('utf8'), SPAIN_NIGHTS, '2019-08', by);
  publisher.put(NIGHTS, gzipSync(Buffer.from(then(text))));
  return { before, after };
}

/** A month after the file's last, as Eurostat publishes it: a column, Spain's total nights in it, every other row not available. */
function withSpainMonth(tsv: string, period: string, value: number): string {
  const lines = tsv.split('\n');
  return lines
    .map((line, i) => (i === 0 ? `${line}\t${period} ` : line === '' ? line : `${line}\t${line.startsWith(`${SPAIN_NIGHTS}\t`) ? value : ':'} `))
    .join('\n');
}

describe('refresh rounds against the stand-in publisher', () => {
  let first: RefreshSummary;

  it('first load: every source fetched through the mirror, one release built', async () => {
    first = await round('2026-04-20');
    expect(first.failed).toEqual([]);
    expect(first.changed).toHaveLength(SOURCES.length);
    expect(first.build?.written).toBe(true);
    const states = readStates(dataDir);
    expect(Object.keys(states.sources)).toHaveLength(SOURCES.length);
    expect(states.sources['ecb/eurofxref-hist']).toMatchObject({ state: 'ok', url: ECB, lastChanged: '2026-04-20T06:00:00.000Z' });
    expect(publisher.requests.every((r) => r.status === 200)).toBe(true);
  }, 120_000);

  it('an unchanged round: conditional GETs answered 304, nothing parsed, no release', async () => {
    publisher.requests.length = 0;
    const sent = performance.now();
    const again = await round('2026-04-21');
    const seconds = (performance.now() - sent) / 1000;
    expect(again.changed).toEqual([]);
    expect(again.failed).toEqual([]);
    expect(again.build).toBeNull();
    // Pages that link dated files are read each round (they are small); the files themselves are asked conditionally.
    const pages = new Set(SOURCES.filter((x) => x.linked).map((x) => x.address));
    const files = publisher.requests.filter((r) => !pages.has(r.address));
    expect(files.filter((r) => !(r.conditional && r.status === 304))).toEqual([]);
    expect(readStates(dataDir).sources['ecb/eurofxref-hist']).toMatchObject({ state: 'unchanged', lastChanged: '2026-04-20T06:00:00.000Z', lastChecked: '2026-04-21T06:00:00.000Z' });
    console.log(`unchanged round: ${SOURCES.length} sources in ${seconds.toFixed(2)} s`);
  });

  it('a changed file: only that source is taken, a new release is built, the revision recorded, and calendar and releases move', async () => {
    // A revision of 2019-08 and a month no release held (the shared file ends at 2026-02).
    const { before, after } = reviseSpainNights(1_000, (tsv) => withSpainMonth(tsv, '2026-03', 5_000_000));
    const log: string[] = [];
    const changed = await round('2026-04-22', (l) => log.push(l));
    expect(changed.changed).toEqual(['eurostat/tour_occ_nim']);
    // Only the step reading the changed file may parse (it too is reused when an earlier run of the
    // tests kept the same revised file); every other step's files are as they were kept.
    const steps = log.filter((l) => /^ {2}\S.* \d+ series, /.test(l));
    expect(steps.length).toBeGreaterThan(10);
    const parsed = steps.filter((l) => !l.includes('files unchanged since kept')).map((l) => l.trim().split(/\s{2,}| \d+ series/)[0]);
    expect(parsed.filter((step) => step !== 'Eurostat')).toEqual([]);
    expect(changed.build?.written).toBe(true);
    expect(changed.build?.revisions).toBeGreaterThanOrEqual(1);
    const s: TestServer = await startTestServer({ dataDir });
    try {
      const obs = await s.json('/v1/series/es.nights.total.m/observations?from=2019-08&to=2019-08');
      expect(obs.data[0].value).toBe(after);
      const asBefore = await s.json('/v1/series/es.nights.total.m/observations?from=2019-08&to=2019-08&as_of=2026-04-21');
      expect(asBefore.data[0].value).toBe(before);
      const vintages = await s.json('/v1/series/es.nights.total.m/vintages');
      expect(JSON.stringify(vintages.data)).toContain('2026-04-22');
      const latest = await s.json('/v1/releases/latest');
      expect(latest.data.find((r: { country: string }) => r.country === 'ES')).toMatchObject({ date: '2026-04-22', latest_period: '2026-03' });
      // The calendar follows the release log: Spain's next period is the one after the month that arrived.
      const calendar = (await s.json('/v1/calendar?country=ES')).data[0];
      expect(calendar).toMatchObject({ country: 'ES', latest: '2026-03', next_period: '2026-04' });
      const feed = parseXml(await (await s.get('/v1/releases/feed?country=ES')).text());
      const newest = feed.children.find((e) => e.name === 'entry');
      expect(JSON.stringify(newest)).toContain('2026-04-22');
      expect(JSON.stringify(newest)).toContain('2026-03');
    } finally {
      await s.close();
    }
  }, 120_000);

  it('a publisher answering 500, one that hangs, one that cuts its file and one whose format changed: those sources fail, their copies and the release stay', async () => {
    const held = readStates(dataDir);
    const brentHeld = fs.readFileSync(path.join(cacheDir(dataDir), 'eia_oil/brent-monthly.csv'));
    reviseSpainNights(1_000);
    publisher.misbehave(NIGHTS, { kind: 'status', status: 500 });
    publisher.misbehave(ECB, { kind: 'hang' });
    publisher.put(OIL, `${publisher.read(OIL).toString('utf8')}2026-04-21,70.1\n`);
    publisher.misbehave(OIL, { kind: 'cut', declareLength: true });
    // A format change: the publisher renames the first column.
    const brent = publisher.read(BRENT_MONTHLY);
    publisher.put(BRENT_MONTHLY, brent.toString('utf8').replace(/^Date,/, 'Month,'));
    const failing = await round('2026-04-23').finally(() => {
      [NIGHTS, ECB, OIL].forEach((url) => publisher.misbehave(url, null));
      publisher.put(BRENT_MONTHLY, brent);
    });
    const reasons = Object.fromEntries(failing.failed.map((f) => [f.id, f.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['ecb/eurofxref-hist', 'eia/brent-daily', 'eia/brent-monthly', 'eurostat/tour_occ_nim']);
    expect(reasons['eurostat/tour_occ_nim']).toMatch(/500/);
    expect(reasons['ecb/eurofxref-hist']).toMatch(/no data for 3000 ms/);
    // Refused before any parse, naming the file and the cell; what the cell held is for the log only.
    expect(reasons['eia/brent-monthly']).toMatch(/^refused: eia_oil\/brent-monthly\.csv cell A1: header cell expected "Date", found other text: /);
    expect(reasons['eia/brent-monthly']).not.toMatch(/Month/);
    expect(failing.build).toBeNull();
    expect(fs.readFileSync(path.join(cacheDir(dataDir), 'eia_oil/brent-monthly.csv')).equals(brentHeld)).toBe(true);
    const states = readStates(dataDir);
    expect(states.round?.release).toBeNull();
    expect(states.sources['eurostat/tour_occ_nim']).toMatchObject({ state: 'failed', checksum: held.sources['eurostat/tour_occ_nim'].checksum });
    expect(states.sources['eia/brent-monthly']).toMatchObject({ state: 'failed', checksum: held.sources['eia/brent-monthly'].checksum });
    const s = await startTestServer({ dataDir });
    try {
      const { data } = await s.json('/v1/status', 'free');
      const failed = data.sources.filter((x: { state: string }) => x.state === 'failed');
      expect(failed.map((x: { id: string }) => x.id).sort()).toEqual(Object.keys(reasons).sort());
      expect(failed.find((x: { id: string }) => x.id === 'eurostat/tour_occ_nim').reason).toMatch(/answered 500/);
      expect(failed.find((x: { id: string }) => x.id === 'eia/brent-monthly').reason).toMatch(/eia_oil\/brent-monthly\.csv cell A1/);
      // The release served is the one the changed file built.
      expect(data.last_load).toBe('2026-04-22T06:00:00.000Z');
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a renamed UN Tourism workbook is found from the page, not from a pinned name; StatCan’s download with a later month is taken', async () => {
    publisher.put(STATCAN, statcanFullTableZip(statcanFullTableCsv({ extra: [STATCAN_LATER] })));
    const old = publisher.fileAddress('unwto/all-data');
    const renamed = 'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05/unwto-all-data-download_052026.xlsx';
    publisher.put(renamed, publisher.read(old));
    const page = fs.readFileSync(path.join(publisher.root, new URL(UN_TOURISM_PAGE).host, new URL(UN_TOURISM_PAGE).pathname)).toString('utf8');
    const links = [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')).filter((a) => a !== old);
    publisher.put(UN_TOURISM_PAGE, pageLinking([...links, renamed]));
    const found = await round('2026-04-24');
    expect(found.failed).toEqual([]);
    expect(readStates(dataDir).sources['unwto/all-data'].url).toBe(renamed);
    expect(found.changed).toContain('unwto/all-data');
    expect(found.changed).toContain('statcan/24100050');
  }, 120_000);
});

describe('/v1/status after the rounds', () => {
  it('lists every source with its official address, last check, state and the period it reaches', async () => {
    const s = await startTestServer({ dataDir });
    try {
      const { data } = await s.json('/v1/status', 'free');
      expect(data.sources).toHaveLength(SOURCES.length);
      const nights = data.sources.find((x: { id: string }) => x.id === 'eurostat/tour_occ_nim');
      expect(nights).toMatchObject({ address: NIGHTS, state: 'ok', last_checked: '2026-04-24T06:00:00.000Z', reason: null });
      expect(nights.period_reached).toMatch(/^20\d\d-\d\d$/);
      const un = data.sources.find((x: { id: string }) => x.id === 'unwto/all-data');
      expect(un).toMatchObject({ address: UN_TOURISM_PAGE, fetched_from: expect.stringContaining('052026'), state: 'ok' });
      for (const source of data.sources) expect(source.address).toMatch(/^https:\/\//);
      // Read from the files as fetched (the World Bank's downloads unpack under the Bank's member names).
      expect(withoutPeriod(data.sources)).toEqual(Object.keys(SOURCES_WITHOUT_FIGURES).sort());
      // The fetched formats are read: StatCan's full table (with the month the last round added) and SingStat's API answer.
      expect(data.sources.find((x: { id: string }) => x.id === 'statcan/24100050')).toMatchObject({ state: 'ok', period_reached: '2025-11' });
      expect(data.sources.find((x: { id: string }) => x.id === 'singstat/M550001')).toMatchObject({ period_reached: '2024-11' });
      // Analyst keys see every figure: the full table carries no release date, so a first load dates its figures by the load.
      const latest = (await s.json('/v1/series/ca.arrivals.total.m/latest', 'analyst')).data;
      expect([latest.period, latest.value]).toEqual(['2025-11', Number(STATCAN_LATER.value)]);
    } finally {
      await s.close();
    }
  });
});

describe('npm run refresh (node dist/cli.js refresh) with TOURISM_PUBLISHER_MIRROR', () => {
  /** Runs the compiled CLI as cron would: everything through the environment. Async: the stand-in answers from this process. */
  const cliRefresh = (env: Record<string, string>): Promise<{ code: number; stdout: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, ['dist/cli.js', 'refresh'], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout }),
      );
    });

  it('checks every source through the mirror it names, keeps the served release, and exits 1 for the source that failed', async () => {
    // Nothing else changed since the last round: the run parses nothing and takes seconds.
    const HK = 'https://www.immd.gov.hk/opendata/eng/transport/immigration_clearance/statistics_on_daily_passenger_traffic.csv';
    const served = currentReleaseFile(dataDir);
    publisher.misbehave(HK, { kind: 'status', status: 404 });
    publisher.requests.length = 0;
    const run = await cliRefresh({
      DATA_DIR: dataDir,
      TOURISM_PUBLISHER_MIRROR: publisher.url,
      TOURISM_SOURCES: SOURCES_DIR,
      TOURISM_PARSE_CACHE: inject('parseCacheDir'),
      TOURISM_NOW: '2026-04-25T06:00:00Z',
    }).finally(() => publisher.misbehave(HK, null));
    expect(run.code).toBe(1);
    // Every source was asked of the stand-in, by its official address (a linked one by its page), the files conditionally.
    const asked = new Set(publisher.requests.map((r) => r.address));
    expect(SOURCES.filter((x) => !asked.has(x.address)).map((x) => x.id)).toEqual([]);
    expect(publisher.requests.filter((r) => r.status === 304).length).toBeGreaterThan(40);
    const event = run.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((l) => l.event === 'refresh');
    const reason = `${publisher.url}/www.immd.gov.hk${new URL(HK).pathname} answered 404 Not Found`;
    expect(event).toMatchObject({ changed: [], unchanged: SOURCES.length - 1, failed: { 'hk_immd/daily-passenger-traffic': reason }, release: null });
    // The release it leaves is the one served before; the status says what the run found.
    expect(currentReleaseFile(dataDir)).toBe(served);
    const states = readStates(dataDir);
    expect(states.round).toMatchObject({ started: '2026-04-25T06:00:00.000Z', changed: 0, failed: 1, release: null });
    expect(states.sources['hk_immd/daily-passenger-traffic']).toMatchObject({ state: 'failed', reason, lastChecked: '2026-04-25T06:00:00.000Z' });
    expect(states.sources['ecb/eurofxref-hist']).toMatchObject({ state: 'unchanged', lastChecked: '2026-04-25T06:00:00.000Z' });
  }, 120_000);
});
