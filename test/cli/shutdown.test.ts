/**
 * Graceful shutdown of the compiled service as a real process: SIGTERM arrives while callers keep
 * it busy; every request already sent is answered in full, then the process exits 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { PROJECT_ROOT } from '../helpers/paths';
import { privateDataDir, TEST_NOW } from '../helpers/server';

const dataDir = privateDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const KEY = 'shutdown-test-key';
const COUNTRIES = ['ES', 'FR', 'IT', 'DE', 'PT', 'GR', 'AT', 'NL', 'JP', 'HR', 'CY', 'MT'];

it('SIGTERM under load: no request in flight fails, the process exits 0', async () => {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', TOURISM_API_KEYS: `intel:${KEY}`, TOURISM_NOW: TEST_NOW, RATE_LIMITS: 'intel:1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => void child.kill('SIGKILL')); // a no-op once it has exited
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /"event":"listening","url":"([^"]+)"/.exec(output);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });

  // Eight callers, each sending its next request as soon as the last is answered; every target is
  // new to the service (an uncached answer, worked out while the others wait).
  let stopping = false;
  const sentBeforeSignal: Promise<{ status: number; ok: boolean; error?: string }>[] = [];
  let n = 0;
  let settled = 0;
  const caller = async () => {
    while (!stopping) {
      const country = COUNTRIES[n % COUNTRIES.length];
      const from = 2000 + Math.floor(n / COUNTRIES.length);
      n++;
      const answer = fetch(`${url}/v1/arrivals?country=${country}&from=${from}`, { headers: { 'X-API-Key': KEY } }).then(
        async (res) => {
          const body = await res.text();
          return { status: res.status, ok: res.status === 200 && JSON.parse(body).meta !== undefined };
        },
        (err: Error) => ({ status: 0, ok: false, error: `${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}` }),
      );
      sentBeforeSignal.push(answer);
      await answer;
      settled++;
    }
  };
  const callers = Array.from({ length: 8 }, caller);
  // Let the load build up, then signal while requests are being worked on.
  await new Promise((r) => setTimeout(r, 1500));
  stopping = true;
  child.kill('SIGTERM');
  const inFlightAtSignal = sentBeforeSignal.length - settled;
  await Promise.all(callers);
  const results = await Promise.all(sentBeforeSignal);
  const code = await exited;

  const failed = results.filter((r) => !r.ok);
  expect(failed).toEqual([]);
  expect(inFlightAtSignal).toBeGreaterThan(0);
  expect(code).toBe(0);
  expect(output).toMatch(/"event":"shutdown","signal":"SIGTERM"/);
  expect(output).toMatch(/"event":"closed"/);
  // One access line for each request answered.
  const accessLines = output.split('\n').filter((l) => l.includes('"event":"request"'));
  expect(accessLines.length).toBe(results.length);
  // New connections are refused once it has stopped.
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
}, 120_000);
