/**
 * A replica when Redis or PostgreSQL goes away: each engine is reached through a relay that the
 * test cuts (every connection dropped, nothing listening) and restores, as docs/operating.md "Scaling out" says.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, PG_PORT, redisPrefix, REDIS_PORT, Relay } from '../helpers/engines';
import { copiedDataDir } from '../helpers/releases';
import { runCli, startServe, waitUntil, type ServeProcess } from '../helpers/serve-process';
import { TEST_NOW } from '../helpers/server';

const LIMIT = 5;
let db: Awaited<ReturnType<typeof createDatabase>>;
let redis: Awaited<ReturnType<typeof redisPrefix>>;
let redisRelay: Relay;
let pgRelay: Relay;
let dataDir: string;
let env: Record<string, string>;
let app: ServeProcess;

beforeAll(async () => {
  db = await createDatabase('tourism_scaleout_down');
  redis = await redisPrefix('tourism-scaleout-down');
  redisRelay = await Relay.start(REDIS_PORT);
  pgRelay = await Relay.start(PG_PORT);
  dataDir = copiedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-down-')));
  env = {
    DATA_DIR: dataDir,
    PORT: '0',
    WORKERS: '1',
    TOURISM_NOW: TEST_NOW,
    REDIS_URL: `redis://127.0.0.1:${redisRelay.port}`,
    REDIS_PREFIX: redis.prefix,
    DATABASE_URL: db.url.replace(`:${PG_PORT}/`, `:${pgRelay.port}/`),
    RATE_LIMITS: `free:${LIMIT},developer:100000,analyst:100000,intel:100000`,
    TOURISM_API_KEYS: 'intel:down-intel',
  };
  app = await startServe(env);
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await redisRelay?.down();
  await pgRelay?.down();
  await redis?.clear();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (p: string, key: string) => fetch(`${app.url}${p}`, { headers: { 'X-API-Key': key } });

async function newKey(plan: string): Promise<{ key: string; id: string }> {
  const created = await runCli(['keys', 'create', plan], env);
  const key = created.trim().split('\n').pop()!;
  // The intel-only route answers 403 to a lower plan once the replica knows the key, without counting a request.
  await waitUntil('the replica knows the new key', async () => (await get('/v1/stats/origin-shift', key)).status !== 401, 10_000);
  return { key, id: /Created (key_\w+)/.exec(created)![1] };
}

async function rateKeysInRedis(id: string): Promise<number> {
  const client = new Redis(REDIS_PORT, '127.0.0.1');
  try {
    return (await client.keys(`${redis.prefix}rate:*${id}`)).length;
  } finally {
    client.disconnect();
  }
}

describe('Redis down', () => {
  it('answers every request, counts limits in the process, and goes back to Redis when it returns', async () => {
    const before = await newKey('free');
    expect((await get('/v1/regions', before.key)).status).toBe(200);
    expect(await rateKeysInRedis(before.id)).toBe(1);

    await redisRelay.down();
    const free = await newKey('free');
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => get('/v1/regions', free.key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    for (const a of answers) expect(a.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(await rateKeysInRedis(free.id)).toBe(0);
    expect((await get('/v1/regions', 'down-intel')).status).toBe(200);

    await redisRelay.up();
    const after = await newKey('free');
    await waitUntil('counting in Redis again', async () => (await get('/v1/regions', after.key)).status === 200 && (await rateKeysInRedis(after.id)) === 1, 15_000);
  });

  it('refuses a revoked key within about a second through PostgreSQL (the CLI says it could not announce)', async () => {
    const { key, id } = await newKey('intel');
    await redisRelay.down();
    try {
      const out = await runCli(['keys', 'revoke', id], env);
      expect(out).toMatch(/Not announced on Redis/);
      const took = await waitUntil('the revoked key is refused', async () => (await get('/v1/regions', key)).status === 401, 2000);
      console.log(`Redis down: revoked key refused ${took} ms after the CLI finished`);
    } finally {
      await redisRelay.up();
    }
  });
});

describe('PostgreSQL down', () => {
  it('keeps answering known keys, refuses key changes clearly, and writes the usage counted meanwhile when back', async () => {
    const { key, id } = await newKey('analyst');
    await new Promise((r) => setTimeout(r, 2500)); // the key's first request is written
    const counted = async () => ((await runCli(['keys', 'list'], env)).split('\n').find((l) => l.startsWith(id)) ?? '').match(/(\d+) requests today/)?.[1];
    const start = Number(await counted());

    await pgRelay.down();
    for (let i = 0; i < 4; i++) expect((await get('/v1/regions', key)).status).toBe(200);
    expect((await get('/v1/regions', 'down-intel')).status).toBe(200);
    expect((await get('/v1/regions', 'never-issued')).status).toBe(401);
    await expect(runCli(['keys', 'create', 'free'], env)).rejects.toThrow(/exited with 1[\s\S]*PostgreSQL/);
    await new Promise((r) => setTimeout(r, 2500)); // a usage write fails and is kept

    await pgRelay.up();
    await waitUntil('the usage counted during the outage is written', async () => Number(await counted()) === start + 4, 20_000);
  });

  it('stops a replica that starts while PostgreSQL is down, with an error saying so', async () => {
    await pgRelay.down();
    try {
      await expect(startServe({ ...env, DATA_DIR: dataDir })).rejects.toThrow(/exited with 1[\s\S]*PostgreSQL/);
    } finally {
      await pgRelay.up();
    }
  });
});
