/**
 * Forecast benchmark: rolling-origin backtest (horizons 1–3) of the brief's outlook on every monthly
 * headline series held. Prints mean MASE of the chosen method against seasonal naive's, and the
 * share of actuals inside the 80% intervals. Uses DATA_DIR's release, else builds one.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentReleaseFile } from '../db/release-store';
import { monthFromIndex, monthIndex } from '../domain/periods';
import { backtest, summariseBacktests, type BacktestResult } from '../domain/forecast';
import { buildRelease } from '../ingest/build';

const ORIGINS = Number(process.env.BENCH_ORIGINS ?? 36);

function releaseFile(): string {
  const configured = process.env.DATA_DIR && currentReleaseFile(process.env.DATA_DIR);
  if (configured) return configured;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-forecast-bench-'));
  return buildRelease({ sourcesDir: process.env.TOURISM_SOURCES ?? path.resolve('../shared/data'), dataDir: dir }).file;
}

/** A monthly series as a dense array from its first to its last figure (null where none). */
function dense(rows: { period: string; value: number | null }[]): (number | null)[] {
  const held = rows.filter((r) => r.value !== null);
  if (held.length === 0) return [];
  const first = monthIndex(held[0].period);
  const last = monthIndex(held[held.length - 1].period);
  const byPeriod = new Map(rows.map((r) => [r.period, r.value]));
  return Array.from({ length: last - first + 1 }, (_, i) => byPeriod.get(monthFromIndex(first + i)) ?? null);
}

const db = new Database(releaseFile(), { readonly: true });
const series = db.prepare("SELECT id, alias FROM Series WHERE headline = 1 AND freq = 'M' ORDER BY alias").all() as { id: string; alias: string }[];
const observations = db.prepare('SELECT period, value FROM Observation WHERE seriesId = ? ORDER BY period');
const results: BacktestResult[] = [];
const started = performance.now();
for (const s of series) {
  const y = dense(observations.all(s.id) as { period: string; value: number | null }[]);
  if (y.length < 48) continue;
  results.push(backtest(y, [1, 2, 3], ORIGINS));
}
db.close();
const summary = summariseBacktests(results);
const pct = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? 'n/a' : `${(x * 100).toFixed(1)}%`);
console.log(`Backtest of ${summary.series} monthly headline series, ${ORIGINS} rolling origins, horizons 1–3 (${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`${'method'.padEnd(18)} ${'mean MASE'.padStart(10)} ${'80% coverage'.padStart(13)}`);
for (const [method, value] of Object.entries(summary.meanMase)) {
  console.log(`${method.padEnd(18)} ${value!.toFixed(3).padStart(10)} ${pct(summary.coverage[method as keyof typeof summary.coverage]).padStart(13)}`);
}
console.log(`chosen ÷ seasonal naive MASE: ${summary.relativeMase.toFixed(3)} (goal ≤ 0.90); picks: ${JSON.stringify(summary.picks)}`);
