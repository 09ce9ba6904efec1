/**
 * WORKERS=2 on one machine (node:cluster, one port): a key's limit is counted once across the
 * workers, a revoked key is refused by all of them at their next reads of the key store, a new release is served
 * by all of them together, and its webhook event is sent once, by the primary.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRelease, releasesDir } from '../../src/db/release-store';
import { copiedDataDir, logRelease, stampedRelease } from '../helpers/releases';
import { runCli, startServe, waitUntil, type ServeProcess } from '../helpers/serve-process';
import { TEST_NOW } from '../helpers/server';

const LIMIT = 20;
/** Far above EXACT_BELOW: workers spend leased tokens until a few hundred are left. */
const LEASED_LIMIT = 1000;
let dataDir: string;
let app: ServeProcess;

beforeAll(async () => {
  dataDir = copiedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-workers-')));
  app = await startServe({
    DATA_DIR: dataDir,
    PORT: '0',
    WORKERS: '2',
    TOURISM_NOW: TEST_NOW,
    TOURISM_API_KEYS: 'free:workers-free,developer:workers-developer,intel:workers-intel',
    RATE_LIMITS: `free:${LIMIT},developer:${LEASED_LIMIT},intel:100000`,
    // The webhook receiver below is on loopback.
    TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1',
  });
});

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The process that answered: request ids start with a prefix drawn once per process. */
const processOf = (res: Response) => (res.headers.get('x-request-id') ?? '').slice(0, 12);

/**
 * Each request on a connection of its own: the primary hands connections to the workers in turn,
 * and fetch's kept-alive connections could all have gone to one worker on a loaded machine.
 */
const get = (p: string, key: string) =>
  new Promise<Response>((resolve, reject) => {
    const req = http.get(`${app.url}${p}`, { agent: false, headers: { 'X-API-Key': key } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
      });
    });
    req.on('error', (err) => reject(new Error(`${p}: ${err.message}\n${app.output()}`)));
  });

describe('WORKERS=2', () => {
  it('answers from both workers on one port', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get('/v1/regions', 'workers-intel')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(answers.map(processOf)).size).toBe(2);
  });

  it("counts a key's limit once across the workers", async () => {
    const answers = await Promise.all(Array.from({ length: 2 * LIMIT }, () => get('/v1/regions', 'workers-free')));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(LIMIT);
    // Both workers counted: which of them happens to answer the first LIMIT is up to the scheduler.
    expect(new Set(answers.map(processOf)).size).toBe(2);
    for (const r of refused) {
      expect(r.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(r.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(ok.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });

  it("never lets a key past its limit while workers spend leased tokens, and gives back what they did not spend", async () => {
    const status = async (n: number) => {
      const codes: number[] = [];
      for (let i = 0; i < n; i += 20) {
        const answers = await Promise.all(Array.from({ length: Math.min(20, n - i) }, () => get('/v1/regions', 'workers-developer')));
        codes.push(...answers.map((r) => r.status));
      }
      return codes;
    };
    const first = await status(LEASED_LIMIT + 100);
    expect(first.filter((c) => c === 200).length).toBeLessThanOrEqual(LEASED_LIMIT);
    // Unspent leases go back within a quarter of a second; then the key gets exactly the rest of its limit.
    await new Promise((r) => setTimeout(r, 600));
    const second = await status(100);
    expect(first.concat(second).filter((c) => c === 200).length).toBe(LEASED_LIMIT);
    expect(second.at(-1)).toBe(429);
  });

  it('refuses a key revoked by the CLI on every worker at their next reads of the key store', async () => {
    const created = await runCli(['keys', 'create', 'intel'], { DATA_DIR: dataDir });
    const key = created.trim().split('\n').pop()!;
    const id = /Created (key_\w+)/.exec(created)![1];
    let answers = await Promise.all(Array.from({ length: 10 }, () => get('/v1/regions', key)));
    // A new key is seen at the next reads too.
    for (let i = 0; i < 50 && !answers.every((r) => r.status === 200); i++) {
      await new Promise((r) => setTimeout(r, 100));
      answers = await Promise.all(Array.from({ length: 10 }, () => get('/v1/regions', key)));
    }
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await runCli(['keys', 'revoke', id], { DATA_DIR: dataDir });
    // The key store is read every second; a few seconds leave room for a busy machine.
    await waitUntil('every worker refuses the revoked key', async () => {
      answers = await Promise.all(Array.from({ length: 10 }, () => get('/v1/regions', key)));
      return answers.every((r) => r.status === 401);
    }, 5_000);
  });

  it('switches every worker to a new release together', async () => {
    const before = (await (await get('/v1/regions', 'workers-intel')).json()).meta.data_as_of;
    const stamp = '2026-03-01T06:00:00.000Z';
    expect(before).not.toBe(stamp);
    publishRelease(dataDir, stampedRelease(releasesDir(dataDir), stamp));
    const switchedAt = Date.now();
    for (;;) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => get('/v1/regions', 'workers-intel')));
      const failed = answers.filter((r) => r.status !== 200);
      expect(failed.length, `${await failed[0]?.text()}\n${app.output()}`).toBe(0);
      const served = new Set(await Promise.all(answers.map(async (r) => (await r.json()).meta.data_as_of)));
      if (served.size === 1 && served.has(stamp)) break;
      // Each worker opens the new file and works out its per-release figures: seconds on a busy machine.
      expect(Date.now() - switchedAt).toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('sends the webhook event of a new release once, from the primary', async () => {
    const bodies: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => (bodies.push(body), res.writeHead(204).end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      await runCli(['webhooks', 'add', `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`], { DATA_DIR: dataDir, TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' });
      const file = stampedRelease(releasesDir(dataDir), '2026-04-02T06:00:00.000Z');
      const version = logRelease(file, '2026-04-02T06:00:00.000Z', ['mt.nights.total.m']);
      publishRelease(dataDir, file);
      await waitUntil('the event', async () => bodies.length > 0, 30_000);
      // Time enough for any worker that would also send it.
      await new Promise((r) => setTimeout(r, 2000));
      expect(bodies).toHaveLength(1);
      expect(JSON.parse(bodies[0])).toMatchObject({ type: 'release.published', release: version, countries: ['MT'] });
      const lines = app.output().split('\n').filter((l) => l.includes('"webhook_delivery"')).map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.pid, l.outcome])).toEqual([[app.proc.pid, 'delivered']]);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});
