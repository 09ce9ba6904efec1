/**
 * Writes one release file. Bulk loading goes straight through the SQLite driver inside one
 * transaction (ORM row-by-row inserts are far too slow for ~10^6 rows); reading is Prisma's job.
 * The release log and the revision log are carried over from the previous release and extended.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { migrate } from '../db/migrate';
import type { ParsedObservation, SourceRevision, SourceTableInfo } from '../domain/types';
import type { FxRate, IndicatorValue, PricePoint } from './records';
import { PERIODS_META_KEY, type PeriodsByFile } from './period-reached';
import { diffSeries, type StoredPoint } from './revisions';
import { publicationDate, publishedAt } from '../domain/release-dating';
import type { HeadlineCandidate } from '../domain/headline';
import { licenceOf } from '../domain/citation';
import type { DerivationRule } from '../domain/derivation';

/** A series as written to the release: what the headline rule reads of it, and the rest. */
export interface SeriesRow extends Omit<HeadlineCandidate, 'points' | 'last'> {
  id: string;
  unit: string;
  currency: string | null;
  scale: string | null;
  table: string;
  headline: boolean;
  names: Record<string, string>;
  observations: ParsedObservation[];
  /** Figures the publisher changed between the releases the source holds. */
  sourceRevisions?: SourceRevision[];
  /** The rules that computed some of its figures, in words, and the ids of the series they were computed from. */
  derivationRule?: string | null;
  derivedFrom?: string[] | null;
  /** Extra words for full-text search (country names, measure). */
  searchText: string;
}

export interface CountryRow {
  iso: string;
  iso3: string;
  m49: string | null;
  name: string;
  wikidataId: string | null;
  currency: string | null;
  regionSlug: string | null;
  monthly: boolean;
  first: string | null;
  latest: string | null;
  measures: string[];
  /** Its names in every language present (English spellings included). */
  names: { lang: string; name: string }[];
}

export interface RegionUnitRow {
  code: string;
  country: string;
  level: number;
  name: string;
  nameLatin: string | null;
  labelEn: string | null;
}

export interface ReleaseContent {
  regions: { slug: string; name: string }[];
  countries: CountryRow[];
  regionUnits: RegionUnitRow[];
  tables: SourceTableInfo[];
  series: SeriesRow[];
  fx: FxRate[];
  prices: PricePoint[];
  indicators: IndicatorValue[];
  /** The newest period each source file brings (period-reached.ts): /v1/status reads it from the release. */
  reachedByFile: PeriodsByFile;
  /** Where a derivation rule computed nothing, and why (the coverage report reads it from the release). */
  derivationErrors?: DerivationError[];
}

/** A rule that computed nothing for a series: a part missing in every period, a subtotal among parts, or sums off the published total. */
export interface DerivationError {
  country: string;
  rule: string;
  target: string;
  reason: string;
  detail: string;
  /** The kind of rule: a sum of a breakdown's parts, or an annual figure from months. */
  derivation: DerivationRule;
}

/** The Meta key holding the errors as JSON. */
export const DERIVATION_ERRORS_META_KEY = 'derivation_refusals';

export interface WriteStats {
  version: string;
  dataVersion: string;
  dataAsOf: string;
  changed: boolean;
  series: number;
  observations: number;
  newPoints: number;
  revisions: number;
  /** Changes between the publisher's own releases logged with figures new to this release. */
  sourceRevisions: number;
  seriesUpdated: number;
}

/** A digest of everything served: equal content gives an equal data version (stable ETags). */
export function contentDigest(content: ReleaseContent): string {
  const hash = createHash('sha256');
  const feed = (rows: unknown[]) => {
    for (const r of rows) hash.update(JSON.stringify(r));
  };
  feed(content.regions);
  feed(content.countries);
  feed(content.regionUnits);
  feed(content.tables);
  feed(content.series);
  feed(content.fx);
  feed(content.prices);
  feed(content.indicators);
  feed([content.reachedByFile]);
  return hash.digest('hex').slice(0, 16);
}

function previousObservations(prev: Database.Database): Map<string, Map<string, StoredPoint>> {
  const bySeries = new Map<string, Map<string, StoredPoint>>();
  const rows = prev.prepare('SELECT seriesId, period, value, status, published FROM Observation').raw().iterate() as Iterable<
    [string, string, number | null, string, string]
  >;
  for (const [seriesId, period, value, status, published] of rows) {
    let m = bySeries.get(seriesId);
    if (!m) bySeries.set(seriesId, (m = new Map()));
    m.set(period, { value, status, published });
  }
  return bySeries;
}

/** A release version from its ISO timestamp: 2026-03-15T06:00:00.000Z → 20260315T060000Z. */
export function versionOf(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** A publisher's release date (YYYY-MM-DD) written as a release version at the start of that day. */
export function publisherVersion(date: string): string {
  return versionOf(`${date}T00:00:00.000Z`);
}

function readMeta(db: Database.Database): Record<string, string> {
  const rows = db.prepare('SELECT key, value FROM Meta').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The stats of a served release retained as it is, its figures being identical to `content`. */
export function unchangedReleaseStats(file: string, content: ReleaseContent): WriteStats {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const meta = readMeta(db);
  db.close();
  return {
    version: meta.version,
    dataVersion: meta.data_version,
    dataAsOf: meta.data_as_of,
    changed: false,
    series: content.series.length,
    observations: content.series.reduce((n, s) => n + s.observations.length, 0),
    newPoints: 0,
    revisions: 0,
    sourceRevisions: 0,
    seriesUpdated: 0,
  };
}

/** What a new release takes from the one before it: its figures and their dates, and its logs. */
interface PreviousRelease {
  file: string;
  db: Database.Database;
  observations: Map<string, Map<string, StoredPoint>>;
  meta: Record<string, string>;
  /** The release each figure's current value came from: its last revision, else its first arrival. */
  valueRelease: Map<string, string>;
  /** When each series last changed. */
  updated: Map<string, string>;
  /** The release a figure published at a time first came with: the earliest loaded at or after it. */
  releaseOf: (published: string) => string;
}

function openPrevious(file: string): PreviousRelease {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // Earlier releases, oldest first.
  const releases = db.prepare('SELECT version, loadedAt FROM Release ORDER BY loadedAt').raw().all() as [string, string][];
  return {
    file,
    db,
    observations: previousObservations(db),
    meta: readMeta(db),
    valueRelease: new Map(db.prepare("SELECT seriesId || '|' || period, max(newRelease) FROM Revision GROUP BY 1").raw().all() as [string, string][]),
    updated: new Map(db.prepare('SELECT id, updated FROM Series').raw().all() as [string, string][]),
    releaseOf: (published) => releases.find(([, loaded]) => loaded >= published)?.[0] ?? versionOf(published),
  };
}

function prepareInserts(db: Database.Database) {
  return {
    meta: db.prepare('INSERT INTO Meta (key, value) VALUES (?, ?)'),
    region: db.prepare('INSERT INTO Region (slug, name) VALUES (?, ?)'),
    country: db.prepare(
      `INSERT INTO Country (iso, iso3, m49, name, wikidataId, currency, regionSlug, monthly, first, latest, measures)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    countryName: db.prepare('INSERT INTO CountryName (countryIso, lang, name) VALUES (?, ?, ?)'),
    unit: db.prepare('INSERT INTO RegionUnit (code, countryIso, level, name, nameLatin, labelEn) VALUES (?, ?, ?, ?, ?, ?)'),
    table: db.prepare('INSERT INTO SourceTable (code, publisher, title, url, file, released, releasedBy, licenceName, licenceUrl) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    series: db.prepare(
      `INSERT INTO Series (id, alias, countryIso, measure, breakdown, member, freq, unit, currency, scale, tableCode,
        headline, derived, derivationRule, derivedFrom, first, last, points, latestValue, updated)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    name: db.prepare('INSERT INTO SeriesName (seriesId, lang, name) VALUES (?, ?, ?)'),
    search: db.prepare('INSERT INTO SeriesSearch (seriesId, text) VALUES (?, ?)'),
    obs: db.prepare('INSERT INTO Observation (seriesId, period, value, status, flags, published, derivation) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    revision: db.prepare(
      `INSERT INTO Revision (seriesId, period, oldValue, newValue, oldStatus, newStatus, oldRelease, newRelease)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    release: db.prepare('INSERT INTO Release (version, loadedAt, seriesCount, observationCount) VALUES (?, ?, ?, ?)'),
    entry: db.prepare(
      `INSERT INTO ReleaseEntry (releaseVersion, seriesId, countryIso, measure, latestPeriod, newPoints, revisedPoints)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    fx: db.prepare('INSERT INTO FxRate (currency, date, rate) VALUES (?, ?, ?)'),
    price: db.prepare('INSERT INTO Price (code, period, value, derived) VALUES (?, ?, ?, ?)'),
    indicator: db.prepare(
      'INSERT INTO Indicator (countryIso, indicator, year, value, projection, source) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };
}

type Inserts = ReturnType<typeof prepareInserts>;

/** Places, source tables and the context data (exchange rates, prices, indicators). */
function writeReference(insert: Inserts, content: ReleaseContent): void {
  for (const r of content.regions) insert.region.run(r.slug, r.name);
  for (const c of content.countries) {
    insert.country.run(
      c.iso, c.iso3, c.m49, c.name, c.wikidataId, c.currency, c.regionSlug, c.monthly ? 1 : 0, c.first, c.latest, c.measures.join(','),
    );
    for (const n of c.names) insert.countryName.run(c.iso, n.lang, n.name);
  }
  for (const u of content.regionUnits) insert.unit.run(u.code, u.country, u.level, u.name, u.nameLatin, u.labelEn);
  for (const t of content.tables) {
    const released = t.released ?? t.lastModified ?? null;
    const licence = licenceOf(t.publisher);
    insert.table.run(t.code, t.publisher, t.title, t.url, t.file, released, t.released ? 'file' : t.lastModified ? 'last-modified' : null, licence.name, licence.url);
  }
  for (const f of content.fx) insert.fx.run(f.currency, f.date, f.rate);
  for (const p of content.prices) insert.price.run(p.code, p.period, p.value, p.derived ? 1 : 0);
  for (const i of content.indicators) insert.indicator.run(i.country, i.indicator, i.year, i.value, i.projection ? 1 : 0, i.source);
}

/**
 * The logs of earlier releases travel with the data. The revision log goes first so that ids keep
 * the order of the changes; its series are written after it, so the check of its series waits for
 * the commit, and only the revisions of series this release still holds are copied (a vanished
 * series, when allowed, takes its log with it).
 */
function copyLogs(db: Database.Database, previous: PreviousRelease, content: ReleaseContent): void {
  db.exec('PRAGMA defer_foreign_keys = ON');
  db.exec(`ATTACH DATABASE '${previous.file.replace(/'/g, "''")}' AS prev`);
  db.exec('INSERT INTO Release SELECT * FROM prev.Release');
  db.exec('INSERT INTO ReleaseEntry SELECT * FROM prev.ReleaseEntry');
  db.exec('CREATE TEMP TABLE present_series (id TEXT PRIMARY KEY)');
  const insertPresentSeries = db.prepare('INSERT INTO present_series (id) VALUES (?)');
  for (const s of content.series) insertPresentSeries.run(s.id);
  db.exec(
    `INSERT INTO Revision (seriesId, period, oldValue, newValue, oldStatus, newStatus, oldRelease, newRelease)
     SELECT seriesId, period, oldValue, newValue, oldStatus, newStatus, oldRelease, newRelease FROM prev.Revision
     WHERE seriesId IN (SELECT id FROM present_series) ORDER BY id`,
  );
  db.exec('DROP TABLE present_series');
}

/** What writing one series needs besides the series. */
interface SeriesWrite {
  insert: Inserts;
  previous: PreviousRelease | null;
  tableByCode: Map<string, SourceTableInfo>;
  version: string;
  loadedAt: string;
  stats: WriteStats;
}

/**
 * One series, its names, search text and figures, and its revisions against the previous release
 * (and the publisher's own, for figures new to this one); returns its release entry when it changed.
 */
function writeSeries(w: SeriesWrite, s: SeriesRow): unknown[] | null {
  const { insert, previous, version, loadedAt, stats } = w;
  const withValue = s.observations.filter((o) => o.value !== null);
  const lastWithValue = withValue[withValue.length - 1];
  const before = previous?.observations.get(s.id);
  const diff = diffSeries(before, s.observations);
  const touched = diff.newPoints > 0 || diff.revisions.length > 0;
  const updated = touched ? loadedAt : (previous?.updated.get(s.id) ?? loadedAt);
  insert.series.run(
    s.id, s.alias, s.country, s.measure, s.breakdown, s.member, s.freq, s.unit, s.currency, s.scale, s.table,
    s.headline ? 1 : 0, s.derived ? 1 : 0, s.derivationRule ?? null, s.derivedFrom ? JSON.stringify(s.derivedFrom) : null, (withValue[0] ?? s.observations[0]).period, (lastWithValue ?? s.observations[s.observations.length - 1]).period,
    withValue.length, lastWithValue ? lastWithValue.value : null, updated,
  );
  for (const [lang, name] of Object.entries(s.names)) insert.name.run(s.id, lang, name);
  insert.search.run(s.id, [...Object.values(s.names), s.alias, s.searchText].join(' '));
  const source = w.tableByCode.get(s.table);
  for (const o of s.observations) {
    // The publisher's release date (src/domain/release-dating.ts); a figure present before keeps the
    // earlier of its stored date and this one, so a newer file never makes an old figure look new.
    const old = before?.get(o.period);
    const dated = source ? publicationDate(o.period, s.freq, o.firstReleased ? { ...source, released: o.firstReleased } : source) : null;
    const fresh = dated ? publishedAt(dated.date) : null;
    const oldPublished = old && old.value !== null ? old.published : null;
    const published = oldPublished && (!fresh || oldPublished < fresh) ? oldPublished : (fresh ?? oldPublished ?? loadedAt);
    insert.obs.run(s.id, o.period, o.value, o.status, o.flags, published, o.derivation ?? null);
  }
  stats.observations += s.observations.length;
  for (const r of diff.revisions) {
    const oldRelease =
      previous?.valueRelease.get(`${s.id}|${r.period}`) ?? previous?.releaseOf(before?.get(r.period)?.published ?? previous.meta.loaded_at) ?? versionOf(loadedAt);
    insert.revision.run(s.id, r.period, r.oldValue, r.newValue, r.oldStatus, r.newStatus, oldRelease, version);
  }
  // The publisher's own revisions between the releases the source holds, dated by those releases,
  // are logged with a figure new to this release; a figure present before is compared above instead.
  for (const r of s.sourceRevisions ?? []) {
    if (before?.get(r.period)?.value != null) continue;
    insert.revision.run(s.id, r.period, r.oldValue, r.newValue, r.oldStatus, r.newStatus, publisherVersion(r.oldReleased), publisherVersion(r.newReleased));
    stats.sourceRevisions++;
  }
  stats.newPoints += diff.newPoints;
  stats.revisions += diff.revisions.length;
  if (!touched) return null;
  stats.seriesUpdated++;
  return [version, s.id, s.country, s.measure, lastWithValue?.period ?? '', diff.newPoints, diff.revisions.length];
}

export function writeRelease(
  file: string,
  content: ReleaseContent,
  previousFile: string | null,
  version: string,
  loadedAt: string,
  dataVersion = contentDigest(content),
): WriteStats {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  migrate(db);
  const previous = previousFile ? openPrevious(previousFile) : null;
  const prevMeta = previous?.meta ?? {};
  const stats: WriteStats = {
    version,
    dataVersion,
    dataAsOf: loadedAt,
    changed: dataVersion !== prevMeta.data_version,
    series: content.series.length,
    observations: 0,
    newPoints: 0,
    revisions: 0,
    sourceRevisions: 0,
    seriesUpdated: 0,
  };
  if (!stats.changed && prevMeta.data_as_of) stats.dataAsOf = prevMeta.data_as_of;
  const insert = prepareInserts(db);
  const write: SeriesWrite = { insert, previous, tableByCode: new Map(content.tables.map((t) => [t.code, t])), version, loadedAt, stats };

  db.transaction(() => {
    // The revision log of earlier releases is copied before this release's series are written: its
    // references are checked when the transaction commits, once every series is in place.
    db.pragma('defer_foreign_keys = ON');
    writeReference(insert, content);
    if (previous) copyLogs(db, previous, content);
    const entries = content.series.map((s) => writeSeries(write, s)).filter((e) => e !== null);
    if (previous) db.exec('DELETE FROM Revision WHERE seriesId NOT IN (SELECT id FROM Series)');
    if (entries.length > 0) {
      insert.release.run(version, loadedAt, stats.series, stats.observations);
      for (const e of entries) insert.entry.run(...e);
    }
    const meta: Record<string, string> = {
      version,
      loaded_at: loadedAt,
      data_version: dataVersion,
      data_as_of: stats.dataAsOf,
      [PERIODS_META_KEY]: JSON.stringify(content.reachedByFile),
      [DERIVATION_ERRORS_META_KEY]: JSON.stringify(content.derivationErrors ?? []),
    };
    for (const [k, v] of Object.entries(meta)) insert.meta.run(k, v);
  })();
  if (previous) {
    db.exec('DETACH DATABASE prev');
    previous.db.close();
  }
  db.exec('ANALYZE');
  db.close();
  return stats;
}
