/**
 * Public holidays for resolvers, computed off the event loop: a worker thread evaluates the
 * date-holidays rules (dist/holiday-worker.js, built from src/holiday-worker.ts), one country-year
 * at a time, and the answers are cached here by their bytes, so a country-year is computed once
 * and no request waits behind another's rules on the event loop.
 *
 * Country-years wait in a queue on this side, not in the worker's: one whose askers all gave up
 * (their execution ran past its time budget) is dropped before it is computed, so a caller
 * that asks for decades and is stopped does not keep the worker busy after it. The service starts
 * the worker when it opens a release (startHolidayRules), so no first answer waits for the thread
 * and the rules library to load; the worker exits when nothing was asked for a long while, giving
 * back its heap and the countries' parsed rules.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { HolidayRow } from '../domain/holidays';
import { PROJECT_ROOT } from '../project-root';

/** English names only (what the holidays join needs, half the work) or English and local names. */
export type HolidayNames = 'english' | 'local';

export interface HolidayAsk {
  iso: string;
  year: number;
  names: HolidayNames;
}

export type HolidayAnswer = { rows: HolidayRow[] } | { error: string };

/** Bytes of holidayCache answers: ~1,300 country-years of a 16-state country, or a year of every country ten times over. */
const HOLIDAY_CACHE_BYTES = 8 * 1024 * 1024;
/**
 * The worker exits after this long with nothing to do (it holds the rules it parsed in its own
 * heap): long enough that a service asked for holidays now and then caches it, as starting it again
 * delays the next answer.
 */
const WORKER_IDLE_MS = 10 * 60_000;

/** Heap bytes of one holidayCache row, roughly: the object, its strings (two bytes a character) and regions. */
function rowBytes(row: HolidayRow): number {
  return 160 + 2 * (row.name.length + row.localName.length) + 40 * row.regions.length;
}

const holidayCache = new LRUCache<string, readonly HolidayRow[]>({
  maxSize: HOLIDAY_CACHE_BYTES,
  sizeCalculation: (rows) => rows.reduce((bytes, row) => bytes + rowBytes(row), 64),
});

interface Job {
  key: string;
  ask: HolidayAsk;
  /** Askers still waiting; none left when it comes up: it is dropped. */
  wanted: number;
  rows: Promise<readonly HolidayRow[]>;
  resolve: (rows: readonly HolidayRow[]) => void;
  reject: (err: Error) => void;
}

/** Jobs asked for and not answered yet, by key, so two askers of one country-year share it. */
const pending = new Map<string, Job>();
const queue: Job[] = [];
let running: Job | null = null;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;

function startWorker(): Worker {
  const started = new Worker(path.join(PROJECT_ROOT, 'dist/holiday-worker.js'));
  // The worker never caches the process alive: a service shutting down does not wait for it.
  started.unref();
  started.on('message', (answer: HolidayAnswer) => {
    const job = running;
    running = null;
    if (job) settle(job, answer);
    next();
  });
  const fail = (err: Error) => {
    if (worker !== started) return;
    worker = null;
    const job = running;
    running = null;
    if (job) settle(job, { error: err.message });
    next();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the worker exited with ${code}`)));
  return started;
}

function settle(job: Job, answer: HolidayAnswer): void {
  pending.delete(job.key);
  if ('rows' in answer) {
    holidayCache.set(job.key, answer.rows);
    job.resolve(answer.rows);
  } else job.reject(new Error(`holiday rules: ${answer.error}`));
}

/** Posts the next job someone still waits for; with none, lets the worker go after a while. */
function next(): void {
  if (running) return;
  let job = queue.shift();
  while (job && job.wanted === 0) {
    pending.delete(job.key);
    job.reject(new Error('holiday rules: no one waits for this country-year any more'));
    job = queue.shift();
  }
  if (!job) {
    idleTimer ??= setTimeout(stopWorker, WORKER_IDLE_MS).unref();
    return;
  }
  if (idleTimer) (clearTimeout(idleTimer), (idleTimer = null));
  running = job;
  worker ??= startWorker();
  worker.postMessage(job.ask);
}

/** Starts the worker (and its idle clock) if it is not running, so the first ask does not wait for it to load. */
export function startHolidayRules(): void {
  if (worker) return;
  worker = startWorker();
  idleTimer ??= setTimeout(stopWorker, WORKER_IDLE_MS).unref();
}

function stopWorker(): void {
  idleTimer = null;
  const stopping = worker;
  if (!stopping || running) return;
  worker = null;
  void stopping.terminate();
}

function enqueue(key: string, ask: HolidayAsk): Job {
  let resolve!: Job['resolve'];
  let reject!: Job['reject'];
  const rows = new Promise<readonly HolidayRow[]>((res, rej) => ((resolve = res), (reject = rej)));
  // A job dropped or failed after all its askers left has no one to tell.
  rows.catch(() => {});
  const job: Job = { key, ask, wanted: 0, rows, resolve, reject };
  pending.set(key, job);
  queue.push(job);
  return job;
}

/** The key of a country-year's answer, among those holidayCache and those pending. */
function keyOf({ iso, year, names }: HolidayAsk): string {
  return `${names}|${iso}|${year}`;
}

/** The job's rows for one asker, who stops waiting (and no longer counts) when `signal` aborts. */
function waitFor(job: Job, signal: AbortSignal | undefined): Promise<readonly HolidayRow[]> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  job.wanted++;
  if (!signal) return job.rows;
  return new Promise((resolve, reject) => {
    const leave = () => {
      job.wanted--;
      reject(signal.reason);
    };
    signal.addEventListener('abort', leave, { once: true });
    job.rows.then(
      (rows) => (signal.removeEventListener('abort', leave), resolve(rows)),
      (err: Error) => (signal.removeEventListener('abort', leave), reject(err)),
    );
  });
}

/**
 * One country-year's public holidays, computed in the worker once and cached; a failure is not
 * cached. English names are also read from a cached answer with local names (it holds them too).
 * `signal` (the execution's time budget) lets the asker stop waiting.
 */
export function holidaysFor(iso: string, year: number, names: HolidayNames, signal?: AbortSignal): Promise<readonly HolidayRow[]> {
  const key = keyOf({ iso, year, names });
  const hit = holidayCache.get(key) ?? (names === 'english' ? holidayCache.get(keyOf({ iso, year, names: 'local' })) : undefined);
  if (hit) return Promise.resolve(hit);
  const pendingJob = pending.get(key);
  const rows = waitFor(pendingJob ?? enqueue(key, { iso, year, names }), signal);
  // After the asker is counted: a job no one waits for is dropped when its turn comes.
  next();
  return rows;
}
