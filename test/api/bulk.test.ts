/**
 * The bulk files of the test release, as the real ingest wrote them: listed by /v1/bulk, streamed by
 * /v1/bulk/{release}/{name} with ETag and Range, and read back with real readers (hyparquet for the
 * Parquet file, pandas for the CSVs and the zip) against the release's own counts.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { withTestSnapshot } from '../helpers/snapshot';
import { systemPython } from '../helpers/system';

const release = withTestSnapshot();
let s: TestServer;
let version: string;
let listing: { name: string; media_type: string; bytes: number; sha256: string; url: string }[];
const downloads = new Map<string, Buffer>();
let scratch: string;

beforeAll(async () => {
  s = await startTestServer();
  version = path.basename(release.snapshot.file, '.db');
  const body = await s.json('/v1/bulk', 'free');
  listing = body.data;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-bulk-'));
  for (const f of listing) {
    const res = await s.get(`/v1/bulk/${version}/${f.name}`, { plan: 'analyst' });
    expect(res.status, f.name).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    downloads.set(f.name, bytes);
    fs.writeFileSync(path.join(scratch, f.name), bytes);
  }
}, 180_000);
afterAll(async () => {
  await s?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('GET /v1/bulk', () => {
  it("lists the served release's four files, with sizes, hashes, media types and addresses, to a free key", async () => {
    const body = await s.json('/v1/bulk', 'free');
    expect(body.meta.release).toBe(version);
    expect(listing.map((f) => f.name)).toEqual(['observations.parquet', 'series.csv', 'series.json', 'csv.zip']);
    expect(listing.map((f) => f.media_type)).toEqual(['application/vnd.apache.parquet', 'text/csv; charset=utf-8', 'application/json', 'application/zip']);
    for (const f of listing) {
      expect(f.url).toBe(`http://api.test/v1/bulk/${version}/${f.name}`);
      expect(downloads.get(f.name)!.length).toBe(f.bytes);
      expect(sha256(downloads.get(f.name)!)).toBe(f.sha256);
    }
  });

  it('answers an unknown release with the JSON error body', async () => {
    const res = await s.get('/v1/bulk?release=20000101T000000Z', { plan: 'free' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('GET /v1/bulk/{release}/{name}', () => {
  const file = () => listing.find((f) => f.name === 'observations.parquet')!;

  it('needs the analyst plan: a developer key is refused with plan_required', async () => {
    const res = await s.get(`/v1/bulk/${version}/observations.parquet`, { plan: 'developer' });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'plan_required', plan: 'analyst' });
  });

  it('sends the file as an attachment with its SHA-256 as a strong ETag, and 304 to it', async () => {
    const res = await s.get(`/v1/bulk/${version}/observations.parquet`, { plan: 'analyst', method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${file().sha256}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(file().bytes));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tourism-${version}-observations.parquet"`);
    const again = await s.get(`/v1/bulk/${version}/observations.parquet`, { plan: 'analyst', headers: { 'If-None-Match': `"${file().sha256}"` } });
    expect(again.status).toBe(304);
  });

  it('resumes a cut download: a range gives 206 with those bytes, and the pieces make the file', async () => {
    const whole = downloads.get('observations.parquet')!;
    const cut = 1_000_000;
    const res = await s.get(`/v1/bulk/${version}/observations.parquet`, {
      plan: 'analyst',
      headers: { Range: `bytes=${cut}-`, 'If-Range': `"${file().sha256}"` },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${cut}-${whole.length - 1}/${whole.length}`);
    const rest = Buffer.from(await res.arrayBuffer());
    expect(Buffer.concat([whole.subarray(0, cut), rest]).equals(whole)).toBe(true);
    const tail = await s.get(`/v1/bulk/${version}/observations.parquet`, { plan: 'analyst', headers: { Range: 'bytes=-8' } });
    expect(tail.status).toBe(206);
    // A Parquet file ends with its footer's length and the magic PAR1.
    expect(Buffer.from(await tail.arrayBuffer()).subarray(4).toString()).toBe('PAR1');
  });

  it('sends the whole file when If-Range names other bytes, and 416 with the JSON error body beyond the end', async () => {
    const stale = await s.get(`/v1/bulk/${version}/series.csv`, { plan: 'analyst', headers: { Range: 'bytes=10-', 'If-Range': '"0000"' } });
    expect(stale.status).toBe(200);
    expect(Number(stale.headers.get('content-length'))).toBe(downloads.get('series.csv')!.length);
    await stale.arrayBuffer();
    const beyond = await s.get(`/v1/bulk/${version}/series.csv`, { plan: 'analyst', headers: { Range: `bytes=${downloads.get('series.csv')!.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${downloads.get('series.csv')!.length}`);
    const body = await beyond.json();
    expect(body.error.code).toBe('range_not_satisfiable');
    expect(body.request_id ?? body.error.request_id).toBeTruthy();
  });

  it('answers an unknown file or release with a 404 JSON error body', async () => {
    for (const p of [`/v1/bulk/${version}/secrets.db`, `/v1/bulk/${version}/..%2F..%2FCURRENT`, '/v1/bulk/20000101T000000Z/series.csv', '/v1/bulk/..%2Fkeys.db/series.csv']) {
      const res = await s.get(p, { plan: 'analyst' });
      expect(res.status, p).toBe(404);
      expect((await res.json()).error.code, p).toBe('not_found');
    }
  });
});

describe('the files read back', () => {
  it('observations.parquet holds every observation of the release with its flags, dates and marks (hyparquet)', async () => {
    const bytes = downloads.get('observations.parquet')!;
    const buffer = new Uint8Array(bytes).buffer;
    const meta = parquetMetadata(buffer);
    const count = await release.snapshot.prisma.observation.count();
    expect(Number(meta.num_rows)).toBe(count);
    // Written in row groups, not one.
    expect(meta.row_groups.length).toBeGreaterThan(1);
    expect(meta.key_value_metadata?.find((k) => k.key === 'release')?.value).toBe(version);
    const rows = (await parquetReadObjects({ file: buffer, rowStart: 0, rowEnd: Number(meta.num_rows) })) as Record<string, unknown>[];
    expect(Object.keys(rows[0])).toEqual(['series_id', 'alias', 'country', 'measure', 'freq', 'period', 'value', 'status', 'flags', 'published', 'release', 'derived', 'derivation']);
    // Spain's nights in August 2019 (SOURCES.md's check value), as the release holds them.
    const es = await release.snapshot.prisma.series.findUniqueOrThrow({ where: { alias: 'es.nights.total.m' } });
    const held = await release.snapshot.prisma.observation.findUniqueOrThrow({ where: { seriesId_period: { seriesId: es.id, period: '2019-08' } } });
    const row = rows.find((r) => r.series_id === es.id && r.period === '2019-08')!;
    expect(row).toMatchObject({ alias: 'es.nights.total.m', country: 'ES', value: held.value, status: held.status, flags: held.flags, release: version, derivation: null });
    expect((row.published as Date).toISOString()).toBe(held.published);
    // Each status of the release, and the derived series, counted the same.
    const statuses = await release.snapshot.prisma.observation.groupBy({ by: ['status'], _count: true });
    for (const st of statuses) expect(rows.filter((r) => r.status === st.status).length, st.status).toBe(st._count);
    const derived = await release.snapshot.prisma.observation.count({ where: { series: { derived: true } } });
    expect(rows.filter((r) => r.derived === true).length).toBe(derived);
    expect(rows.filter((r) => r.value === null).length).toBe(await release.snapshot.prisma.observation.count({ where: { value: null } }));
  });

  it('series.json and series.csv hold every series with its licence and citation; pandas reads the CSVs and the zip', async () => {
    const seriesCount = await release.snapshot.prisma.series.count();
    const json = JSON.parse(downloads.get('series.json')!.toString('utf8'));
    expect(json.release).toBe(version);
    expect(json.series).toHaveLength(seriesCount);
    const ca = json.series.find((x: { alias: string }) => x.alias === 'ca.arrivals.total.m');
    expect(ca.licence_name).toMatch(/not stated/);
    expect(ca.citation).toContain('Statistics Canada');
    expect(ca.citation).toContain(`/v1/series/${ca.id}/observations`);
    const zip = unzipSync(new Uint8Array(downloads.get('csv.zip')!));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['README.md', 'CITATION.txt', 'series.csv', 'observations/ES.csv']));
    expect(strFromU8(zip['CITATION.txt'])).toContain('Eurostat');
    const python = await systemPython(['pandas']);
    const out = execFileSync(
      python,
      [
        '-c',
        [
          'import sys, json, zipfile, pandas as pd',
          'd = sys.argv[1]',
          "s = pd.read_csv(d + '/series.csv', keep_default_na=False)",
          "z = zipfile.ZipFile(d + '/csv.zip')",
          "obs = pd.concat([pd.read_csv(z.open(n), keep_default_na=False, dtype={'value': 'float64'}, na_values={'value': ['']}) for n in z.namelist() if n.startswith('observations/')])",
          "es = obs[(obs.alias == 'es.nights.total.m') & (obs.period == '2019-08')]",
          "print(json.dumps({'series': len(s), 'zip_series': len(pd.read_csv(z.open('series.csv'))), 'rows': len(obs), 'nulls': int(obs.value.isna().sum()), 'es': float(es.value.iloc[0]), 'licences': int((s.licence_name != '').sum())}))",
        ].join('\n'),
        scratch,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const got = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(got.series).toBe(seriesCount);
    expect(got.zip_series).toBe(seriesCount);
    expect(got.licences).toBe(seriesCount);
    expect(got.rows).toBe(await release.snapshot.prisma.observation.count());
    expect(got.nulls).toBe(await release.snapshot.prisma.observation.count({ where: { value: null } }));
    expect(got.es).toBe(72418691);
  }, 120_000);
});

describe('series metadata', () => {
  it("carries the publisher's licence and a ready citation in REST (snake_case) and GraphQL", async () => {
    const rest = await s.json('/v1/series/es.nights.total.m/metadata', 'developer');
    expect(rest.data.licence).toEqual({ name: expect.stringContaining('Eurostat'), url: 'https://ec.europa.eu/eurostat/about-us/policies/copyright' });
    expect(rest.data.citation).toMatch(/^Eurostat\. Nights spent at tourist accommodation establishments/);
    expect(rest.data.citation).toContain(`Series "`);
    expect(rest.data.citation).toContain(`http://api.test/v1/series/${rest.data.id}/observations`);
    expect(rest.data.source).toHaveProperty('released');
    const gql = await s.graphql('{ seriesById(id: "es.nights.total.m") { citation licence { name url } table { released licence { name } } } }', {}, 'developer');
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.seriesById.citation).toBe(rest.data.citation);
    expect(gql.body.data.seriesById.licence).toEqual(rest.data.licence);
  });
});
