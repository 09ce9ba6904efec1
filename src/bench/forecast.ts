/**
 * Forecast benchmark: rolling-origin backtest (horizons 1–3) of the brief's outlook on every monthly
 * headline series present, beside each candidate method on its own, per-series choices among them,
 * and two off-the-shelf forecasters. Prints mean and median MASE, the share of actuals inside the
 * 80% intervals, the paired MASE difference to the outlook with its 95% interval, and the time per
 * series. Uses DATA_DIR's release, else builds one. BENCH_ORIGINS sets the origins (default 36),
 * BENCH_REFERENCES which off-the-shelf rows to add (default `mstl,arima`; 0 for none: AutoARIMA
 * is slow even on its ten-year window, over the thousands of fits).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentReleaseFile } from '../db/release-store';
import { denseMonthly } from '../domain/series';
import { COMBINED, METHODS, OUTLOOK_METHOD, backtest, forecast, summariseBacktests, type BacktestResult, type ReferenceForecaster } from '../domain/forecast';
import { buildRelease } from '../ingest/build';

const ORIGINS = Number(process.env.BENCH_ORIGINS ?? 36);
/** The outlook of a long monthly series whose months are known, as every series here is. */
const OUTLOOK = OUTLOOK_METHOD;

async function releaseFile(): Promise<string> {
  const configured = process.env.DATA_DIR && currentReleaseFile(process.env.DATA_DIR);
  if (configured) return configured;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-forecast-bench-'));
  return (await buildRelease({ sourcesDir: process.env.TOURISM_SOURCES ?? path.resolve('../shared/data'), dataDir: dir })).file;
}

/** The previous outlook (choice among seasonal naive and srw_growth_log over 36 origins) and the variants tried against the combination. */
const CHOOSERS = {
  chosen: {},
  'chosen, 72 origins': { origins: 72 },
  'chosen among all': { candidates: METHODS },
  'shrunk to outlook': { candidates: METHODS, prefer: OUTLOOK, margin: 0.1 },
};

/** BENCH_REFERENCES: a comma-separated choice of `mstl` and `arima` (default both), or 0 for none. */
async function references(): Promise<Record<string, ReferenceForecaster>> {
  const wanted = new Set((process.env.BENCH_REFERENCES ?? 'mstl,arima').split(','));
  if (!wanted.has('mstl') && !wanted.has('arima')) return {};
  const { mstlEts, autoArima, ARIMA_YEARS } = await import('./forecast-references');
  return {
    ...(wanted.has('mstl') ? { 'augurs MSTL.ets([12])': mstlEts } : {}),
    ...(wanted.has('arima') ? { [`AutoARIMA, last ${ARIMA_YEARS} y`]: autoArima } : {}),
  };
}

const refs = await references();
const db = new Database(await releaseFile(), { readonly: true });
const series = db.prepare("SELECT id, alias FROM Series WHERE headline = 1 AND freq = 'M' ORDER BY alias").all() as { id: string; alias: string }[];
const observations = db.prepare('SELECT period, value FROM Observation WHERE seriesId = ? ORDER BY period');
const results: BacktestResult[] = [];
/** Milliseconds to make one outlook from a whole series, as a brief does uncached. */
const outlookMs: number[] = [];
const started = performance.now();
for (const s of series) {
  const { y, first } = denseMonthly(observations.all(s.id) as { period: string; value: number | null }[]);
  if (y.length < 48) continue;
  const t0 = performance.now();
  forecast(y, 3, { firstMonth: first });
  outlookMs.push(performance.now() - t0);
  results.push(backtest(y, [1, 2, 3], ORIGINS, { choosers: CHOOSERS, references: refs, firstMonth: first }));
  process.stderr.write(`\r${results.length} series backtested (${s.alias})`.padEnd(60));
}
process.stderr.write('\n');
db.close();

const summary = summariseBacktests(results, OUTLOOK);
const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(x * 100).toFixed(1)}%`);
const signed = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);
console.log(`Backtest of ${summary.series} monthly headline series, ${ORIGINS} rolling origins, horizons 1–3 (${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`Outlook: ${OUTLOOK}; combined_log = equal-weight mean on logs of ${COMBINED.join(' and ')}`);
console.log(`${'contender'.padEnd(30)} ${'mean MASE'.padStart(9)} ${'median'.padStart(7)} ${'80% cov.'.padStart(8)}  ${'vs outlook (95% interval)'.padEnd(28)} ${'ms/series'.padStart(9)}`);
const rows = Object.entries(summary.contenders).sort((a, b) => a[1].meanMase - b[1].meanMase);
for (const [name, c] of rows) {
  const vs = c.vsBaseline ? `${signed(c.vsBaseline.mean)} (${signed(c.vsBaseline.low)} to ${signed(c.vsBaseline.high)})` : '(outlook)';
  console.log(
    `${name.padEnd(30)} ${c.meanMase.toFixed(3).padStart(9)} ${c.medianMase.toFixed(3).padStart(7)} ${pct(c.coverage).padStart(8)}  ${vs.padEnd(28)} ${c.msPerSeries.toFixed(1).padStart(9)}`,
  );
}
console.log(`outlook ÷ seasonal naive MASE: ${summary.relativeMase.toFixed(3)} (goal ≤ 0.90)`);
for (const [name, counts] of Object.entries(summary.picks)) console.log(`picks of ${name}: ${JSON.stringify(counts)}`);
for (const [name, n] of Object.entries(summary.fallbacks)) console.log(`${name}: ${n} failed fits replaced by seasonal naive`);
outlookMs.sort((a, b) => a - b);
console.log(`one outlook from a whole series: median ${outlookMs[outlookMs.length >> 1].toFixed(1)} ms, max ${outlookMs[outlookMs.length - 1].toFixed(1)} ms (goal for a whole brief < 50 ms)`);
