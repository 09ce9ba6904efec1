/**
 * The service's log: JSON lines through pino, one per request (event "request") and one per event
 * (listening, release_switch, ingest, shutdown). Lines go to stdout by default, gathered and
 * written in batches.
 * The ingest logs synchronously: it runs without yielding, and its progress must show as it goes.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { BuildSummary } from '../ingest/build';
import type { RefreshSummary } from '../ingest/refresh';
import type { RequestTag } from '../../rest/request-tag';

export type { Logger };

export interface LoggerOptions {
  /** A file path or descriptor (default 1, stdout), or a stream (tests). */
  destination?: string | number | DestinationStream;
  /** pino level; LOG_LEVEL, default "info". "silent" turns logging off. */
  level?: string;
  /** Write each line before returning (default false). */
  sync?: boolean;
}

/** Lines gathered before a write (unless each line is written at once); a timer writes what is left. */
const BATCH_BYTES = 16384;
/** Access records gathered before they are put into words (about BATCH_BYTES of lines). */
const BATCH_RECORDS = 64;
const BATCH_MS = 250;

type FileDestination = ReturnType<typeof pino.destination>;

/** What the access line of one answered request says, as handed over when the answer is done. */
interface AccessRecord {
  tag: RequestTag;
  method: string | undefined;
  path: string;
  status: number;
  bytes: number;
  durationMs: number;
  finished: boolean;
  /** When it was logged (ms since the epoch). */
  at: number;
}

/**
 * Every batch of the process: one timer writes what has waited in each, one exit handler what is
 * left (a listener per batch passed Node's warning limit where a process makes several loggers).
 */
const batches = new Set<LineBatch>();

function gathering(batch: LineBatch): void {
  if (batches.size === 0) {
    setInterval(() => batches.forEach((b) => b.writeLines()), BATCH_MS).unref();
    process.once('exit', () => batches.forEach((b) => b.writeAllSync()));
  }
  batches.add(batch);
}

/**
 * One write per line costs more than answering a cached request, and sonic-boom's own gathering
 * (minLength) measures its whole pending text again on every line: lines are gathered here instead,
 * as a list joined into writes of about 16 kB, and a timer writes any that have waited a quarter of
 * a second. Access records are put into words here too, a batch at a time, off the path of the
 * answer that follows and with one timestamp text per millisecond rather than one per line.
 */
class LineBatch implements DestinationStream {
  private lines: string[] = [];
  private size = 0;
  private records: AccessRecord[] = [];

  constructor(private readonly file: FileDestination) {
    gathering(this);
  }

  write(line: string): void {
    // Records logged before this line come before it.
    this.wordRecords();
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= BATCH_BYTES) this.writeLines();
  }

  record(access: AccessRecord): void {
    this.records.push(access);
    if (this.records.length >= BATCH_RECORDS) this.writeLines();
  }

  /** pino's logger.flush(cb) comes here: what is gathered is handed over, then written out. */
  flush(cb?: (err?: Error) => void): void {
    this.writeLines();
    this.file.flush(cb);
  }

  private wordRecords(): void {
    if (this.records.length === 0) return;
    let at = -1;
    let time = '';
    for (const r of this.records) {
      if (r.at !== at) {
        at = r.at;
        time = new Date(at).toISOString();
      }
      const line = accessLine(r, time);
      this.lines.push(line);
      this.size += line.length;
    }
    this.records = [];
  }

  /** Before the process exits, as pino does for its own destinations. */
  writeAllSync(): void {
    this.writeLines();
    try {
      this.file.flushSync();
    } catch {
      // not open, or already closed: nothing to write
    }
  }

  writeLines(): void {
    this.wordRecords();
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0] : this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.file.write(text);
  }
}

/** Each logger's destination, for access lines written without pino's generic serialiser (see logAccess). */
const destinations = new WeakMap<Logger, DestinationStream>();

export function createLogger(options: LoggerOptions = {}): Logger {
  const { destination = 1 } = options;
  const sync = options.sync ?? false;
  let stream: DestinationStream;
  if (typeof destination === 'object') stream = destination;
  else {
    // Written synchronously, as pino's default destination is: a batch gathered by LineBatch goes out
    // in one write, and an asynchronous write costs about four times the CPU (libuv's thread pool
    // takes it and wakes the event loop again when it is done).
    const file = pino.destination({ dest: destination, sync: true, mkdir: typeof destination === 'string' });
    stream = sync ? file : new LineBatch(file);
  }
  const logger = pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  destinations.set(logger, stream);
  return logger;
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

/**
 * Logs one answered request. Through the service's own destinations the line is put into words
 * with its batch (LineBatch); a stream given by the caller gets it at once.
 */
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
  const stream = destinations.get(logger);
  if (!stream) {
    logger.info(accessFields(tag, method, path, status, bytes, durationMs, finished));
    return;
  }
  if (!logger.isLevelEnabled('info')) return;
  const access: AccessRecord = { tag, method, path, status, bytes, durationMs, finished, at: Date.now() };
  if (stream instanceof LineBatch) stream.record(access);
  else stream.write(accessLine(access, new Date(access.at).toISOString()));
}

/**
 * The access-log line of one answered request. It is the line pino writes for these fields (level,
 * time, pid, then the fields), put together as text: pino's generic serialiser walks and escapes
 * every field, and on a cached answer that cost as much as the answer. Only `path` comes from the
 * caller unchecked, so only it is escaped; the request id is checked (request-tag.ts), the method
 * is an HTTP token, route, plan and cache are ours.
 */
function accessLine({ tag, method, path, status, bytes, durationMs, finished }: AccessRecord, time: string): string {
  const shown = path.length > 200 ? path.slice(0, 200) : path;
  return (
    `{"level":"info","time":"${time}","pid":${process.pid},"event":"request","request_id":"${tag.id}",` +
    `${method === undefined ? '' : `"method":"${method}",`}"route":"${tag.route}","path":${JSON.stringify(shown)},` +
    `"plan":${tag.plan === null ? 'null' : `"${tag.plan}"`},"status":${status},"bytes":${bytes},` +
    `"duration_ms":${Math.round(durationMs * 1000) / 1000},"cache":${tag.cache === null ? 'null' : `"${tag.cache}"`}` +
    `${finished ? '' : ',"aborted":true'}}\n`
  );
}

/** The access line's fields, for a logger made elsewhere (pino writes them). */
function accessFields(tag: RequestTag, method: string | undefined, path: string, status: number, bytes: number, durationMs: number, finished: boolean) {
  return {
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
  };
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
      // Each bulk file's size, and the seconds the bulk step took.
      bulk: summary.bulk ? Object.fromEntries(summary.bulk.files.map((f) => [f.name, f.bytes])) : null,
      bulk_seconds: summary.bulk ? Math.round(Object.values(summary.bulk.seconds).reduce((a, b) => a + b, 0) * 10) / 10 : null,
      seconds: Math.round(summary.seconds * 10) / 10,
    },
    summary.written ? `release ${summary.version} built` : `release ${summary.version} kept: figures unchanged`,
  );
}

/** A refresh round's one event line: what it checked, took and retained, and which sources failed why. */
export function logRefresh(logger: Logger, summary: RefreshSummary): void {
  // A failed source keeps its last good file, but an operator should hear of it.
  logger[summary.failed.length > 0 ? 'warn' : 'info'](
    {
      event: 'refresh',
      checked: summary.checked,
      changed: summary.changed,
      unchanged: summary.unchanged.length,
      failed: Object.fromEntries(summary.failed.map((f) => [f.id, f.reason])),
      release: summary.build?.written ? summary.build.version : null,
      seconds: Math.round(summary.seconds * 10) / 10,
      parse_peak_mb: summary.parsePeakMb,
    },
    summary.failed.length > 0 ? `refresh: ${summary.failed.length} sources failed` : 'refresh: every source checked',
  );
}
