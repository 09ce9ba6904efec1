/**
 * Parsing publishers' files in a process of its own (dist/ingest-worker.js): the shape checks and
 * the build of a refresh or an ingest run there, with a cap on the V8 heap (--max-old-space-size),
 * a watch on the process's resident memory (the heap cap does not cover buffers) and a deadline. A
 * file that makes a reader abort (a V8 fatal error no `try` catches), run out of memory or run past
 * the deadline ends that process, not the round: the round records the failure, naming the file
 * being read and the cause, and goes on with the other sources.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import type { BuildOptions, BuildSummary } from './build';
import type { ShapeProblem } from './source-shape';

export interface ParseLimits {
  /** The most resident memory the parsing process may use (TOURISM_PARSE_MEMORY_MB); its heap is capped at three quarters of it. */
  memoryMb: number;
  /** The longest one parsing process may run (TOURISM_PARSE_DEADLINE_SECONDS). */
  deadlineMs: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { memoryMb: 1024, deadlineMs: 600_000 };

/** What the parent asks of the parsing process. */
export type ParseTask =
  | { kind: 'check'; sourcesDir: string; groups: { id: string; files: string[] }[] }
  | { kind: 'build'; options: Omit<BuildOptions, 'log' | 'detail'> };

/** What the parsing process tells the parent as it goes. */
export type ParseMessage =
  | { kind: 'log'; line: string; detail: boolean }
  | { kind: 'reading'; file: string }
  | { kind: 'checked'; id: string; problems: ShapeProblem[] }
  | { kind: 'done'; value: unknown; peakMb: number }
  | { kind: 'error'; message: string; peakMb: number };

/** The parsing process ended without an answer: why, and the file it was reading. */
export class ParseCrashed extends Error {
  constructor(
    readonly why: string,
    readonly file: string | null,
    readonly peakMb: number,
  ) {
    super(file ? `${file}: the parsing process ${why} while reading it` : `the parsing process ${why}`);
    this.name = 'ParseCrashed';
  }
}

export interface ParseRun<T> {
  value: T;
  /** The parsing process's peak resident memory, in MB. */
  peakMb: number;
}

function workerPath(): string {
  const file = path.join(PROJECT_ROOT, 'dist', 'ingest-worker.js');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return file;
}

/** A process's resident memory in MB from /proc (Linux); null where there is none. */
function residentMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Why the process ended, from what it wrote on stderr before it did (V8's fatal errors say what). */
function causeOf(stderr: string, code: number | null, signal: NodeJS.Signals | null): string {
  if (/heap out of memory|Reached heap limit|allocation failed/i.test(stderr)) return 'ran out of memory';
  const fatal = /Fatal JavaScript ([^\n]+)|FATAL ERROR: ([^\n]+)/.exec(stderr);
  if (fatal) return `aborted (${(fatal[1] ?? fatal[2]).trim().slice(0, 120)})`;
  return signal ? `ended by ${signal}` : `ended with exit code ${code}`;
}

/**
 * Runs one task in a parsing process within the limits; `onMessage` hears its progress. Resolves
 * with the task's answer; rejects with ParseCrashed when the process died, was stopped at a limit
 * or at `deadlineReason`'s deadline, or with the task's own error.
 */
export function runIsolated<T>(task: ParseTask, limits: ParseLimits, onMessage: (m: ParseMessage) => void = () => {}, deadlineReason?: string): Promise<ParseRun<T>> {
  return new Promise((resolve, reject) => {
    const heapMb = Math.max(64, Math.floor((limits.memoryMb * 3) / 4));
    const child = fork(workerPath(), [], {
      execArgv: [`--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    let reading: string | null = null;
    let answered = false;
    let stopped: string | null = null;
    let peakMb = 0;
    const stop = (why: string) => {
      if (stopped || answered) return;
      stopped = why;
      child.kill('SIGKILL');
    };
    const watch = setInterval(() => {
      const mb = residentMb(child.pid ?? 0);
      if (mb === null) return;
      peakMb = Math.max(peakMb, mb);
      if (mb > limits.memoryMb) stop(`passed its memory cap of ${limits.memoryMb} MB`);
    }, 50);
    const deadline = setTimeout(() => stop(deadlineReason ?? `did not finish within its deadline of ${Math.round(limits.deadlineMs / 1000)} s`), limits.deadlineMs);
    const finish = () => {
      clearInterval(watch);
      clearTimeout(deadline);
    };
    child.on('message', (m: ParseMessage) => {
      if (m.kind === 'reading') reading = m.file;
      if (m.kind === 'done' || m.kind === 'error') {
        answered = true;
        peakMb = Math.max(peakMb, m.peakMb);
        finish();
        if (m.kind === 'done') resolve({ value: m.value as T, peakMb });
        else reject(new Error(m.message));
        child.disconnect();
        return;
      }
      onMessage(m);
    });
    child.on('error', (err) => {
      finish();
      if (!answered) reject(new ParseCrashed(`could not run: ${err.message}`, reading, peakMb));
    });
    child.on('exit', (code, signal) => {
      finish();
      if (!answered) reject(new ParseCrashed(stopped ?? causeOf(stderr, code, signal), reading, peakMb));
    });
    child.send(task);
  });
}

/** buildRelease in a parsing process, its lines on `log` and `detail`. */
export async function buildIsolated(
  options: BuildOptions,
  limits: ParseLimits,
  deadlineReason?: string,
): Promise<ParseRun<BuildSummary>> {
  const { log = () => {}, detail = log, ...rest } = options;
  return runIsolated<BuildSummary>({ kind: 'build', options: rest }, limits, (m) => {
    if (m.kind === 'log') (m.detail ? detail : log)(m.line);
  }, deadlineReason);
}
