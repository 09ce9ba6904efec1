/** The README's first command on an empty data folder: the compiled service builds its data, then serves it. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';

it('`serve --sources DIR` builds a release when none exists, then answers', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-first-start-'));
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'serve', '--sources', SOURCES_DIR], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', TOURISM_API_KEYS: 'free:first-start-key' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Also when the test times out, so no server outlives the run.
  onTestFinished(() => void child.kill('SIGKILL'));
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const m = /Serving on (\S+)/.exec(output);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    });
    expect(output).toMatch(/No data release yet: building one first/);
    expect(output).toMatch(/Release \S+ served: \d+ series/);
    const res = await fetch(`${url}/v1/status`, { headers: { 'X-API-Key': 'first-start-key' } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.ok).toBe(true);
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // A full ingest runs first: on a busy machine that alone can take most of a minute.
}, 180_000);
