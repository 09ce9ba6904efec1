/**
 * Publishers' files as an attacker would send them, served by the stand-in publisher
 * (test/helpers/publisher.ts) to real refresh rounds: a sheet declaring or holding the whole sheet's
 * range (xlsx and BIFF .xls), a small gzip unpacking to one line of 250 million tabs, a CSV with one
 * giant line of commas, an xlsx whose sheet declares 1 MB and inflates to 8 GiB, a page of links that
 * never ends, and publishers dripping a byte at a time. Each round must stay bounded in memory (the
 * test process's and the parsing process's peaks under 1 GB) and in time (each test's timeout), record
 * the failure naming the file and the cause, release the lock, leave the served release as it was,
 * and the next clean round must recover. The hostile files are generated here, small on disk.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { DEFAULT_HTTP, type HttpOptions } from '../../src/ingest/fetch/http';
import { readStates } from '../../src/ingest/fetch/state';
import { MAX_LINE_BYTES } from '../../src/ingest/limits';
import { SOURCES, UN_TOURISM_PAGE } from '../../src/ingest/publishers';
import { DEFAULT_ROUND_LIMITS, refreshSources, type RefreshOptions, type RefreshSummary } from '../../src/ingest/refresh';
import { bombWorkbook, hostileXls, tabLineGzip, topicWorkbook } from '../helpers/hostile-files';
import { startStandInPublisher, type StandInPublisher } from '../helpers/publisher';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer } from '../helpers/server';

let publisher: StandInPublisher;
let dataDir: string;
let http: HttpOptions;

beforeAll(async () => {
  publisher = await startStandInPublisher();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-hostile-'));
  http = { ...DEFAULT_HTTP, mirror: publisher.url, timeoutMs: 30_000, idleMs: 3_000, attempts: 2, backoffMs: 50 };
});
afterAll(async () => {
  await publisher?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const GB_KB = 1024 * 1024;
let day = 0;
const round = (options: Partial<RefreshOptions> = {}): Promise<RefreshSummary> =>
  refreshSources({ dataDir, parseCacheDir: inject('parseCacheDir'), seedDir: SOURCES_DIR, http, now: new Date(Date.UTC(2026, 4, 1, 6) + day++ * 86_400_000), ...options });

const digest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The served release and its bytes, to compare after a hostile round. */
function served(): { file: string; sha256: string } {
  const file = currentReleaseFile(dataDir);
  if (!file) throw new Error('no release served');
  return { file, sha256: digest(file) };
}

/** What every hostile round must leave: bounded memory, no lock, the release untouched, and the sources named failed. */
function expectContained(summary: RefreshSummary, before: { file: string; sha256: string }, failedIds: string[]): Record<string, string> {
  const reasons = Object.fromEntries(summary.failed.map((f) => [f.id, f.reason]));
  expect(Object.keys(reasons).sort()).toEqual([...failedIds].sort());
  expect(summary.build?.written ?? false).toBe(false);
  expect(served()).toEqual(before);
  expect(fs.existsSync(path.join(dataDir, 'refresh.lock'))).toBe(false);
  // The test process's peak so far (it fetched and unpacked) and the parsing process's, each under 1 GB.
  expect(process.resourceUsage().maxRSS).toBeLessThan(GB_KB);
  expect(summary.parsePeakMb ?? 0).toBeLessThan(1024);
  const states = readStates(dataDir).sources;
  for (const id of failedIds) expect(states[id]).toMatchObject({ state: 'failed', reason: reasons[id] });
  console.log(`hostile round: ${summary.seconds.toFixed(1)} s, parsing process peak ${summary.parsePeakMb ?? '-'} MB, test process peak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  return reasons;
}

/** Puts each hostile body, runs `act`, then puts the publisher's bytes back and checks a clean round recovers. */
async function withHostile<T>(bodies: Record<string, Buffer>, act: () => Promise<T>): Promise<T> {
  const originals = Object.fromEntries(Object.keys(bodies).map((a) => [a, publisher.read(a)]));
  for (const [address, body] of Object.entries(bodies)) publisher.put(address, body);
  try {
    return await act();
  } finally {
    for (const [address, body] of Object.entries(originals)) publisher.put(address, body);
  }
}

async function expectRecovery(): Promise<void> {
  const clean = await round();
  expect(clean.failed).toEqual([]);
  expect(clean.changed).toEqual([]);
}

// ---- the rounds ----

const NIGHTS = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true';
const BRENT_MONTHLY = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data/brent-monthly.csv';
const JET_WEEKLY = 'https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls';
const ECB = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';
const UN_TOURISM_LINKED = SOURCES.filter((s) => s.address === UN_TOURISM_PAGE).map((s) => s.id);

describe('hostile publishers: every round bounded, the failure named, the release kept, the next round recovering', () => {
  it('a clean first load builds the release the hostile rounds must leave alone', async () => {
    const first = await round();
    expect(first.failed).toEqual([]);
    expect(first.build?.written).toBe(true);
  }, 180_000);

  it('1. sheets declaring or holding the whole sheet (xlsx <dimension>, a cell at XFD1048576, a BIFF DIMENSIONS record): refused, named, not parsed again', async () => {
    const before = served();
    const declaring = publisher.fileAddress('unwto/inbound_arrivals_by_purpose');
    const holding = publisher.fileAddress('unwto/inbound_arrivals_by_transport');
    const bodies = {
      // The whole sheet declared, its header row not the one read: the header check reads one row, not 17 billion cells.
      [declaring]: topicWorkbook('', '<dimension ref="A1:XFD1048576"/>', false),
      // The header the connector reads, and a cell at the sheet's last address.
      [holding]: topicWorkbook('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>', '<dimension ref="A1:XFD1048576"/>'),
      [JET_WEEKLY]: hostileXls('Data 1'),
    };
    await withHostile(bodies, async () => {
      const hostile = await round();
      const reasons = expectContained(hostile, before, ['unwto/inbound_arrivals_by_purpose', 'unwto/inbound_arrivals_by_transport', 'eia/jet-fuel-weekly']);
      expect(reasons['unwto/inbound_arrivals_by_purpose']).toMatch(/^refused: unwto\/2025-12\/UN_Tourism_inbound_arrivals_by_purpose_12_2025\.xlsx cell Data!A1: header cell expected "indicator_code", found nothing/);
      expect(reasons['unwto/inbound_arrivals_by_transport']).toMatch(/UN_Tourism_inbound_arrivals_by_transport_12_2025\.xlsx: the sheet's cells span A1:XFD1048576, more than 10000000 cells/);
      expect(reasons['eia/jet-fuel-weekly']).toMatch(/eia_jetfuel\/EER_EPJK_PF4_RGC_DPGw\.xls: the sheet's cells span A1:IV65536, more than 10000000 cells/);
      // The same bytes again: failed the same way, and not parsed (no parsing process ran).
      const again = await round();
      expect(Object.fromEntries(again.failed.map((f) => [f.id, f.reason]))).toEqual(reasons);
      expect(again.parsePeakMb).toBeNull();
      const s = await startTestServer({ dataDir });
      try {
        const { data } = await s.json('/v1/status', 'free');
        const jet = data.sources.find((x: { id: string }) => x.id === 'eia/jet-fuel-weekly');
        expect(jet).toMatchObject({ state: 'failed', reason: reasons['eia/jet-fuel-weekly'] });
      } finally {
        await s.close();
      }
    });
    await expectRecovery();
  }, 120_000);

  it('2. one giant line: a 244 kB gzip of 250,000,000 tabs and a CSV line of 20 MB of commas are refused by the line bound', async () => {
    const before = served();
    // The bound is 4 MiB a line: 20 MB of commas passes it five times over (the 200 MB of the report is measured in docs/performance.md).
    const commas = Buffer.concat([Buffer.from('Date,Price\n'), Buffer.alloc(20_000_000, ','), Buffer.from('\n')]);
    const gz = tabLineGzip();
    expect(gz.length).toBeLessThan(300_000);
    await withHostile({ [NIGHTS]: gz, [BRENT_MONTHLY]: commas }, async () => {
      const hostile = await round();
      const reasons = expectContained(hostile, before, ['eurostat/tour_occ_nim', 'eia/brent-monthly']);
      expect(reasons['eurostat/tour_occ_nim']).toMatch(new RegExp(`tour_occ_nim.*: line 1 is 250000000 bytes long, over the bound of ${MAX_LINE_BYTES}`));
      expect(reasons['eia/brent-monthly']).toMatch(/^refused: eia_oil\/brent-monthly\.csv line 2: the line is 20000000 bytes long, over the bound/);
    });
    await expectRecovery();
  }, 120_000);

  it('4. an 8 MB xlsx declaring 1 MB that inflates to 8 GiB, and a 200 MB page of links: stopped at their bounds', async () => {
    const before = served();
    const bomb = bombWorkbook();
    expect(bomb.length).toBeLessThan(10_000_000);
    const link = Buffer.from('<li><a href="https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05/unwto-elsewhere.pdf">a file</a></li>\n');
    await withHostile({ [publisher.fileAddress('unwto/inbound_expenditure')]: bomb }, async () => {
      const hostile = await round();
      const reasons = expectContained(hostile, before, ['unwto/inbound_expenditure']);
      expect(reasons['unwto/inbound_expenditure']).toMatch(
        /^refused: unwto\/2025-12\/UN_Tourism_inbound_expenditure_12_2025\.xlsx: zip entry xl\/worksheets\/sheet2\.xml: inflates to more than 100 times its packed size/,
      );
    });
    await expectRecovery();
    publisher.misbehave(UN_TOURISM_PAGE, { kind: 'stream', chunk: link, bytes: 200_000_000, everyMs: 0 });
    try {
      const hostile = await round();
      const reasons = expectContained(hostile, before, UN_TOURISM_LINKED);
      for (const id of UN_TOURISM_LINKED) expect(reasons[id]).toMatch(/^the page .*unwto\.org.* more than 8388608 bytes sent, over the bound/);
    } finally {
      publisher.misbehave(UN_TOURISM_PAGE, null);
    }
    await expectRecovery();
  }, 120_000);

  it('6. a publisher dripping a byte at a time is cut at the source deadline; past the round deadline the rest fail with that reason', async () => {
    const before = served();
    const drip = { kind: 'stream' as const, chunk: Buffer.from('x'), bytes: 1_000_000, everyMs: 500 };
    publisher.misbehave(ECB, drip);
    try {
      const hostile = await round({ limits: { ...DEFAULT_ROUND_LIMITS, sourceDeadlineMs: 4_000 } });
      const reasons = expectContained(hostile, before, ['ecb/eurofxref-hist']);
      expect(reasons['ecb/eurofxref-hist']).toMatch(/eurofxref-hist\.zip .*the source's deadline of 4 s passed/);
    } finally {
      publisher.misbehave(ECB, null);
    }
    // One source at a time, the first dripping: the round's deadline passes during it, and no other source is checked.
    const first = SOURCES[0];
    const address = first.address;
    publisher.misbehave(address, drip);
    try {
      const hostile = await round({ concurrency: 1, limits: { ...DEFAULT_ROUND_LIMITS, roundDeadlineMs: 3_000 } });
      const reasons = expectContained(hostile, before, SOURCES.map((s) => s.id));
      expect(reasons[first.id]).toMatch(/the round's deadline of 3 s passed/);
      expect(reasons[SOURCES[SOURCES.length - 1].id]).toBe("the round's deadline of 3 s passed (TOURISM_REFRESH_DEADLINE_SECONDS) before it was checked");
    } finally {
      publisher.misbehave(address, null);
    }
    await expectRecovery();
  }, 120_000);
});
