/**
 * The bulk files of a release, written from its release file into a folder beside it
 * (DATA_DIR/releases/<version>/): every observation as Parquet, the series' metadata as CSV and
 * JSON, and a zip of CSVs (one per country) with a README and the citations. Rows are read from
 * SQLite with an iterator and written in bounded batches (Parquet row groups, zip chunks), so
 * memory stays flat whatever the release's size. bulk.json lists the files with their sizes and
 * SHA-256, so listing them reads no file.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { Zip } from 'fflate';
import { ParquetWriter, fileWriter } from 'hyparquet-writer';
import { licenceOf, seriesCitation, seriesServiceUrl } from '../domain/citation';
import { scaleFactor } from '../domain/scale';
import { ZipNativeDeflate } from './zip-deflate';

export interface BulkFileSpec {
  name: string;
  type: string;
  description: string;
}

export const BULK_FILES: readonly BulkFileSpec[] = [
  {
    name: 'observations.parquet',
    type: 'application/vnd.apache.parquet',
    description: "Every series' observations: value, status, the publisher's flags, publication date, release and derived marks.",
  },
  { name: 'series.csv', type: 'text/csv; charset=utf-8', description: "Every series' metadata, licence and citation, one row each." },
  { name: 'series.json', type: 'application/json', description: "Every series' metadata, licence and citation, as JSON." },
  { name: 'csv.zip', type: 'application/zip', description: 'The observations as CSV, one file per country, with series.csv, a README and the citations.' },
];

export interface BulkFile {
  name: string;
  type: string;
  bytes: number;
  sha256: string;
}

export interface BulkManifest {
  release: string;
  files: BulkFile[];
}

/** A bulk file's media type by its name. */
export function bulkType(name: string): string {
  return BULK_FILES.find((f) => f.name === name)?.type ?? 'application/octet-stream';
}

const MANIFEST = 'bulk.json';
/** Rows per Parquet row group and per zip chunk. */
const BATCH = 65_536;

/** The folder of a release's bulk files: beside the release file, named by its version. */
export function bulkDir(releaseFile: string): string {
  return releaseFile.replace(/\.db$/, '');
}

/** The manifest of a release's bulk files, or null when the release has none. */
export function readBulkManifest(releaseFile: string): BulkManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(bulkDir(releaseFile), MANIFEST), 'utf8')) as BulkManifest;
    return Array.isArray(m.files) ? m : null;
  } catch {
    return null;
  }
}

interface SeriesMeta {
  id: string;
  alias: string;
  countryIso: string;
  measure: string;
  breakdown: string | null;
  member: string | null;
  freq: string;
  unit: string;
  currency: string | null;
  scale: string | null;
  headline: number;
  derived: number;
  first: string;
  last: string;
  points: number;
  updated: string;
  tableCode: string;
  name: string | null;
  publisher: string;
  title: string;
  url: string;
  released: string | null;
  licenceName: string;
  licenceUrl: string | null;
}

/** One series' metadata row, snake_case as at the REST edge. */
function seriesRow(s: SeriesMeta, baseUrl: string) {
  const table = { publisher: s.publisher, title: s.title, url: s.url, released: s.released };
  // A release written before licences were stored names none: the publisher's are looked up.
  const licence = s.licenceName ? { name: s.licenceName, url: s.licenceUrl } : licenceOf(s.publisher);
  return {
    id: s.id,
    alias: s.alias,
    country: s.countryIso,
    measure: s.measure,
    breakdown: s.breakdown,
    member: s.member,
    freq: s.freq,
    name: s.name ?? '',
    unit: s.unit,
    currency: s.currency,
    scale: s.scale,
    multiplier: scaleFactor(s.scale),
    headline: s.headline === 1,
    derived: s.derived === 1,
    first: s.first,
    last: s.last,
    points: s.points,
    updated: s.updated,
    table: s.tableCode,
    publisher: s.publisher,
    source_title: s.title,
    source_url: s.url,
    released: s.released,
    licence_name: licence.name,
    licence_url: licence.url,
    citation: seriesCitation({ id: s.id, alias: s.alias, name: s.name ?? '', updated: s.updated, table }, baseUrl),
    url: seriesServiceUrl(baseUrl, s.id),
  };
}

type SeriesRow = ReturnType<typeof seriesRow>;

function readSeries(db: Database.Database, baseUrl: string): SeriesRow[] {
  const rows = db
    .prepare(
      `SELECT s.id, s.alias, s.countryIso, s.measure, s.breakdown, s.member, s.freq, s.unit, s.currency, s.scale, s.headline, s.derived,
         s.first, s.last, s.points, s.updated, s.tableCode, (SELECT n.name FROM SeriesName n WHERE n.seriesId = s.id AND n.lang = 'en') AS name,
         t.publisher, t.title, t.url, t.released, t.licenceName, t.licenceUrl
       FROM Series s JOIN SourceTable t ON t.code = s.tableCode ORDER BY s.countryIso, s.alias`,
    )
    .all() as SeriesMeta[];
  return rows.map((r) => seriesRow(r, baseUrl));
}

/** A series' observations: period, value, status, flags, published. */
type ObsCells = [string, number | null, string, string, string];

/**
 * Every series' observations, series by series in the order given (country, then alias): one
 * indexed read a series, so no sort of the whole table and one series in memory at a time.
 */
function* observationsOf(db: Database.Database, series: readonly SeriesRow[]): Generator<[SeriesRow, ObsCells[]]> {
  const read = db.prepare('SELECT period, value, status, flags, published FROM Observation WHERE seriesId = ? ORDER BY period').raw();
  for (const s of series) yield [s, read.all(s.id) as ObsCells[]];
}

const utf8 = (name: string) => ({ name, type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'REQUIRED' as const });

const PARQUET_COLUMNS = [
  utf8('series_id'),
  utf8('alias'),
  utf8('country'),
  utf8('measure'),
  utf8('freq'),
  utf8('period'),
  { name: 'value', type: 'DOUBLE' as const, repetition_type: 'OPTIONAL' as const },
  utf8('status'),
  utf8('flags'),
  { name: 'published', type: 'INT64' as const, converted_type: 'TIMESTAMP_MILLIS' as const, repetition_type: 'REQUIRED' as const },
  utf8('release'),
  { name: 'derived', type: 'BOOLEAN' as const, repetition_type: 'REQUIRED' as const },
  // How a figure was derived: null until observations carry a derivation rule.
  { name: 'derivation', type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'OPTIONAL' as const },
];
const PARQUET_SCHEMA = [{ name: 'root', num_children: PARQUET_COLUMNS.length }, ...PARQUET_COLUMNS];

/** observations.parquet, one row group per batch, each flushed to disk as it is written. */
class ParquetSink {
  private readonly writer: ParquetWriter;
  private batch = ParquetSink.columns();
  rows = 0;

  constructor(file: string, private readonly release: string, dataVersion: string) {
    this.writer = new ParquetWriter({
      writer: fileWriter(file),
      schema: PARQUET_SCHEMA,
      kvMetadata: [
        { key: 'release', value: release },
        { key: 'data_version', value: dataVersion },
      ],
      createdBy: 'tourism-stats-api',
    });
  }

  private static columns() {
    return PARQUET_COLUMNS.map((c) => ({ name: c.name, data: [] as unknown[] }));
  }

  add(s: SeriesRow, obs: ObsCells[]): void {
    const [id, alias, country, measure, freq, period, value, status, flags, published, release, derived, derivation] = this.batch.map((c) => c.data);
    for (const o of obs) {
      id.push(s.id);
      alias.push(s.alias);
      country.push(s.country);
      measure.push(s.measure);
      freq.push(s.freq);
      period.push(o[0]);
      value.push(o[1]);
      status.push(o[2]);
      flags.push(o[3]);
      published.push(new Date(o[4]));
      release.push(this.release);
      derived.push(s.derived);
      derivation.push(null);
    }
    this.rows += obs.length;
    if (id.length >= BATCH) this.flush();
  }

  private flush(): void {
    const n = this.batch[0].data.length;
    if (n === 0) return;
    void this.writer.write({ columnData: this.batch as never, rowGroupSize: n });
    this.batch = ParquetSink.columns();
  }

  end(): void {
    this.flush();
    void this.writer.finish();
  }
}

const csvText = (rows: unknown[][], header?: string[]) =>
  stringify(rows, { header: Boolean(header), columns: header, record_delimiter: '\r\n', cast: { boolean: (b) => (b ? 'true' : 'false') } });

/**
 * One cell as csvText writes it (csv-stringify's defaults): empty for null, booleans as words,
 * quoted when it holds a comma, a quote or a line break, its quotes doubled. The observations'
 * hundreds of thousands of rows are written with it, one string a row, rather than an array a row.
 */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** series.csv's columns: the keys of seriesRow, in its order. */
const SERIES_COLUMNS: readonly (keyof SeriesRow)[] = [
  'id', 'alias', 'country', 'measure', 'breakdown', 'member', 'freq', 'name', 'unit', 'currency', 'scale', 'multiplier', 'headline', 'derived',
  'first', 'last', 'points', 'updated', 'table', 'publisher', 'source_title', 'source_url', 'released', 'licence_name', 'licence_url', 'citation', 'url',
];

function writeSeriesFiles(dir: string, series: SeriesRow[], release: string, dataVersion: string): string {
  const csv = csvText(series.map((s) => SERIES_COLUMNS.map((c) => s[c])), [...SERIES_COLUMNS]);
  fs.writeFileSync(path.join(dir, 'series.csv'), csv);
  // One write, not one a series: the series' metadata is held in memory anyway.
  const json = [`{"release":${JSON.stringify(release)},"data_version":${JSON.stringify(dataVersion)},"count":${series.length},"series":[`];
  series.forEach((s, i) => json.push(`${i === 0 ? '\n' : ',\n'}${JSON.stringify(s)}`));
  json.push('\n]}\n');
  fs.writeFileSync(path.join(dir, 'series.json'), json.join(''));
  return csv;
}

const OBS_COLUMNS = ['series_id', 'alias', 'measure', 'freq', 'period', 'value', 'status', 'flags', 'published', 'derived', 'derivation'];

/** The zip's README: what each file holds and how to cite it. */
function readme(release: string, dataVersion: string, baseUrl: string): string {
  return [
    `# Tourism statistics, release ${release}`,
    '',
    `Data version ${dataVersion}. Served by the Tourism Statistics API${baseUrl ? ` at ${baseUrl}` : ''}.`,
    '',
    '- `observations/<ISO>.csv`: every observation of the country\'s series, one row per period: ' +
      "`series_id, alias, measure, freq, period, value, status, flags, published, derived, derivation`. " +
      "Values are as the publisher gives them (see each series' `scale` and `multiplier` in series.csv); " +
      "`status` is published, estimated, provisional, break, not_published or withheld, `flags` the publisher's own letters, " +
      '`published` when the figure was first published, `derived` marks series this service sums from published figures, ' +
      '`derivation` the rule of a derived figure (empty where none).',
    "- `series.csv`: every series' metadata, its publisher's licence and a ready citation.",
    '- `CITATION.txt`: how to cite this release and each source table.',
    '',
    'Figures stay under their publishers\' terms: see `licence_name` and `licence_url` in series.csv.',
    '',
  ].join('\n');
}

function citationFile(db: Database.Database, release: string, baseUrl: string): string {
  const tables = db.prepare('SELECT code, publisher, title, url, released, licenceName, licenceUrl FROM SourceTable ORDER BY publisher, code').all() as {
    code: string; publisher: string; title: string; url: string; released: string | null; licenceName: string; licenceUrl: string | null;
  }[];
  const lines = [
    `Tourism Statistics API, release ${release}${baseUrl ? `, ${baseUrl}/v1/bulk` : ''}.`,
    "Cite the publishers of the figures you use; each series' own citation is in series.csv (column citation).",
    '',
    'Source tables:',
    ...tables.map((t) => {
      const licence = t.licenceName ? { name: t.licenceName, url: t.licenceUrl } : licenceOf(t.publisher);
      return `- ${t.publisher}. ${t.title} (${t.code}). ${t.released ? `Released ${t.released}` : 'Release date not stated by the publisher'}. ${t.url}. Licence: ${licence.name}${licence.url ? ` (${licence.url})` : ''}.`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** csv.zip, streamed: each country's CSV deflated chunk by chunk straight to the file. */
class ZipSink {
  private readonly fd: number;
  private readonly zip: Zip;
  private failed: Error | null = null;
  private country = '';
  private entry: ZipNativeDeflate | null = null;
  private text = '';
  private rows = 0;

  constructor(file: string, private readonly mtime: Date) {
    this.fd = fs.openSync(file, 'w');
    this.zip = new Zip((err, chunk) => {
      if (err) this.failed = err;
      else fs.writeSync(this.fd, chunk);
    });
  }

  private open(name: string): ZipNativeDeflate {
    const entry = new ZipNativeDeflate(name, 6);
    // Entries dated by the release, so the same release gives the same bytes wherever it is built with the same Node.js.
    entry.mtime = this.mtime;
    this.zip.add(entry);
    return entry;
  }

  whole(name: string, text: string): void {
    this.open(name).push(Buffer.from(text), true);
  }

  add(s: SeriesRow, obs: ObsCells[]): void {
    if (s.country !== this.country) {
      this.flush(true);
      this.country = s.country;
      this.entry = this.open(`observations/${s.country}.csv`);
      this.entry.push(Buffer.from(`${OBS_COLUMNS.join(',')}\r\n`));
    }
    // The series' cells are the same on each of its rows; the derivation is empty until observations carry one.
    const head = `${csvCell(s.id)},${csvCell(s.alias)},${csvCell(s.measure)},${csvCell(s.freq)},`;
    const tail = `,${csvCell(s.derived)},\r\n`;
    for (const o of obs) this.text += `${head}${csvCell(o[0])},${csvCell(o[1])},${csvCell(o[2])},${csvCell(o[3])},${csvCell(o[4])}${tail}`;
    this.rows += obs.length;
    if (this.rows >= BATCH) this.flush(false);
  }

  private flush(final: boolean): void {
    if (!this.entry) return;
    this.entry.push(Buffer.from(this.text), final);
    this.text = '';
    this.rows = 0;
  }

  end(): void {
    try {
      this.flush(true);
      this.zip.end();
    } finally {
      fs.closeSync(this.fd);
    }
    if (this.failed) throw this.failed;
  }
}

/**
 * observations.parquet and csv.zip in one pass over the observations (the zip's other entries first);
 * each file's share of the time is summed apart into `seconds`. Returns the observations written.
 */
function writeObservationFiles(
  db: Database.Database,
  series: readonly SeriesRow[],
  dir: string,
  o: { release: string; dataVersion: string; mtime: Date; extras: Record<string, string>; seconds: Record<string, number> },
): number {
  const spent = (name: string, started: number) => (o.seconds[name] = (o.seconds[name] ?? 0) + (performance.now() - started) / 1000);
  const parquet = new ParquetSink(path.join(dir, 'observations.parquet'), o.release, o.dataVersion);
  const zip = new ZipSink(path.join(dir, 'csv.zip'), o.mtime);
  let at = performance.now();
  try {
    for (const [name, text] of Object.entries(o.extras)) zip.whole(name, text);
    spent('csv.zip', at);
    at = performance.now();
    for (const [s, obs] of observationsOf(db, series)) {
      spent('reading the observations', at);
      at = performance.now();
      parquet.add(s, obs);
      spent('observations.parquet', at);
      at = performance.now();
      zip.add(s, obs);
      spent('csv.zip', at);
      at = performance.now();
    }
  } finally {
    at = performance.now();
    parquet.end();
    spent('observations.parquet', at);
    at = performance.now();
    zip.end();
    spent('csv.zip', at);
  }
  return parquet.rows;
}

function sha256Of(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.alloc(1 << 20);
  try {
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

export interface BulkWriteOptions {
  /** The service's public address, written into the citations and the series' URLs ('' for relative ones). */
  publicBaseUrl: string;
}

/**
 * Writes a release's bulk files into a temporary folder and renames it into place, so a reader
 * never sees half of them. Returns their manifest and the seconds each took.
 */
export function writeBulkFiles(releaseFile: string, options: BulkWriteOptions): BulkManifest & { seconds: Record<string, number>; observations: number } {
  const db = new Database(releaseFile, { readonly: true, fileMustExist: true });
  const dir = bulkDir(releaseFile);
  const tmp = `${dir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const seconds: Record<string, number> = {};
  const timed = <T>(name: string, step: () => T): T => {
    const started = performance.now();
    const out = step();
    seconds[name] = (performance.now() - started) / 1000;
    return out;
  };
  try {
    const meta = Object.fromEntries((db.prepare('SELECT key, value FROM Meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    const release = meta.version ?? path.basename(dir);
    const dataVersion = meta.data_version ?? '';
    const base = options.publicBaseUrl.replace(/\/$/, '');
    const series = timed('reading the series', () => readSeries(db, base));
    const seriesCsv = timed('series.csv and series.json', () => writeSeriesFiles(tmp, series, release, dataVersion));
    const observationCount = writeObservationFiles(db, series, tmp, {
      release,
      dataVersion,
      mtime: new Date(meta.loaded_at ?? Date.now()),
      extras: { 'README.md': readme(release, dataVersion, base), 'CITATION.txt': citationFile(db, release, base), 'series.csv': seriesCsv },
      seconds,
    });
    const at = performance.now();
    const manifest: BulkManifest = {
      release,
      files: BULK_FILES.map((f) => ({ name: f.name, type: f.type, bytes: fs.statSync(path.join(tmp, f.name)).size, sha256: sha256Of(path.join(tmp, f.name)) })),
    };
    seconds.hashes = (performance.now() - at) / 1000;
    fs.writeFileSync(path.join(tmp, MANIFEST), `${JSON.stringify(manifest)}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
    return { ...manifest, seconds, observations: observationCount };
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  } finally {
    db.close();
  }
}
