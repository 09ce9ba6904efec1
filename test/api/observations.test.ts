/** /v1/series/{id}/observations, as_of, /vintages, and status=true on the spec's measure lists. */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { nextPeriod } from '../../src/domain/periods';
import { copiedDataDir } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let revisedDir: string;
/** What the modified release below changed: one revision, one late figure, one period taken out. */
const changed = { alias: 'es.nights.total.m', revised: '2024-06', late: '2026-01', removed: '2023-03', oldValue: 0, newValue: 0 };

beforeAll(async () => {
  // A copy of the test release as a later release would hold it: June 2024 revised on 2026-06-01,
  // January 2026 first published that day (after every publisher date the series holds: February 2026 is out on 2026-05-01), and March 2023 absent from the publisher's file.
  revisedDir = copiedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-vintage-')));
  const db = new Database(currentReleaseFile(revisedDir)!);
  const id = (db.prepare('SELECT id FROM Series WHERE alias = ?').get(changed.alias) as { id: string }).id;
  const row = db.prepare('SELECT value, status FROM Observation WHERE seriesId = ? AND period = ?').get(id, changed.revised) as { value: number; status: string };
  changed.oldValue = row.value;
  changed.newValue = row.value + 1000;
  db.prepare('UPDATE Observation SET value = ? WHERE seriesId = ? AND period = ?').run(changed.newValue, id, changed.revised);
  db.prepare(
    `INSERT INTO Revision (seriesId, period, oldValue, newValue, oldStatus, newStatus, oldRelease, newRelease)
     VALUES (?, ?, ?, ?, ?, ?, '20260315T060000Z', '20260601T060000Z')`,
  ).run(id, changed.revised, changed.oldValue, changed.newValue, row.status, row.status);
  db.prepare("UPDATE Observation SET published = '2026-06-01T06:00:00.000Z' WHERE seriesId = ? AND period = ?").run(id, changed.late);
  db.prepare('DELETE FROM Observation WHERE seriesId = ? AND period = ?').run(id, changed.removed);
  db.close();
  s = await startTestServer({ dataDir: revisedDir });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(revisedDir, { recursive: true, force: true });
});

describe('/v1/series/{id}/observations', () => {
  it('serves any series with status and flags, on a regular time axis', async () => {
    const body = await s.json('/v1/series/bg.nights.residence-domestic.m/observations?from=2019-09&to=2020-06', 'developer');
    expect(body.meta).toMatchObject({ alias: 'bg.nights.residence-domestic.m', country: 'BG', freq: 'M', as_of: null });
    expect(body.data.map((o: any) => o.period)).toEqual([
      '2019-09', '2019-10', '2019-11', '2019-12', '2020-01', '2020-02', '2020-03', '2020-04', '2020-05', '2020-06',
    ]);
    expect(Object.keys(body.data[0])).toEqual(['period', 'value', 'status', 'flags']);
    // Withheld by the publisher (flag C): present, with a null value.
    expect(body.data[1]).toEqual({ period: '2019-10', value: null, status: 'withheld', flags: '@C' });
    expect(body.meta.count).toBe(10);
  });

  it('keeps a period missing from the file on the axis, with nulls', async () => {
    const body = await s.json(`/v1/series/${changed.alias}/observations?from=2023`, 'developer');
    const periods: string[] = body.data.map((o: any) => o.period);
    for (let i = 1; i < periods.length; i++) expect(periods[i]).toBe(nextPeriod(periods[i - 1]));
    expect(body.data.find((o: any) => o.period === changed.removed)).toEqual({ period: changed.removed, value: null, status: null, flags: null });
  });

  it('takes the series id as well as the alias, and serves CSV', async () => {
    const byAlias = await s.json(`/v1/series/${changed.alias}/observations?from=2024-01&to=2024-03`, 'developer');
    const byId = await s.json(`/v1/series/${byAlias.meta.series}/observations?from=2024-01&to=2024-03`, 'developer');
    expect(byId.data).toEqual(byAlias.data);
    const csv = await (await s.get(`/v1/series/${changed.alias}/observations?from=2024-01&to=2024-03&format=csv`, { plan: 'developer' })).text();
    expect(csv.split('\r\n')[0]).toBe('period,value,status,flags');
    expect(csv.split('\r\n')[1]).toBe(`2024-01,${byAlias.data[0].value},${byAlias.data[0].status},${byAlias.data[0].flags}`);
  });

  it('needs the developer plan, 404s an unknown series, 400s a bad period or date', async () => {
    expect((await s.get(`/v1/series/${changed.alias}/observations`, { plan: 'free' })).status).toBe(403);
    const unknown = await s.get('/v1/series/xx.nights.total.m/observations', { plan: 'developer' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('unknown_series');
    for (const query of ['from=2019-13', 'to=19', 'from=2020&to=2019', 'as_of=2024-02-30', 'as_of=yesterday']) {
      const res = await s.get(`/v1/series/${changed.alias}/observations?${query}`, { plan: 'developer' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_parameter');
    }
  });
});

describe('as_of and /vintages', () => {
  it('gives the values as they stood on a date, from the revision log', async () => {
    // Analyst: the late figure is published after today, which a developer key does not see (below).
    const before = await s.json(`/v1/series/${changed.alias}/observations?from=2024-06&as_of=2026-05-31`, 'analyst');
    expect(before.meta.as_of).toBe('2026-05-31');
    expect(before.data[0]).toEqual({ period: changed.revised, value: changed.oldValue, status: 'published', flags: null });
    // Not known yet on that date: off the axis, or a hole in it when later periods were known.
    const late = before.data.find((o: any) => o.period === changed.late);
    expect(late === undefined || (late.value === null && late.status === null)).toBe(true);
    const after = await s.json(`/v1/series/${changed.alias}/observations?from=2024-06&as_of=2026-06-01`, 'analyst');
    expect(after.data[0].value).toBe(changed.newValue);
    expect(after.data.find((o: any) => o.period === changed.late).status).not.toBeNull();
    const now = await s.json(`/v1/series/${changed.alias}/observations?from=2024-06`, 'analyst');
    expect(after.data).toEqual(now.data);
  });

  it('a developer key sees neither the late figure nor its vintage: published less than 30 days ago', async () => {
    const developer = await s.json(`/v1/series/${changed.alias}/observations?from=2025-10`, 'developer');
    const late = developer.data.find((o: any) => o.period === changed.late);
    expect(late === undefined || (late.value === null && late.status === null)).toBe(true);
    const vintages = await s.json(`/v1/series/${changed.alias}/vintages`, 'developer');
    expect(vintages.data.at(-1)).toEqual({ date: '2026-06-01', new_points: 0, revised_points: 1 });
  });

  it('lists the dates the series changed, the revision and the late figure among them', async () => {
    const body = await s.json(`/v1/series/${changed.alias}/vintages`, 'analyst');
    expect(body.meta.alias).toBe(changed.alias);
    expect(body.data.at(-1)).toEqual({ date: '2026-06-01', new_points: 1, revised_points: 1 });
    const dates: string[] = body.data.map((v: any) => v.date);
    expect([...dates].sort()).toEqual(dates);
    expect((await s.get('/v1/series/sr_00000000/vintages', { plan: 'developer' })).status).toBe(404);
  });
});

describe('status=true on the measure lists', () => {
  const strip = (body: any) => ({
    ...body,
    data: body.data.map((b: any) => ({ ...b, observations: b.observations.map(({ status: _s, flags: _f, ...o }: any) => o) })),
  });

  for (const target of ['/v1/arrivals?country=ES,BG&from=2019-06&to=2020-06', '/v1/capacity?country=ES&from=2015', '/v1/spend?country=FR&currency=USD&from=2019']) {
    it(`adds status and flags, and leaves the answer without it byte for byte: ${target}`, async () => {
      const headers = { 'X-Request-Id': 'status-check' };
      const plainText = await (await s.get(target, { headers })).text();
      const withStatus = await (await s.get(`${target}&status=true`, { headers })).json();
      for (const b of withStatus.data) for (const o of b.observations) expect(Object.keys(o).slice(-2)).toEqual(['status', 'flags']);
      expect(withStatus.data.some((b: any) => b.observations.length > 0)).toBe(true);
      expect(JSON.stringify(strip(withStatus))).toBe(plainText);
      expect(await (await s.get(`${target}&status=false`, { headers })).text()).toBe(plainText);
    });
  }

  it('adds status and flags columns to CSV, the others unchanged', async () => {
    const target = '/v1/arrivals?country=ES&from=2024&format=csv';
    const plain = parse(await (await s.get(target)).text()) as string[][];
    const withStatus = parse(await (await s.get(`${target}&status=true`)).text()) as string[][];
    expect(withStatus[0].slice(-2)).toEqual(['status', 'flags']);
    expect(withStatus.map((row) => row.slice(0, -2))).toEqual(plain);
    expect((await s.get('/v1/arrivals?country=ES&status=yes')).status).toBe(400);
  });
});
