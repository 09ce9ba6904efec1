/** The service as its operators run it: the compiled `dist/cli.js serve` in its own process, with its own environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';

export interface ServeProcess {
  url: string;
  proc: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL (a crash), then waits for the exit. */
  kill: () => Promise<void>;
}

export async function startServe(env: Record<string, string>, timeoutMs = 120_000): Promise<ServeProcess> {
  const proc = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'serve'], {
    env: { ...process.env, WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    proc.stdout!.on('data', () => {
      const m = /Serving on (\S+)/.exec(output);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
    proc.once('exit', (code) => (clearTimeout(timer), reject(new Error(`serve exited with ${code}:\n${output}`))));
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(sig);
    await exited;
  };
  return { url, proc, output: () => output, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}

/** Runs the CLI to the end (keys, publish); rejects with its output when it fails. */
export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
    proc.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`cli ${args.join(' ')} exited with ${code}: ${output}`))));
  });
}

/** Polls until `ok` holds; returns the milliseconds it took, or throws after `timeoutMs`. */
export async function waitUntil(what: string, ok: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await ok().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the service at `url` says (/readyz) that it serves a release. */
export function waitReady(url: string, timeoutMs = 120_000): Promise<number> {
  return waitUntil('the release open', async () => ((await (await fetch(`${url}/readyz`)).json()) as { status?: string }).status === 'ready', timeoutMs);
}
