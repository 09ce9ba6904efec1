/**
 * The service's log: JSON lines through pino, one per request (event "request") and one per event
 * (listening, release_switch, ingest, shutdown). Lines go to stdout by default, written
 * asynchronously in batches.
 * The ingest logs synchronously: it runs without yielding, and its progress must show as it goes.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { BuildSummary } from '../ingest/build';
import type { RequestTag } from './request-tag';

export type { Logger };

export interface LoggerOptions {
  /** A file path or descriptor (default 1, stdout), or a stream (tests). */
  destination?: string | number | DestinationStream;
  /** pino level; LOG_LEVEL, default "info". "silent" turns logging off. */
  level?: string;
  /** Write each line before returning (default false). */
  sync?: boolean;
}

/** Lines gathered before a write (asynchronous destinations); a timer writes what is left. */
const BATCH_BYTES = 4096;
const BATCH_MS = 250;

export function createLogger(options: LoggerOptions = {}): Logger {
  const { destination = 1 } = options;
  const sync = options.sync ?? false;
  let stream: DestinationStream;
  if (typeof destination === 'object') stream = destination;
  else {
    // One write per line costs more than answering a cached request: lines are gathered into
    // writes of 4 kB, and a timer writes any that have waited a quarter of a second.
    stream = pino.destination({
      dest: destination,
      sync,
      minLength: sync ? 0 : BATCH_BYTES,
      periodicFlush: sync ? 0 : BATCH_MS,
      mkdir: typeof destination === 'string',
    });
  }
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

/** Settles once what is buffered is written (the destination writes asynchronously); call before exiting. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    // A destination that is not open yet, or closed, has nothing to write: do not wait on it.
    const timer = setTimeout(resolve, 2000);
    try {
      logger.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** The access-log line of one answered request. */
export function logAccess(
  logger: Logger,
  tag: RequestTag,
  method: string | undefined,
  path: string,
  status: number,
  bytes: number,
  durationMs: number,
  finished: boolean,
): void {
  logger.info({
    event: 'request',
    request_id: tag.id,
    method,
    route: tag.route,
    path: path.length > 200 ? path.slice(0, 200) : path,
    plan: tag.plan,
    status,
    bytes,
    duration_ms: Math.round(durationMs * 1000) / 1000,
    cache: tag.cache,
    // A caller that went away before the answer was written out.
    ...(finished ? {} : { aborted: true }),
  });
}

/** An ingest's outcome as one event: what the release holds and what was turned away. */
export function logIngest(logger: Logger, summary: BuildSummary): void {
  const rejectedByTable: Record<string, number> = {};
  for (const r of summary.rejected) rejectedByTable[r.table] = (rejectedByTable[r.table] ?? 0) + 1;
  logger.info(
    {
      event: 'ingest',
      release: summary.version,
      data_version: summary.dataVersion,
      changed: summary.changed,
      written: summary.written,
      series: summary.series,
      observations: summary.observations,
      countries: summary.countries,
      new_figures: summary.newPoints,
      revisions: summary.revisions,
      series_updated: summary.seriesUpdated,
      rejected: summary.rejected.length,
      rejected_by_table: rejectedByTable,
      vanished_series: summary.vanished.length,
      pruned: summary.pruned,
      seconds: Math.round(summary.seconds * 10) / 10,
    },
    summary.written ? `release ${summary.version} built` : `release ${summary.version} kept: figures unchanged`,
  );
}
