/**
 * A release holds its derived figures (computed at ingest): opening it computes none of them, and
 * a heavy answer right after the start reads them in a few statements, like any other column.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

const statements: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ onQuery: (sql) => statements.push(sql) });
});
afterAll(async () => s?.close());

const HEAVY = `{ country(iso: "ES") { statistics { name } rivals { country rank score sharedMarkets { country } } briefAbsence brief { headline rivalFor } } }`;

it('opens the release without computing a per-release figure', () => {
  expect(s.app.store.current!.memo.size).toBe(0);
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
  // Of the per-release memos only the country frequencies, computed from the series rows in memory, are filled by it.
  expect([...s.app.store.current!.memo.keys()]).toEqual(['country-frequencies']);
});
