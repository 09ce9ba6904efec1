/**
 * Public holidays for resolvers, worked out off the event loop: a worker thread evaluates the
 * date-holidays rules (dist/holiday-worker.js, built from src/holiday-worker.ts) and the answers
 * are kept here, so a country-year is worked out once and no request waits behind another's rules.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { HolidayRow } from '../domain/holidays';
import { PROJECT_ROOT } from '../project-root';

/** English names only (what the holidays join needs, half the work) or English and local names. */
export type HolidayNames = 'english' | 'local';

export interface HolidayAsk {
  id: number;
  iso: string;
  year: number;
  names: HolidayNames;
}

export type HolidayAnswer = { id: number; rows: HolidayRow[] } | { id: number; error: string };

/** Every country held over the years its series span fits (225 × ~40 × 2). */
const kept = new LRUCache<string, Promise<readonly HolidayRow[]>>({ max: 20_000 });

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (rows: HolidayRow[]) => void; reject: (err: Error) => void }>();

function startWorker(): Worker {
  const started = new Worker(path.join(PROJECT_ROOT, 'dist/holiday-worker.js'));
  // The worker never keeps the process alive: a service shutting down does not wait for it.
  started.unref();
  started.on('message', (answer: HolidayAnswer) => {
    const asker = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!asker) return;
    if ('rows' in answer) asker.resolve(answer.rows);
    else asker.reject(new Error(`holiday rules: ${answer.error}`));
  });
  const fail = (err: Error) => {
    if (worker === started) worker = null;
    for (const [id, asker] of waiting) {
      waiting.delete(id);
      asker.reject(err);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`holiday rules worker exited with ${code}`)));
  return started;
}

function ask(iso: string, year: number, names: HolidayNames): Promise<HolidayRow[]> {
  worker ??= startWorker();
  const id = nextId++;
  const posted = new Promise<HolidayRow[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, iso, year, names } satisfies HolidayAsk);
  return posted;
}

/** One country-year's public holidays, worked out in the worker once and kept; a failure is not kept. */
export function holidaysFor(iso: string, year: number, names: HolidayNames): Promise<readonly HolidayRow[]> {
  const key = `${names}|${iso}|${year}`;
  let rows = kept.get(key);
  if (!rows) {
    rows = ask(iso, year, names);
    kept.set(key, rows);
    rows.catch(() => kept.delete(key));
  }
  return rows;
}
