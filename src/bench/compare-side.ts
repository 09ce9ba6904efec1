/**
 * One side of bench:compare: a built checkout of the project (its own dist/ and node_modules), run
 * only through its command line (`node DIR/dist/cli.js ingest|serve`), as an operator runs it, so
 * any two commits can be set side by side.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Side {
  name: 'baseline' | 'new';
  /** The checkout's root. */
  dir: string;
  /** Its data folder (a release of its own ingest). */
  dataDir: string;
}

/** The environment both sides run with. */
export interface RunEnv {
  /** TOURISM_NOW: "today" for the ingest and the answers. */
  now: string;
  /** Where each process's output is written (a file per process). */
  logDir: string;
}

function cli(side: Side): string {
  return path.join(side.dir, 'dist', 'cli.js');
}

/** Runs `cmd` to its end with its output in `logFile`; rejects on a non-zero exit. */
function run(args: string[], env: Record<string, string>, logFile: string): Promise<void> {
  const out = fs.openSync(logFile, 'w');
  const proc = spawn(process.execPath, args, { stdio: ['ignore', out, out], env: { ...process.env, NODE_ENV: 'production', ...env } });
  return new Promise((resolve, reject) => {
    proc.on('error', reject);
    proc.on('exit', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} exited with ${code}; its output is in ${logFile}`));
    });
  });
}

/** The served release file of a data folder (CURRENT names it), or null. */
export function releaseFile(dataDir: string): string | null {
  const current = path.join(dataDir, 'CURRENT');
  if (!fs.existsSync(current)) return null;
  const name = fs.readFileSync(current, 'utf8').trim();
  const file = path.join(dataDir, 'releases', name.endsWith('.db') ? name : `${name}.db`);
  return fs.existsSync(file) ? file : null;
}

/** Builds the side's release from `sources` with its own ingest (the parse cache off, so both parse every file); seconds taken. */
export async function ingest(side: Side, sources: string, env: RunEnv): Promise<number> {
  fs.mkdirSync(side.dataDir, { recursive: true });
  const started = performance.now();
  await run([cli(side), 'ingest', '--sources', sources], { DATA_DIR: side.dataDir, TOURISM_NOW: env.now, TOURISM_PARSE_CACHE: 'off' }, path.join(env.logDir, `${side.name}-ingest.log`));
  return (performance.now() - started) / 1000;
}

export interface Served {
  url: string;
  pid: number;
  /** Seconds from the process's start to /readyz 200. */
  readySeconds: number;
  /** Seconds from the process's start to /readyz saying the release's figures are ready (`warmed`, or no such field). */
  warmSeconds: number;
  close: () => Promise<void>;
}

export interface ServeOptions {
  keys: string;
  rates: string;
  /** ANSWER_CACHE_MB; absent: the side's default. */
  cacheMb?: string;
  /** The output file's name, in the log folder. */
  logName: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** /readyz's answer now: null while the process does not answer. */
async function readiness(url: string): Promise<{ status: number; warmed: boolean } | null> {
  try {
    const res = await fetch(`${url}/readyz`);
    const body = (await res.json().catch(() => ({}))) as { warmed?: boolean };
    return { status: res.status, warmed: body.warmed !== false };
  } catch {
    return null;
  }
}

/** The same base URL on both sides, so links in answers are the same bytes whatever port each listens on. */
export const PUBLIC_BASE_URL = 'http://127.0.0.1:8080';

/** Starts the side's service (one process, no refresh schedule) and waits until its figures are ready. */
export async function serve(side: Side, env: RunEnv, options: ServeOptions): Promise<Served> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = fs.openSync(path.join(env.logDir, options.logName), 'w');
  const started = performance.now();
  const proc = spawn(process.execPath, [cli(side), 'serve'], {
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: side.dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL,
      TOURISM_NOW: env.now,
      TOURISM_API_KEYS: options.keys,
      RATE_LIMITS: options.rates,
      WORKERS: '1',
      REFRESH_SCHEDULE: 'off',
      ...(options.cacheMb === undefined ? {} : { ANSWER_CACHE_MB: options.cacheMb }),
    },
  });
  fs.closeSync(out);
  let exited: number | null | undefined;
  const gone = new Promise<void>((resolve) =>
    proc.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  let readySeconds: number | null = null;
  for (;;) {
    if (exited !== undefined) throw new Error(`${side.name}: the service exited with ${exited}; its output is in ${path.join(env.logDir, options.logName)}`);
    const state = await readiness(url);
    const at = (performance.now() - started) / 1000;
    if (state?.status === 200) {
      readySeconds ??= at;
      if (state.warmed) {
        return {
          url,
          pid: proc.pid!,
          readySeconds,
          warmSeconds: at,
          close: () => {
            proc.kill('SIGTERM');
            return gone;
          },
        };
      }
    }
    if (at > 300) {
      proc.kill('SIGKILL');
      throw new Error(`${side.name}: not ready after 300 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
