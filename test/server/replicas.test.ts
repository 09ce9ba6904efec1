/**
 * Many machines, on loopback: Redis, PostgreSQL, three replicas (`serve` with REDIS_URL, DATABASE_URL
 * and RELEASE_FROM) and Debian's nginx as the load balancer, all on ports picked at run time.
 *   - a key's limit holds across the replicas (exactly the plan's limit of 200s, the rest 429);
 *   - a key revoked on one replica is refused by all at their next reads of the key store;
 *   - a published release is served by all, with no failed request at nginx meanwhile;
 *   - a replica killed under load costs no failed request at nginx, and rejoins when restarted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shareRelease } from '../../src/db/release-share';
import { publishRelease, releasesDir } from '../../src/db/release-store';
import { createDatabase, freePort, redisPrefix, REDIS_PORT } from '../helpers/engines';
import { stampedRelease } from '../helpers/releases';
import { runCli, startServe, waitUntil, type ServeProcess } from '../helpers/serve-process';
import { TEST_NOW } from '../helpers/server';
import { systemProgram } from '../helpers/system';

const LIMIT = 30;
const INTEL_KEY = 'replicas-intel';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-replicas-'));
const shared = path.join(work, 'shared');

let db: Awaited<ReturnType<typeof createDatabase>>;
let redis: Awaited<ReturnType<typeof redisPrefix>>;
let nginx: ChildProcess;
let lb: string;
const replicas: { port: number; dataDir: string; app: ServeProcess }[] = [];
let env: Record<string, string>;

function nginxConfig(port: number, upstreams: number[]): string {
  const tmp = path.join(work, 'nginx-tmp');
  fs.mkdirSync(tmp, { recursive: true });
  return `
user root;
worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  upstream replicas {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # The release store, published by the ingest machine, read by every replica (RELEASE_FROM).
    location /_releases/ { alias ${shared}/; }
    location / {
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # A replica that fails or dies: the request goes to the next one (GET is idempotent).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 1s;
    }
  }
}
`;
}

const get = (base: string, p: string, key: string) => fetch(`${base}${p}`, { headers: { 'X-API-Key': key } });
/** The process that answered: request ids start with a prefix drawn once per process. */
const processOf = (res: Response) => (res.headers.get('x-request-id') ?? '').slice(0, 12);

function startReplica(r: { port: number; dataDir: string }): Promise<ServeProcess> {
  return startServe({ ...env, DATA_DIR: r.dataDir, PORT: String(r.port) }, 180_000);
}

/** Requests through nginx from `concurrency` loops until stopped; counts answers that are not 200. */
function load(concurrency = 6) {
  let running = true;
  const seen = new Map<string, number>();
  let ok = 0;
  const failed: string[] = [];
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      try {
        const res = await get(lb, '/v1/regions', INTEL_KEY);
        if (res.status === 200) {
          await res.arrayBuffer();
          ok++;
        }
        else failed.push(`${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
        seen.set(processOf(res), (seen.get(processOf(res)) ?? 0) + 1);
      } catch (err) {
        failed.push(String(err));
      }
    }
  });
  return {
    seen,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { ok, failed };
    },
  };
}

beforeAll(async () => {
  db = await createDatabase('tourism_scaleout_test');
  redis = await redisPrefix('tourism-scaleout-test');
  // The ingest machine publishes the test release once; replicas take it over HTTP from nginx.
  await shareRelease(inject('dataDir'), shared);
  const [lbPort, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(lbPort, ports));
  nginx = spawn(await systemProgram('/usr/sbin/nginx', 'nginx'), ['-c', conf, '-p', work, '-e', path.join(work, 'nginx-error.log')], { stdio: 'inherit' });
  // A spawn failure after the check (a broken install) fails the wait below, not the run.
  nginx.on('error', (err) => console.error(`nginx: ${err.message}`));
  lb = `http://127.0.0.1:${lbPort}`;
  await waitUntil('nginx', async () => (await fetch(`${lb}/_releases/release.json`)).ok, 20_000);
  env = {
    WORKERS: '1',
    TOURISM_NOW: TEST_NOW,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    REDIS_PREFIX: redis.prefix,
    DATABASE_URL: db.url,
    RELEASE_FROM: `${lb}/_releases/`,
    RATE_LIMITS: `free:${LIMIT},developer:100000,analyst:100000,intel:100000`,
    TOURISM_API_KEYS: `intel:${INTEL_KEY}`,
  };
  for (const port of ports) replicas.push({ port, dataDir: path.join(work, `replica-${port}`), app: undefined as unknown as ServeProcess });
  // The first replica migrates and seeds; the others start beside each other.
  replicas[0].app = await startReplica(replicas[0]);
  await Promise.all(replicas.slice(1).map(async (r) => (r.app = await startReplica(r))));
}, 400_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.app?.stop()));
  nginx?.kill('SIGTERM');
  await redis?.clear();
  await db?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('three replicas behind nginx', () => {
  it('serve through nginx, each from its own copy of the published release', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(lb, '/v1/regions', INTEL_KEY)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const r of replicas) expect(fs.readdirSync(releasesDir(r.dataDir)).filter((f) => f.endsWith('.db'))).toHaveLength(1);
  });

  it("hold a key's limit across replicas: exactly the plan's limit of 200s, the rest 429", async () => {
    const created = await runCli(['keys', 'create', 'free', 'limit test'], { ...env, DATA_DIR: replicas[0].dataDir });
    const key = created.trim().split('\n').pop()!;
    // A route above the free plan answers 403 once a replica knows the key, without counting a request.
    await waitUntil('every replica knows the new key', async () => {
      const answers = await Promise.all(replicas.map((r) => get(`http://127.0.0.1:${r.port}`, '/v1/stats/origin-shift', key)));
      return answers.every((a) => a.status === 403);
    }, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) => get(`http://127.0.0.1:${replicas[i % 3].port}`, '/v1/regions', key)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    console.log(`limit across replicas: ${ok.length} × 200, ${refused.length} × 429 of ${answers.length} requests (free plan limit ${LIMIT}/min)`);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(2 * LIMIT);
    expect(new Set(answers.map(processOf)).size).toBe(3);
    expect(ok.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    for (const r of refused) {
      expect(r.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(r.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await r.json()).error.code).toBe('rate_limited');
    }
  });

  it('refuse a key revoked on one replica, on all of them at their next reads of the key store', async () => {
    const created = await runCli(['keys', 'create', 'intel', 'revocation test'], { ...env, DATA_DIR: replicas[0].dataDir });
    const key = created.trim().split('\n').pop()!;
    const id = /Created (key_\w+)/.exec(created)![1];
    const all = async (status: number) =>
      (await Promise.all(replicas.map((r) => get(`http://127.0.0.1:${r.port}`, '/v1/regions', key)))).every((a) => a.status === status);
    await waitUntil('every replica knows the new key', () => all(200), 10_000);
    await runCli(['keys', 'revoke', id], { ...env, DATA_DIR: replicas[1].dataDir });
    // The key store is read every second; a few seconds leave room for a busy machine.
    const took = await waitUntil('every replica refuses the revoked key', () => all(401), 5_000);
    expect(await all(401)).toBe(true);
    console.log(`revocation: refused by all three replicas ${took} ms after the CLI finished`);
  });

  it('serve a newly published release, all of them, with no failed request meanwhile', async () => {
    const stamp = '2026-04-01T06:00:00.000Z';
    const publisher = path.join(work, 'publisher');
    publishRelease(publisher, stampedRelease(releasesDir(publisher), stamp));
    const traffic = load();
    await new Promise((r) => setTimeout(r, 500));
    await runCli(['publish', shared], { ...env, DATA_DIR: publisher });
    const took = await waitUntil(
      'every replica serves the new release',
      async () => {
        const metas = await Promise.all(replicas.map(async (r) => (await (await get(`http://127.0.0.1:${r.port}`, '/v1/regions', INTEL_KEY)).json()).meta));
        return metas.every((m) => m.data_as_of === stamp);
      },
      90_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    const { ok, failed } = await traffic.stop();
    console.log(`release switch: all replicas on the new release ${took} ms after publishing; ${ok} answered 200 through nginx, ${failed.length} failed`);
    expect([...new Set(failed)].slice(0, 5)).toEqual([]);
    expect(ok).toBeGreaterThan(0);
  }, 180_000);

  it('lose no request when a replica is killed under load, and take it back when restarted', async () => {
    const victim = replicas[2];
    const traffic = load();
    await new Promise((r) => setTimeout(r, 1000));
    await victim.app.kill();
    await new Promise((r) => setTimeout(r, 2000));
    victim.app = await startReplica(victim);
    const restarted = processOf(await get(`http://127.0.0.1:${victim.port}`, '/v1/regions', INTEL_KEY));
    const took = await waitUntil('nginx sends requests to the restarted replica again', async () => (traffic.seen.get(restarted) ?? 0) > 0, 30_000);
    const { ok, failed } = await traffic.stop();
    console.log(`replica killed under load: ${ok} answered 200 through nginx, ${failed.length} failed; restarted replica served again after ${took} ms`);
    expect([...new Set(failed)].slice(0, 5)).toEqual([]);
  }, 240_000);
});
