/**
 * The served release. Holds one Prisma client per release file and follows DATA_DIR/CURRENT,
 * so a finished ingest is picked up without a restart and an unfinished one is never seen.
 */
import fs from 'node:fs';
import { openPrisma, type OpenOptions, type Prisma } from './client';
import { currentReleaseFile } from './release-store';
import { readSearchIndex, type SearchableSeries, type SeriesSearchIndex } from './search-index';

export interface Snapshot {
  file: string;
  prisma: Prisma;
  /** Content digest: changes only when served numbers change (ETags). */
  dataVersion: string;
  /** ISO timestamp of the release whose content is served. */
  dataAsOf: string;
  loadedAt: string;
  /** The newest publication date (ISO) of any figure, as the ingest stored it; null in a release without it. */
  newestPublished: string | null;
  /** Per-release memo for figures computed once per release (e.g. rivals, briefs). */
  memo: Map<string, Promise<unknown>>;
  /**
   * Observations by series id, cached for the life of the release: a release is read-only, and the
   * whole of it is a few tens of megabytes, so derived statistics never re-read a series.
   */
  observations: Map<string, unknown[]>;
  /** The series search index, read when the release is opened (search-index.ts). */
  search: SeriesSearchIndex;
  /**
   * Every series of the release, every column and its English name, by alias: the rows the search
   * index is built over. Figures computed from series rows alone read these, not the file.
   */
  series: readonly SearchableSeries[];
  /** The same rows by country (ISO code), by alias. */
  seriesByCountry: ReadonlyMap<string, readonly SearchableSeries[]>;
  /** How long the release's lists can be: what a query's cost counts a list as at most (graphql/cost.ts). */
  sizes: ReleaseSizes;
}

export interface ReleaseSizes {
  countries: number;
  series: number;
  /** Months from the first to the last observation of any series (a series has one value a month at most). */
  months: number;
}

async function sizesOf(prisma: Prisma): Promise<ReleaseSizes> {
  const [countries, series, span] = await Promise.all([
    prisma.country.count(),
    prisma.series.count(),
    prisma.observation.aggregate({ _min: { period: true }, _max: { period: true } }),
  ]);
  // Whole years: periods of mixed frequencies do not sort by time as text, their years do.
  const year = (period: string | null) => (period ? Number(period.slice(0, 4)) : null);
  const first = year(span._min.period);
  const last = year(span._max.period);
  return { countries, series, months: first && last ? (last - first + 1) * 12 : 0 };
}

/**
 * A figure computed once per release: the first caller computes it, later callers share the
 * promise. A computation that fails is not cached, so the next caller tries again.
 */
export function perRelease<T>(snapshot: Snapshot, key: string, compute: () => Promise<T>): Promise<T> {
  let hit = snapshot.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = compute();
    snapshot.memo.set(key, hit);
    hit.catch(() => snapshot.memo.delete(key));
  }
  return hit;
}

function byCountry(series: readonly SearchableSeries[]): Map<string, SearchableSeries[]> {
  const groups = new Map<string, SearchableSeries[]>();
  for (const s of series) {
    const group = groups.get(s.countryIso);
    if (group) group.push(s);
    else groups.set(s.countryIso, [s]);
  }
  return groups;
}

/** What a snapshot computes from its release once: shared by every snapshot of that release file in the process. */
type ReleaseComputed = Pick<Snapshot, 'memo' | 'observations' | 'search' | 'series' | 'seriesByCountry' | 'sizes'>;

/**
 * Releases are never written once published, so what one snapshot computed from a release (the
 * search index, the memo, observations read) holds for every other snapshot of the same file in
 * this process: a service restarted in-process, or several stores over one release, compute it
 * once. Keyed by the file's real path and data version; the two most recently opened are cached.
 */
const releaseCache = new Map<string, Promise<ReleaseComputed>>();
const RELEASE_CACHE_MAX = 2;

function releaseKey(file: string, dataVersion: string): string {
  let real = file;
  try {
    real = fs.realpathSync(file);
  } catch {
    // A file removed since: its own path still names it.
  }
  return `${real}\0${dataVersion}`;
}

function computedOnce(file: string, dataVersion: string, prisma: Prisma): Promise<ReleaseComputed> {
  const key = releaseKey(file, dataVersion);
  let cached = releaseCache.get(key);
  if (cached) releaseCache.delete(key);
  cached ??= Promise.all([sizesOf(prisma), readSearchIndex(prisma)]).then(([sizes, search]) => ({
    memo: new Map(),
    observations: new Map(),
    search,
    series: search.documents,
    seriesByCountry: byCountry(search.documents),
    sizes,
  }));
  releaseCache.set(key, cached);
  cached.catch(() => releaseCache.delete(key));
  for (const old of [...releaseCache.keys()].slice(0, Math.max(0, releaseCache.size - RELEASE_CACHE_MAX))) releaseCache.delete(old);
  return cached;
}

export class DataStore {
  private snapshot: Snapshot | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners: ((s: Snapshot) => void)[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly options: OpenOptions = {},
  ) {}

  get current(): Snapshot | null {
    return this.snapshot;
  }

  onSwitch(listener: (s: Snapshot) => void): void {
    this.listeners.push(listener);
  }

  /** Opens the release CURRENT names, if it is not the one already open. */
  async refresh(): Promise<Snapshot | null> {
    const file = currentReleaseFile(this.dataDir);
    if (!file || file === this.snapshot?.file) return this.snapshot;
    const prisma = openPrisma(file, this.options);
    const rows = await prisma.meta.findMany();
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const computed = await computedOnce(file, meta.data_version, prisma);
    const previous = this.snapshot;
    this.snapshot = {
      file,
      prisma,
      dataVersion: meta.data_version,
      dataAsOf: meta.data_as_of,
      loadedAt: meta.loaded_at,
      newestPublished: meta.newest_published ?? null,
      ...computed,
    };
    for (const l of this.listeners) l(this.snapshot);
    if (previous) {
      // A release switched away from is not opened again by this store: its figures need not be cached.
      if (releaseKey(previous.file, previous.dataVersion) !== releaseKey(file, meta.data_version)) releaseCache.delete(releaseKey(previous.file, previous.dataVersion));
      // Requests already running on the old release finish before it is closed.
      setTimeout(() => void previous.prisma.$disconnect(), 30_000).unref();
    }
    return this.snapshot;
  }

  watch(intervalMs = 2000): void {
    this.timer = setInterval(() => void this.refresh().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.snapshot?.prisma.$disconnect();
    this.snapshot = null;
  }
}
