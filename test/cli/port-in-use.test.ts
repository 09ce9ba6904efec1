/** A second server on a port already taken says so in one line and exits non-zero, with one process or a cluster. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/paths';
import { privateDataDir } from '../helpers/server';

let taken: net.Server;
let port: number;
beforeAll(async () => {
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

/** Runs `serve` to its exit; resolves with the exit code and what it wrote to each stream. */
function serveOnTakenPort(workers: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = privateDataDir();
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), WORKERS: String(workers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('serve on a port in use', () => {
  for (const workers of [1, 2]) {
    it(`prints one line naming the port and exits 1 (WORKERS=${workers})`, async () => {
      const { code, stdout, stderr } = await serveOnTakenPort(workers);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Error: port ${port} is already in use: `));
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }
});
