/**
 * One refresh round: every source checked at its publisher, the changed ones checked for shape,
 * then one build from the files present with the changed ones in place, and only when that build
 * succeeds are they retained. A source that fails (fetch, shape, or a build it breaks) keeps its last
 * good file and says why in DATA_DIR/sources.json; the served release stays unless a build
 * succeeds. A round where nothing changed parses nothing and writes no release.
 *
 * DATA_DIR/cache holds the last good copy of every file, laid out like the sources folder; files
 * no fetch has brought yet come from the seed folder (--sources / TOURISM_SOURCES).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../db/atomic-file';
import type { BuildSummary } from './build';
import { fetchSource, type Checked } from './fetch/fetch-source';
import { DEFAULT_HTTP, type HttpOptions } from './fetch/http';
import { emptyState, readStates, writeStates, type SourceState, type SourceStates } from './fetch/state';
import { ownerOf, SOURCES, type Source } from './publishers';
import { buildIsolated, DEFAULT_PARSE_LIMITS, runIsolated, type ParseLimits } from './isolated';
import { describeProblem, describeProblemForLog } from './source-shape';

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
  /** The round's deadlines and the parsing process's limits; each absent one is the default. */
  limits?: Partial<RoundLimits>;
}

export interface RoundLimits {
  /** The whole round (TOURISM_REFRESH_DEADLINE_SECONDS): past it, the sources not yet done fail with that reason. */
  roundDeadlineMs: number;
  /** One source's fetch, its page, attempts and waits included (TOURISM_SOURCE_DEADLINE_SECONDS). */
  sourceDeadlineMs: number;
  /** Each parsing process (TOURISM_PARSE_MEMORY_MB, TOURISM_PARSE_DEADLINE_SECONDS). */
  parse: ParseLimits;
}

export const DEFAULT_ROUND_LIMITS: RoundLimits = { roundDeadlineMs: 3_600_000, sourceDeadlineMs: 600_000, parse: DEFAULT_PARSE_LIMITS };

export interface RefreshSummary {
  checked: number;
  changed: string[];
  unchanged: string[];
  failed: { id: string; reason: string }[];
  /** The build, when one ran and succeeded. */
  build: BuildSummary | null;
  seconds: number;
  /** The highest resident memory of the round's parsing processes, in MB; null when nothing was parsed. */
  parsePeakMb: number | null;
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

const wholeSeconds = (ms: number) => Math.round(ms / 1000);

function kilobytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`;
}

type Check = { source: Source; checked: Checked };

/** What the round's parsing shares: the limits, the time left, and the highest memory seen. */
interface ParseRound {
  limits: RoundLimits;
  endsAt: number;
  roundPassed: string;
  peakMb: number;
  /** Sources failed by the round's deadline or by others' files, not by their own bytes. */
  outOfTime: Set<string>;
}

/** The parse limits with the deadline cut to the round's time left, and the reason to give when that is what stops it. */
function parseLimitsIn(round: ParseRound): { limits: ParseLimits; deadlineReason?: string } {
  const left = Math.max(1, round.endsAt - Date.now());
  if (left >= round.limits.parse.deadlineMs) return { limits: round.limits.parse };
  return { limits: { ...round.limits.parse, deadlineMs: left }, deadlineReason: `stopped: ${round.roundPassed}` };
}

/**
 * The changed files' shapes, each in the folder the build will read (a role file is read only where
 * it is present), checked in a parsing process: a malformed one is rejected, and one that ends the
 * process is rejected with the cause, the others then checked in a new process.
 */
async function rejectMalformed(cache: string, changed: Changed[], failed: Map<string, string>, round: ParseRound, log: (line: string) => void): Promise<Changed[]> {
  if (changed.length === 0) return changed;
  const candidate = assemble(cache, changed);
  let remaining = changed;
  while (remaining.length > 0) {
    const done = new Set<string>();
    const { limits, deadlineReason } = parseLimitsIn(round);
    const groups = remaining.map((c) => ({ id: c.source.id, files: [...c.checked.files.keys()] }));
    try {
      const run = await runIsolated({ kind: 'check', sourcesDir: candidate, groups }, limits, (m) => {
        if (m.kind !== 'checked') return;
        done.add(m.id);
        if (m.problems.length === 0) return;
        // The reason is shown to callers (/v1/status); what the file contained is for the operator's log only.
        failed.set(m.id, `refused: ${m.problems.map(describeProblem).join('; ')}; the copy held is kept`);
        for (const p of m.problems) log(`  refused   ${m.id}: ${describeProblemForLog(p)}`);
      }, deadlineReason);
      round.peakMb = Math.max(round.peakMb, run.peakMb);
      break;
    } catch (err) {
      round.peakMb = Math.max(round.peakMb, (err as { peakMb?: number }).peakMb ?? 0);
      const rest = remaining.filter((c) => !done.has(c.source.id));
      if (Date.now() >= round.endsAt) {
        for (const c of rest) {
          failed.set(c.source.id, `${round.roundPassed} before its files were checked; the copy held is kept`);
          round.outOfTime.add(c.source.id);
        }
        break;
      }
      // The source being checked when the process ended is the one rejected.
      const [current, ...others] = rest;
      if (!current) break;
      failed.set(current.source.id, `refused: ${(err as Error).message}; the copy held is kept`);
      remaining = others;
    }
  }
  return changed.filter((c) => !failed.has(c.source.id));
}

/** At most two builds, each in a parsing process: a failure naming some changed sources' files is retried without them. */
async function buildWithout(options: RefreshOptions, cache: string, changed: Changed[], failed: Map<string, string>, now: Date, log: (line: string) => void, round: ParseRound) {
  let build: BuildSummary | null = null;
  for (let attempt = 1; ; attempt++) {
    const candidate = assemble(cache, changed);
    log(changed.length > 0 ? `Building with ${changed.length} changed sources: ${changed.map((c) => c.source.id).join(', ')}` : 'Building from the files held');
    const { limits, deadlineReason } = parseLimitsIn(round);
    try {
      const run = await buildIsolated(
        {
          sourcesDir: candidate,
          dataDir: options.dataDir,
          parseCacheDir: options.parseCacheDir,
          now,
          log,
          detail: options.detail,
          allowVanished: options.allowVanished,
          keepReleases: options.keepReleases,
          publicBaseUrl: options.publicBaseUrl,
        },
        limits,
        deadlineReason,
      );
      round.peakMb = Math.max(round.peakMb, run.peakMb);
      build = run.value;
      break;
    } catch (err) {
      round.peakMb = Math.max(round.peakMb, (err as { peakMb?: number }).peakMb ?? 0);
      const message = (err as Error).message;
      if (changed.length === 0) throw err;
      const late = Date.now() >= round.endsAt;
      const guilty = late ? changed : blamed(message, changed);
      for (const c of guilty) {
        failed.set(c.source.id, late ? `${round.roundPassed} while the build ran; the copy held is kept` : `the build refused it: ${message}; the copy held is kept`);
        if (late) round.outOfTime.add(c.source.id);
      }
      changed = changed.filter((c) => !guilty.includes(c));
      log(`Build refused (${message}); ${guilty.map((c) => c.source.id).join(', ')} kept at the copy held`);
      if (changed.length === 0 || attempt === 2 || late) break;
    }
  }
  return { build, changed };
}

/** Each source's state after the round: failed with its reason, unchanged, or changed with its new validators and files. */
function statesAfter(states: SourceStates, checks: readonly Check[], failed: Map<string, string>, outOfTime: ReadonlySet<string>, at: string): SourceStates {
  const next: SourceStates = { round: null, sources: { ...states.sources } };
  const update = (id: string, change: Partial<SourceState>) => {
    next.sources[id] = { ...(states.sources[id] ?? emptyState()), lastChecked: at, ...change };
  };
  for (const { source, checked } of checks) {
    const reason = failed.get(source.id);
    if (reason !== undefined) {
      // Bytes that failed to parse are remembered, so the same file is not parsed again; a failure of time or network is not theirs.
      const bytes = checked.outcome === 'changed' && !outOfTime.has(source.id) ? { failedChecksum: checked.checksum } : {};
      update(source.id, { state: 'failed', reason, ...bytes });
    } else if (checked.outcome === 'unchanged') {
      update(source.id, { state: 'unchanged', reason: null, failedChecksum: null, url: checked.url, etag: checked.etag, lastModified: checked.lastModified });
    } else if (checked.outcome === 'changed') {
      const { url, etag, lastModified, checksum, files } = checked;
      update(source.id, { state: 'ok', reason: null, failedChecksum: null, url, etag, lastModified, checksum, files: [...files.keys()].sort(), lastChanged: at });
    }
  }
  return next;
}

function startRound(limits: RoundLimits): ParseRound {
  const roundPassed = `the round's deadline of ${wholeSeconds(limits.roundDeadlineMs)} s passed (TOURISM_REFRESH_DEADLINE_SECONDS)`;
  return { limits, endsAt: Date.now() + limits.roundDeadlineMs, roundPassed, peakMb: 0, outOfTime: new Set() };
}

/** Every source checked at its publisher, each within its own deadline and the round's. */
async function checkAll(states: SourceStates, http: HttpOptions, concurrency: number, round: ParseRound, roundOver: AbortSignal): Promise<Check[]> {
  const sourcePassed = `the source's deadline of ${wholeSeconds(round.limits.sourceDeadlineMs)} s passed (TOURISM_SOURCE_DEADLINE_SECONDS)`;
  return pool(SOURCES, concurrency, async (source): Promise<Check> => {
    if (roundOver.aborted) {
      round.outOfTime.add(source.id);
      return { source, checked: { outcome: 'failed', reason: `${round.roundPassed} before it was checked` } };
    }
    const own = new AbortController();
    const timer = setTimeout(() => own.abort(new Error(sourcePassed)), round.limits.sourceDeadlineMs);
    try {
      const checked = await fetchSource(source, states.sources[source.id] ?? emptyState(), { ...http, signal: AbortSignal.any([roundOver, own.signal]) });
      if (checked.outcome === 'failed' && (roundOver.aborted || own.signal.aborted)) round.outOfTime.add(source.id);
      return { source, checked };
    } finally {
      clearTimeout(timer);
    }
  });
}

/** The changed sources to parse; failures (and bytes that failed before, unless `retryFailed`) go to `failed`. */
function sortChecks(checks: readonly Check[], states: SourceStates, failed: Map<string, string>, round: ParseRound, roundOver: AbortSignal, retryFailed: boolean): Changed[] {
  const changed: Changed[] = [];
  for (const { source, checked } of checks) {
    const previous = states.sources[source.id];
    if (checked.outcome === 'failed') failed.set(source.id, checked.reason);
    else if (checked.outcome === 'unchanged') continue;
    else if (roundOver.aborted) {
      failed.set(source.id, `${round.roundPassed} before its files were parsed; the copy held is kept`);
      round.outOfTime.add(source.id);
    } else if (!retryFailed && previous?.failedChecksum === checked.checksum) {
      // The bytes that failed last time: not parsed again until the publisher's file changes.
      failed.set(source.id, previous.reason ?? 'the same file failed before; the copy held is kept');
    } else changed.push({ source, checked });
  }
  return changed;
}

export async function refreshSources(options: RefreshOptions): Promise<RefreshSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const http = options.http ?? DEFAULT_HTTP;
  const cache = cacheDir(options.dataDir);
  const round = startRound({ ...DEFAULT_ROUND_LIMITS, ...options.limits });
  const limits = round.limits;
  const unlock = lock(options.dataDir);
  const roundOver = new AbortController();
  const roundTimer = setTimeout(() => roundOver.abort(new Error(round.roundPassed)), limits.roundDeadlineMs);
  try {
    const states = readStates(options.dataDir);
    fs.mkdirSync(cache, { recursive: true });
    if (options.seedDir) {
      const copied = seedCache(cache, options.seedDir, states);
      if (copied > 0) log(`Copied ${copied} files the cache lacked from ${options.seedDir}`);
    }
    log(`Checking ${SOURCES.length} sources at their publishers${http.mirror ? ` through the mirror ${http.mirror}` : ''}`);
    const checks = await checkAll(states, http, options.concurrency ?? 4, round, roundOver.signal);
    const failed = new Map<string, string>();
    const unchanged = checks.filter((c) => c.checked.outcome === 'unchanged').map((c) => c.source);
    let changed = sortChecks(checks, states, failed, round, roundOver.signal, options.alwaysBuild ?? false);
    changed = await rejectMalformed(cache, changed, failed, round, log);
    let build: BuildSummary | null = null;
    if ((changed.length > 0 || options.alwaysBuild) && !roundOver.signal.aborted) {
      ({ build, changed } = await buildWithout(options, cache, changed, failed, now, log, round));
    }
    // Sources no build took (the second build was rejected for others' files) are not retained: they are checked again next round.
    if (!build) {
      for (const c of changed) {
        const why = roundOver.signal.aborted ? `${round.roundPassed} before the build` : "not taken: the build was refused for other sources' files; checked again next round";
        failed.set(c.source.id, `${why}; the copy held is kept`);
        round.outOfTime.add(c.source.id);
      }
      changed = [];
    }
    // Retained: the files of the changed sources the build took, each written whole, the obsolete ones removed.
    for (const c of changed) {
      for (const file of replacedBy(cache, c)) fs.rmSync(path.join(cache, file), { force: true });
      for (const [file, data] of c.checked.files) writeFileAtomically(path.join(cache, file), data);
    }
    fs.rmSync(path.join(cache, '.candidate'), { recursive: true, force: true });
    const next = statesAfter(states, checks, failed, round.outOfTime, at);
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
      parsePeakMb: round.peakMb > 0 ? Math.round(round.peakMb) : null,
    };
  } finally {
    clearTimeout(roundTimer);
    fs.rmSync(path.join(cache, '.candidate'), { recursive: true, force: true });
    unlock();
  }
}
