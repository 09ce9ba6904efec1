/**
 * The served release. Holds one Prisma client per release file and follows DATA_DIR/CURRENT,
 * so a finished ingest is picked up without a restart and an unfinished one is never seen.
 */
import { openPrisma, type OpenOptions, type Prisma } from './client';
import { currentReleaseFile } from './release-store';
import { readSearchIndex, type SeriesSearchIndex } from './search-index';

export interface Snapshot {
  file: string;
  prisma: Prisma;
  /** Content digest: changes only when served numbers change (ETags). */
  dataVersion: string;
  /** ISO timestamp of the release whose content is served. */
  dataAsOf: string;
  loadedAt: string;
  /** Per-release memo for figures computed once per release (e.g. rivals, briefs). */
  memo: Map<string, Promise<unknown>>;
  /**
   * Observations by series id, kept for the life of the release: a release is read-only, and the
   * whole of it is a few tens of megabytes, so derived statistics never re-read a series.
   */
  observations: Map<string, unknown[]>;
  /** The series search index, read when the release is opened (search-index.ts). */
  search: SeriesSearchIndex;
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
 * A figure worked out once per release: the first caller computes it, later callers share the
 * promise. A computation that fails is not kept, so the next caller tries again.
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
    const [sizes, search] = await Promise.all([sizesOf(prisma), readSearchIndex(prisma)]);
    const previous = this.snapshot;
    this.snapshot = {
      file,
      prisma,
      dataVersion: meta.data_version,
      dataAsOf: meta.data_as_of,
      loadedAt: meta.loaded_at,
      memo: new Map(),
      observations: new Map(),
      search,
      sizes,
    };
    for (const l of this.listeners) l(this.snapshot);
    // Requests already running on the old release finish before it is closed.
    if (previous) setTimeout(() => void previous.prisma.$disconnect(), 30_000).unref();
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
