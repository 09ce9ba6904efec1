import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashKey, KeysStore, parseSeedKeys } from '../../src/auth/keys-store';
import { PROJECT_ROOT } from '../helpers/paths';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-keys-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('KeysStore', () => {
  it('stores only SHA-256 hashes and verifies keys', () => {
    const dir = tempDir();
    const store = new KeysStore(dir);
    const { key, record } = store.create('analyst', 'test');
    expect(store.verify(key)).toEqual({ id: record.id, plan: 'analyst' });
    expect(store.verify(`${key}x`)).toBeNull();
    store.close();
    const raw = new Database(path.join(dir, 'keys.db'), { readonly: true });
    const row = raw.prepare('SELECT hash FROM api_key').get() as { hash: Buffer };
    expect(row.hash.equals(hashKey(key))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'keys.db')).includes(Buffer.from(key))).toBe(false);
    raw.close();
  });

  it('revokes and rotates', () => {
    const store = new KeysStore(tempDir());
    const { key, record } = store.create('developer');
    const rotated = store.rotate(record.id)!;
    expect(store.verify(key)).toBeNull();
    expect(store.verify(rotated.key)?.plan).toBe('developer');
    expect(store.revoke(rotated.record.id)).toBe(true);
    expect(store.verify(rotated.key)).toBeNull();
    expect(store.list().every((k) => k.revokedAt)).toBe(true);
    store.close();
  });

  it('seeds keys from TOURISM_API_KEYS idempotently', () => {
    const store = new KeysStore(tempDir());
    const seeds = parseSeedKeys('free:KEY1, developer:KEY2');
    expect(seeds).toEqual([{ plan: 'free', key: 'KEY1' }, { plan: 'developer', key: 'KEY2' }]);
    for (const s of seeds) store.seed(s.key, s.plan);
    for (const s of seeds) store.seed(s.key, s.plan);
    expect(store.list()).toHaveLength(2);
    expect(store.verify('KEY2')?.plan).toBe('developer');
    expect(() => parseSeedKeys('gold:KEY')).toThrow(/plan:key/);
    store.close();
  });
});

describe('keys CLI', () => {
  it('creates (printing the key once), lists, rotates and revokes', () => {
    const dir = tempDir();
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'keys', ...args], {
        env: { ...process.env, DATA_DIR: dir },
        encoding: 'utf8',
      });
    const created = cli('create', 'intel', 'newsroom');
    const key = created.trim().split('\n').pop()!;
    const id = /Created (key_\w+)/.exec(created)![1];
    expect(key).toMatch(/^tsk_/);
    expect(cli('list')).toContain(`${id}\tintel\tactive`);
    expect(cli('list')).not.toContain(key);
    const rotated = cli('rotate', id);
    expect(rotated).toContain(`Revoked ${id}`);
    const newId = /new key (key_\w+)/.exec(rotated)![1];
    expect(cli('revoke', newId)).toContain('Revoked');
    expect(() => cli('revoke', 'key_nope')).toThrow();
  });
});
