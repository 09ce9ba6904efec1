/** Keys, plans and usage in PostgreSQL (DATABASE_URL): the migrations, the store, and the keys CLI against it. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgKeysStore } from '../../src/auth/pg-keys-store';
import { migratePg } from '../../src/db/migrate-pg';
import { createDatabase } from '../helpers/engines';
import { runCli } from '../helpers/serve-process';

let db: Awaited<ReturnType<typeof createDatabase>>;
let store: PgKeysStore;

beforeAll(async () => {
  db = await createDatabase('tourism_scaleout_keys');
  store = await PgKeysStore.open(db.url);
});

afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('PostgreSQL key store', () => {
  it('applies its SQL migrations once, and they hold every column of the Prisma model', async () => {
    expect(await migratePg(db.url)).toEqual([]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const columns = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name LIKE 'api_key%' ORDER BY table_name, ordinal_position",
    );
    await client.end();
    expect(columns.rows.map((c) => `${c.table_name}.${c.column_name} ${c.data_type} ${c.is_nullable === 'YES' ? 'null' : 'not null'}`)).toEqual([
      'api_key.id text not null',
      'api_key.hash bytea not null',
      'api_key.plan text not null',
      'api_key.label text not null',
      'api_key.created_at timestamp with time zone not null',
      'api_key.revoked_at timestamp with time zone null',
      'api_key_usage.key_id text not null',
      'api_key_usage.day text not null',
      'api_key_usage.requests bigint not null',
    ]);
  });

  it('creates, verifies, rotates and revokes keys, holding only their hashes', async () => {
    const { key, record } = await store.create('analyst', 'newsroom');
    expect(store.verify(key)).toEqual({ id: record.id, plan: 'analyst' });
    expect(store.verify(`${key}x`)).toBeNull();
    const rotated = (await store.rotate(record.id))!;
    expect(store.verify(key)).toBeNull();
    expect(store.verify(rotated.key)?.plan).toBe('analyst');
    expect(rotated.record.label).toBe('newsroom');
    expect(await store.revoke(rotated.record.id)).toBe(true);
    expect(await store.revoke(rotated.record.id)).toBe(false);
    expect(store.verify(rotated.key)).toBeNull();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ hash: Buffer }>('SELECT hash FROM api_key');
    await client.end();
    expect(rows.some((r) => r.hash.toString('latin1').includes(key))).toBe(false);
  });

  it('seeds keys idempotently, also from replicas starting together', async () => {
    const others = await Promise.all([PgKeysStore.open(db.url), PgKeysStore.open(db.url)]);
    await Promise.all([store, ...others].map((s) => s.seed('SEEDED', 'developer')));
    await Promise.all(others.map((s) => s.close()));
    expect((await store.list()).filter((k) => k.label === 'seeded from TOURISM_API_KEYS')).toHaveLength(1);
    expect(store.verify('SEEDED')?.plan).toBe('developer');
    await store.seed('SEEDED', 'intel');
    expect(store.verify('SEEDED')?.plan).toBe('intel');
  });

  it('counts requests per key and day', async () => {
    const { key, record } = await store.create('free');
    for (let i = 0; i < 5; i++) store.verify(key);
    await store.flushUsage();
    store.verify(key);
    await store.flushUsage();
    expect((await store.list()).find((k) => k.id === record.id)?.requestsToday).toBe(6);
  });

  it('is what the keys CLI uses when DATABASE_URL is set', async () => {
    const created = await runCli(['keys', 'create', 'intel', 'cli'], { DATABASE_URL: db.url, DATA_DIR: '/nonexistent-keys-dir' });
    const key = created.trim().split('\n').pop()!;
    const id = /Created (key_\w+)/.exec(created)![1];
    await store.reload();
    expect(store.verify(key)).toEqual({ id, plan: 'intel' });
    expect(await runCli(['keys', 'list'], { DATABASE_URL: db.url })).toContain(`${id}\tintel\tactive`);
    await runCli(['keys', 'revoke', id], { DATABASE_URL: db.url });
    await store.reload();
    expect(store.verify(key)).toBeNull();
  });
});
