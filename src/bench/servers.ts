/** What the benchmarks share: servers started in their own processes (the release comes from ./release). */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
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
  close: () => void;
}

/** Starts a script of this folder (named without extension) in its own process and waits for the "ready <url>" it prints. */
export async function childServer(script: string, args: string[]): Promise<ChildServer> {
  const command = FROM_SOURCES ? ['--import', 'tsx', path.join(HERE, `${script}.ts`)] : [path.join(HERE, `${script}.js`)];
  // As deployed: NODE_ENV=production (graphql-js drops its development-only checks).
  const proc = spawn(process.execPath, [...command, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      const m = /ready (\S+)/.exec(chunk.toString());
      if (m) resolve(m[1]);
    });
    proc.on('exit', (code) => reject(new Error(`benchmark server ${script} exited with ${code}`)));
  });
  return { url, pid: proc.pid!, close: () => proc.kill() };
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
