/** What the benchmarks share: servers started in their own processes (the release comes from ./release). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';

/**
 * Server scripts sit beside the benchmark being run (its entry script: this module may be bundled
 * into a shared chunk elsewhere). Run from the sources, a script goes through tsx; compiled, it is the .js.
 */
const SELF = process.argv[1] ?? fileURLToPath(import.meta.url);
const HERE = path.dirname(SELF);
const FROM_SOURCES = SELF.endsWith('.ts');

export interface ChildServer {
  url: string;
  pid: number;
  /** Stops the server; settles when its process has exited. */
  close: () => Promise<void>;
}

export interface ChildOptions {
  /** The line that says the server listens; its first group is the URL. */
  ready?: RegExp;
  env?: Record<string, string>;
}

/**
 * Starts a script of this folder (named without extension; `../cli` for the service itself) in its
 * own process and waits for its ready line, then only drains its output: a service's access log
 * keeps coming at the request rate, and holding or searching it would take the cores being measured.
 */
export async function childServer(script: string, args: string[], options: ChildOptions = {}): Promise<ChildServer> {
  const command = FROM_SOURCES ? ['--import', 'tsx', path.join(HERE, `${script}.ts`)] : [path.join(HERE, `${script}.js`)];
  // As deployed: NODE_ENV=production (graphql-js drops its development-only checks).
  const proc = spawn(process.execPath, [...command, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', ...options.env },
  });
  const ready = options.ready ?? /ready (\S+)/;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (!m) return;
      proc.stdout.off('data', onData);
      proc.stdout.resume();
      resolve(m[1]);
    };
    proc.stdout.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`benchmark server ${script} exited with ${code}: ${out}`)));
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    url,
    pid: proc.pid!,
    close: () => {
      proc.kill('SIGTERM');
      return exited;
    },
  };
}

/** Headers a bare server repeats: everything but what node:http sets per connection. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A bare node:http server (child.ts bare) sending `body` with the answer's headers, from `workers` cluster workers. */
export function bareServer(body: Uint8Array, headers: Iterable<[string, string]>, workers = 1): Promise<ChildServer> {
  return answerServer('bare', body, headers, String(workers));
}

/** The contract's floor (child.ts floor, floor.ts): the bare server plus what SPEC asks of every answer, for `key`. */
export function floorServer(body: Uint8Array, headers: Iterable<[string, string]>, key: string): Promise<ChildServer> {
  return answerServer('floor', body, headers, key);
}

async function answerServer(mode: 'bare' | 'floor', body: Uint8Array, headers: Iterable<[string, string]>, last: string): Promise<ChildServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tourism-${mode}-`));
  const file = path.join(dir, 'body');
  fs.writeFileSync(file, body);
  const sharedHeaders = Object.fromEntries([...headers].filter(([k]) => !PER_CONNECTION.has(k)));
  try {
    // It reads the body once, before it says it is ready.
    return await childServer('child', [mode, file, JSON.stringify(sharedHeaders), last]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A request autocannon repeats: its method, body and headers. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** How a rate comparison is run: turns of `seconds` each, `rounds` of them after an untimed warm-up turn (unless `warmUp` is false). */
export interface TurnOptions {
  seconds: number;
  rounds: number;
  warmUp: boolean;
}

/** The rate comparison's settings from the environment: BENCH_SECONDS (default `seconds`), BENCH_ROUNDS (default 3), BENCH_WARMUP=0 for none. */
export function turnOptions(seconds: number): TurnOptions {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? seconds),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    warmUp: process.env.BENCH_WARMUP !== '0',
  };
}

export interface RateComparison {
  /** Mean requests per second, ours and the bare server's. */
  ours: number;
  bare: number;
  /** The median of the turns' ratios (ours ÷ bare). */
  ratio: number;
  /** Failed or non-2xx requests on our side. */
  errors: number;
}

async function rate(url: string, request: LoadRequest, seconds: number): Promise<{ rps: number; errors: number }> {
  const result = await autocannon({ url, connections: 10, duration: seconds, ...request });
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
}

/**
 * Requests per second of `oursUrl` beside `bareUrl` (a bare server sending the same bytes), the same
 * request to both, 10 connections. Turns are taken in alternation, so a neighbour's load on the
 * machine falls on both alike, after an untimed turn of each, so both are measured warm (compiled
 * code, grown heap) rather than from a cold start; the ratio is the median of the turns', the rates
 * their means.
 */
export async function compareRates(oursUrl: string, bareUrl: string, request: LoadRequest, options: TurnOptions): Promise<RateComparison> {
  if (options.warmUp) {
    await rate(oursUrl, request, options.seconds);
    await rate(bareUrl, request, options.seconds);
  }
  const turns: number[] = [];
  const sum = { ours: 0, bare: 0, errors: 0 };
  for (let turn = 0; turn < options.rounds; turn++) {
    const a = await rate(oursUrl, request, options.seconds);
    const b = await rate(bareUrl, request, options.seconds);
    sum.ours += a.rps;
    sum.bare += b.rps;
    sum.errors += a.errors;
    turns.push(a.rps / b.rps);
  }
  turns.sort((x, y) => x - y);
  return { ours: sum.ours / options.rounds, bare: sum.bare / options.rounds, ratio: turns[Math.floor(turns.length / 2)], errors: sum.errors };
}
