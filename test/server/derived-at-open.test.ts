/**
 * A release holds its derived figures (computed at ingest): opening it computes none of them, and
 * a heavy answer right after the start reads them in a few statements, like any other column.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { copiedDataDir } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/server';

const statements: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ onQuery: (sql) => statements.push(sql) });
});
afterAll(async () => s?.close());

const HEAVY = `{ country(iso: "ES") { statistics { name } rivals { country rank score sharedMarkets { country } } briefAbsence brief { headline rivalFor } } }`;

it('opens the release without computing a per-release figure; the search index is read from its stored word lists', () => {
  expect(s.app.store.current!.memo.size).toBe(0);
  expect(statements.some((sql) => /FROM [`"]?(?:main[`"]?\.[`"]?)?SearchPosting/.test(sql))).toBe(true);
});

it("a country's rivals, statistics and brief right after the start: a bounded number of statements, the stored tables read", async () => {
  statements.length = 0;
  const { status, body } = await s.graphql(HEAVY);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  expect(body.data.country.rivals.length).toBeGreaterThan(0);
  expect(body.data.country.brief.headline).toEqual(expect.any(String));
  const tables = new Set(statements.map((sql) => /FROM [`"]?(?:main[`"]?\.[`"]?)?(\w+)/.exec(sql)?.[1]));
  expect([...tables]).toEqual(expect.arrayContaining(['Rival', 'StoredBrief', 'OriginShiftCountry']));
  // No figure of a series is read: the brief and the rivals are not computed from observations.
  expect([...tables]).not.toContain('Observation');
  expect(statements.length).toBeLessThanOrEqual(12);
  // The per-release memos it fills: the country frequencies, computed from the series rows in memory,
  // and the stored rivals and briefs of the month, read whole.
  expect([...s.app.store.current!.memo.keys()].sort()).toEqual(['country-frequencies', 'rivals', 'stored-briefs:2026-04']);
});

it('every gap report right after the start: the stored reports of the month read, no figure', async () => {
  statements.length = 0;
  const { status, body } = await s.graphql('{ gaps { country series monthsHeld monthsMissing monthsPending } }');
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  expect(body.data.gaps.length).toBeGreaterThan(50);
  const tables = new Set(statements.map((sql) => /FROM [`"]?(?:main[`"]?\.[`"]?)?(\w+)/.exec(sql)?.[1]));
  expect(tables).toContain('StoredGap');
  expect(tables).not.toContain('Observation');
  expect(tables).not.toContain('ReleaseEntry');
});

it('a release without stored gap reports and search lists (one built before them) answers the same, computing them', async () => {
  const dir = copiedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-gaps-')));
  const db = new Database(currentReleaseFile(dir)!);
  db.exec('DROP TABLE StoredGap; DROP TABLE SearchPosting');
  db.close();
  const live = await startTestServer({ dataDir: dir });
  try {
    for (const target of ['/v1/gaps', '/v1/gaps?country=ES&format=csv', '/v1/series/search?q=nights%20spain', '/v1/series/search?q=%C3%BCbernachtungen%20monthly&limit=50']) {
      const [stored, computed] = await Promise.all([s.get(target), live.get(target)]);
      expect(computed.status).toBe(200);
      const withoutId = async (r: Response) => (await r.text()).replace(/"request_id":"[^"]*"/, '');
      expect(await withoutId(computed)).toBe(await withoutId(stored));
    }
  } finally {
    await live.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
