/**
 * What the refresh knows of each source between rounds, in DATA_DIR/sources.json: the validators
 * for the next conditional GET, the checksum and files of the stored copy, when it was last checked
 * and last changed, and how the last check ended. Written whole to a temporary name and renamed,
 * so a reader (the /v1/status resolver) never sees half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../../db/atomic-file';

export type CheckOutcome = 'ok' | 'unchanged' | 'failed';

export interface SourceState {
  /** The address the stored copy came from (for a source found on a page, the file found there). */
  url: string | null;
  etag: string | null;
  lastModified: string | null;
  /** SHA-256 over the files present (their paths and bytes): an unchanged body is not parsed again. */
  checksum: string | null;
  /** The files of the sources layout the stored copy wrote. */
  files: string[];
  lastChecked: string | null;
  lastChanged: string | null;
  /** ok: a new file was taken; unchanged: the publisher's file is the one stored; failed: see reason. */
  state: CheckOutcome | null;
  reason: string | null;
  /** The checksum of files that failed to parse: the same bytes are not parsed again, they fail with `reason`. */
  failedChecksum: string | null;
}

export interface RoundRecord {
  started: string;
  finished: string;
  changed: number;
  failed: number;
  /** The release the round switched to; null when it retained the served one. */
  release: string | null;
  seconds: number;
}

export interface SourceStates {
  round: RoundRecord | null;
  sources: Record<string, SourceState>;
}

export const STATE_FILE = 'sources.json';

export function statePath(dataDir: string): string {
  return path.join(dataDir, STATE_FILE);
}

export function emptyState(): SourceState {
  return { url: null, etag: null, lastModified: null, checksum: null, files: [], lastChecked: null, lastChanged: null, state: null, reason: null, failedChecksum: null };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const outcome = (v: unknown): CheckOutcome | null => (v === 'ok' || v === 'unchanged' || v === 'failed' ? v : null);

/** One source's state from the file's JSON, each member checked (a hand-edited file cannot break a reader). */
function sourceStateOf(raw: unknown): SourceState {
  const r = isRecord(raw) ? raw : {};
  return {
    url: text(r.url),
    etag: text(r.etag),
    lastModified: text(r.lastModified),
    checksum: text(r.checksum),
    files: Array.isArray(r.files) ? r.files.filter((f): f is string => typeof f === 'string') : [],
    lastChecked: text(r.lastChecked),
    lastChanged: text(r.lastChanged),
    state: outcome(r.state),
    reason: text(r.reason),
    failedChecksum: text(r.failedChecksum),
  };
}

function roundOf(raw: unknown): RoundRecord | null {
  if (!isRecord(raw)) return null;
  const r = raw;
  const started = text(r.started);
  const finished = text(r.finished);
  if (!started || !finished) return null;
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { started, finished, changed: count(r.changed), failed: count(r.failed), release: text(r.release), seconds: count(r.seconds) };
}

/** The states stored in DATA_DIR; empty when no refresh has run there (or the file is unreadable). */
export function readStates(dataDir: string): SourceStates {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(statePath(dataDir), 'utf8'));
  } catch {
    return { round: null, sources: {} };
  }
  const r = isRecord(raw) ? raw : {};
  const sources = isRecord(r.sources) ? r.sources : {};
  return { round: roundOf(r.round), sources: Object.fromEntries(Object.entries(sources).map(([id, s]) => [id, sourceStateOf(s)])) };
}

export function writeStates(dataDir: string, states: SourceStates): void {
  writeFileAtomically(statePath(dataDir), `${JSON.stringify(states, null, 2)}\n`);
}

/** Changes whenever the file is rewritten: what an answer built from it is retained and validated by. */
export function statesVersion(dataDir: string): string {
  try {
    const s = fs.statSync(statePath(dataDir));
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'none';
  }
}
