/**
 * One refresh round: every source checked at its publisher, the changed ones checked for shape,
 * then one build from the files held with the changed ones in place, and only when that build
 * succeeds are they kept. A source that fails (fetch, shape, or a build it breaks) keeps its last
 * good file and says why in DATA_DIR/sources.json; the served release stays unless a build
 * succeeds. A round where nothing changed parses nothing and writes no release.
 *
 * DATA_DIR/cache holds the last good copy of every file, laid out like the sources folder; files
 * no fetch has brought yet come from the seed folder (--sources / TOURISM_SOURCES).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../db/atomic-file';
import { buildRelease, type BuildSummary } from './build';
import { fetchSource, type Checked } from './fetch/fetch-source';
import { DEFAULT_HTTP, type HttpOptions } from './fetch/http';
import { emptyState, readStates, writeStates, type SourceState, type SourceStates } from './fetch/state';
import { ownerOf, SOURCES, type Source } from './publishers';
import { checkFiles } from './source-files';
import { describeProblem } from './source-shape';

export interface RefreshOptions {
  dataDir: string;
  /** See BuildOptions.parseCacheDir. */
  parseCacheDir?: string | null;
  /** Where files no fetch has brought yet come from; null: none (a source never fetched is then missing). */
  seedDir: string | null;
  http?: HttpOptions;
  /** Dates the release a round builds, and the checks it records. */
  now?: Date;
  log?: (line: string) => void;
  /** The build's line-by-line detail (see BuildOptions.detail). */
  detail?: (line: string) => void;
  /** Build even when no source changed (`ingest` without --sources). */
  alwaysBuild?: boolean;
  allowVanished?: boolean;
  keepReleases?: number;
  /** See BuildOptions.publicBaseUrl. */
  publicBaseUrl?: string;
  /** Sources checked at once. */
  concurrency?: number;
}

export interface RefreshSummary {
  checked: number;
  changed: string[];
  unchanged: string[];
  failed: { id: string; reason: string }[];
  /** The build, when one ran and succeeded. */
  build: BuildSummary | null;
  seconds: number;
}

/** Another round holds the data folder (a cron run beside the schedule): this one does not start. */
export class RefreshBusy extends Error {}

export function cacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache');
}

/** Holds DATA_DIR/refresh.lock for the round; a lock left by a process that is gone is taken over. */
function lock(dataDir: string): () => void {
  const file = path.join(dataDir, 'refresh.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (let tries = 0; ; tries++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new RefreshBusy(`a refresh is already running (process ${holder})`);
      fs.rmSync(file, { force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every file under a folder, as paths relative to it (dot-folders, our own scratch space, left out). */
function filesUnder(root: string, dir = ''): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    const rel = dir ? `${dir}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(root, rel) : e.isFile() ? [rel] : [];
  });
}

/**
 * Copies into the cache the seed's files it lacks. A file that stands for a source already fetched
 * is not copied back (a World Bank download's members replace the ones it had under other names).
 */
function seedCache(cache: string, seed: string, states: SourceStates): number {
  let copied = 0;
  const written = (id: string) => states.sources[id]?.files ?? [];
  for (const file of filesUnder(seed)) {
    if (file === 'SOURCES.md' || fs.existsSync(path.join(cache, file))) continue;
    const owner = ownerOf(file, written);
    if (owner && owner.unpack.kind === 'zip-members' && states.sources[owner.id]?.checksum) continue;
    fs.mkdirSync(path.dirname(path.join(cache, file)), { recursive: true });
    fs.copyFileSync(path.join(seed, file), path.join(cache, file));
    copied++;
  }
  return copied;
}

type Changed = { source: Source; checked: Extract<Checked, { outcome: 'changed' }> };

/** Files of the cache a changed source's new files make obsolete: a zip download's earlier members. */
function replacedBy(cache: string, { source, checked }: Changed): string[] {
  const unpack = source.unpack;
  if (unpack.kind !== 'zip-members') return [];
  return filesUnder(cache, unpack.dir).filter((f) => unpack.member.test(path.basename(f)) && !checked.files.has(f));
}

/** A scratch copy of the cache (hard links) with the changed sources' files in place, for one build. */
function assemble(cache: string, changed: readonly Changed[]): string {
  const dir = path.join(cache, '.candidate');
  fs.rmSync(dir, { recursive: true, force: true });
  const dropped = new Set(changed.flatMap((c) => replacedBy(cache, c)));
  for (const file of filesUnder(cache)) {
    if (dropped.has(file)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      fs.linkSync(path.join(cache, file), path.join(dir, file));
    } catch {
      fs.copyFileSync(path.join(cache, file), path.join(dir, file));
    }
  }
  for (const { checked } of changed) {
    for (const [file, data] of checked.files) {
      fs.rmSync(path.join(dir, file), { force: true });
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), data);
    }
  }
  return dir;
}

/** The changed sources a build failure names by one of their files; all of them when it names none. */
function blamed(message: string, changed: readonly Changed[]): Changed[] {
  const named = changed.filter((c) => [...c.checked.files.keys()].some((f) => message.includes(f)));
  return named.length > 0 ? named : [...changed];
}

/** Runs tasks `limit` at a time, results in the tasks' order. */
async function pool<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function kilobytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`;
}

type Check = { source: Source; checked: Checked };

/** The changed files' shapes, each in the folder the build will read (a role file is read only where it is present): a malformed one is refused. */
function refuseMalformed(cache: string, changed: Changed[], failed: Map<string, string>): Changed[] {
  if (changed.length === 0) return changed;
  const candidate = assemble(cache, changed);
  for (const c of changed) {
    const problems = checkFiles(candidate, [...c.checked.files.keys()]);
    if (problems.length > 0) failed.set(c.source.id, `refused: ${problems.map(describeProblem).join('; ')}; the copy held is kept`);
  }
  return changed.filter((c) => !failed.has(c.source.id));
}

/** At most two builds: a failure naming some changed sources' files is retried without them. */
function buildWithout(options: RefreshOptions, cache: string, changed: Changed[], failed: Map<string, string>, now: Date, log: (line: string) => void) {
  let build: BuildSummary | null = null;
  for (let attempt = 1; ; attempt++) {
    const candidate = assemble(cache, changed);
    log(changed.length > 0 ? `Building with ${changed.length} changed sources: ${changed.map((c) => c.source.id).join(', ')}` : 'Building from the files held');
    try {
      build = buildRelease({
        sourcesDir: candidate,
        dataDir: options.dataDir,
        parseCacheDir: options.parseCacheDir,
        now,
        log,
        detail: options.detail,
        allowVanished: options.allowVanished,
        keepReleases: options.keepReleases,
        publicBaseUrl: options.publicBaseUrl,
      });
      break;
    } catch (err) {
      const message = (err as Error).message;
      if (changed.length === 0) throw err;
      const guilty = blamed(message, changed);
      for (const c of guilty) failed.set(c.source.id, `the build refused it: ${message}; the copy held is kept`);
      changed = changed.filter((c) => !guilty.includes(c));
      log(`Build refused (${message}); ${guilty.map((c) => c.source.id).join(', ')} kept at the copy held`);
      if (changed.length === 0 || attempt === 2) break;
    }
  }
  return { build, changed };
}

/** Each source's state after the round: failed with its reason, unchanged, or changed with its new validators and files. */
function statesAfter(states: SourceStates, checks: readonly Check[], failed: Map<string, string>, at: string): SourceStates {
  const next: SourceStates = { round: null, sources: { ...states.sources } };
  const update = (id: string, change: Partial<SourceState>) => {
    next.sources[id] = { ...(states.sources[id] ?? emptyState()), lastChecked: at, ...change };
  };
  for (const { source, checked } of checks) {
    const reason = failed.get(source.id);
    if (reason !== undefined) update(source.id, { state: 'failed', reason });
    else if (checked.outcome === 'unchanged') {
      update(source.id, { state: 'unchanged', reason: null, url: checked.url, etag: checked.etag, lastModified: checked.lastModified });
    } else if (checked.outcome === 'changed') {
      const { url, etag, lastModified, checksum, files } = checked;
      update(source.id, { state: 'ok', reason: null, url, etag, lastModified, checksum, files: [...files.keys()].sort(), lastChanged: at });
    }
  }
  return next;
}

export async function refreshSources(options: RefreshOptions): Promise<RefreshSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const http = options.http ?? DEFAULT_HTTP;
  const cache = cacheDir(options.dataDir);
  const unlock = lock(options.dataDir);
  try {
    const states = readStates(options.dataDir);
    fs.mkdirSync(cache, { recursive: true });
    if (options.seedDir) {
      const copied = seedCache(cache, options.seedDir, states);
      if (copied > 0) log(`Copied ${copied} files the cache lacked from ${options.seedDir}`);
    }
    log(`Checking ${SOURCES.length} sources at their publishers${http.mirror ? ` through the mirror ${http.mirror}` : ''}`);
    const checks: Check[] = await pool(SOURCES, options.concurrency ?? 4, async (source) => ({
      source,
      checked: await fetchSource(source, states.sources[source.id] ?? emptyState(), http),
    }));
    const failed = new Map<string, string>();
    const unchanged: Source[] = [];
    let changed: Changed[] = [];
    for (const { source, checked } of checks) {
      if (checked.outcome === 'failed') failed.set(source.id, checked.reason);
      else if (checked.outcome === 'unchanged') unchanged.push(source);
      else changed.push({ source, checked });
    }
    changed = refuseMalformed(cache, changed, failed);
    let build: BuildSummary | null = null;
    if (changed.length > 0 || options.alwaysBuild) ({ build, changed } = buildWithout(options, cache, changed, failed, now, log));
    // Kept: the files of the changed sources the build took, each written whole, the obsolete ones removed.
    for (const c of changed) {
      for (const file of replacedBy(cache, c)) fs.rmSync(path.join(cache, file), { force: true });
      for (const [file, data] of c.checked.files) writeFileAtomically(path.join(cache, file), data);
    }
    fs.rmSync(path.join(cache, '.candidate'), { recursive: true, force: true });
    const next = statesAfter(states, checks, failed, at);
    const seconds = (performance.now() - started) / 1000;
    next.round = {
      started: at,
      finished: new Date(now.getTime() + seconds * 1000).toISOString(),
      changed: changed.length,
      failed: failed.size,
      release: build?.written ? build.version : null,
      seconds: Math.round(seconds * 10) / 10,
    };
    writeStates(options.dataDir, next);
    for (const c of changed) log(`  new       ${c.source.id} (${kilobytes(c.checked.received)} from ${c.checked.url})`);
    for (const [id, reason] of failed) log(`  failed    ${id}: ${reason}`);
    log(
      `Refresh: ${SOURCES.length} sources checked, ${changed.length} changed, ${unchanged.length} unchanged, ${failed.size} failed; ` +
        `${build ? (build.written ? `release ${build.version} built` : `release ${build.version} kept (figures unchanged)`) : 'nothing parsed, the served release stays'}; ${seconds.toFixed(1)} s`,
    );
    return {
      checked: SOURCES.length,
      changed: changed.map((c) => c.source.id),
      unchanged: unchanged.map((s) => s.id),
      failed: [...failed].map(([id, reason]) => ({ id, reason })),
      build,
      seconds,
    };
  } finally {
    fs.rmSync(path.join(cache, '.candidate'), { recursive: true, force: true });
    unlock();
  }
}
