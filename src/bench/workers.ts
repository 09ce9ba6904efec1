/**
 * Scaling over cores: cached REST requests/second from the service started as `serve` with WORKERS=1
 * and WORKERS=2 (node:cluster, shared rate counters in the primary), each beside a bare node:http
 * server with as many cluster workers sending the same bytes in the same run. The load generator
 * shares the machine's cores: on two cores a second bare worker gains nothing (the generator takes
 * the rest), so the scaling is also given against the bare server's own.
 */
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { benchDataDir } from './release';
import { bareServer, childServer, type ChildServer } from './servers';

const KEY = 'bench-key-intel';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET = process.env.BENCH_TARGET ?? '/v1/arrivals?country=ES&from=2015';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function serve(dataDir: string, workers: number): Promise<ChildServer> {
  return childServer('../cli', ['serve'], {
    ready: /Serving on (\S+)/,
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      WORKERS: String(workers),
      TOURISM_API_KEYS: `intel:${KEY}`,
      RATE_LIMITS: 'free:100000000,developer:100000000,analyst:100000000,intel:100000000',
    },
  });
}

/**
 * Debian's wrk (C, one thread) when installed: the load generator shares the two cores with the
 * workers, and autocannon spends about as much CPU per request as a cached answer costs, which caps
 * what a second worker can show. autocannon otherwise.
 */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));

function wrk(url: string, headers: Record<string, string>): Promise<{ rps: number; failed: number }> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((resolve, reject) => {
    execFile(WRK!, args, (err, stdout) => {
      if (err) return reject(err);
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      if (!rate) return reject(new Error(`wrk printed no rate: ${stdout}`));
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      resolve({ rps: Number(rate[1]), failed: non2xx + (errors ? errors.slice(1).reduce((a, n) => a + Number(n), 0) : 0) });
    });
  });
}

async function rps(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; failed: number }> {
  if (WRK) return wrk(url, headers);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, failed: r.errors + r.non2xx };
}

async function measure(dataDir: string, workers: number): Promise<{ ours: number; bare: number; failed: number }> {
  const app = await serve(dataDir, workers);
  // Every worker answers the request once before the timing, so all of them hold it cached.
  for (let i = 0; i < 20 * workers; i++) await (await fetch(`${app.url}${TARGET}`, { headers: { 'X-API-Key': KEY } })).arrayBuffer();
  const sample = await fetch(`${app.url}${TARGET}`, { headers: { 'X-API-Key': KEY } });
  const base = await bareServer(Buffer.from(await sample.arrayBuffer()), sample.headers, workers);
  const ours = await rps(`${app.url}${TARGET}`, { 'X-API-Key': KEY });
  await app.close();
  const baseline = await rps(`${base.url}${TARGET}`);
  await base.close();
  return { ours: ours.rps, bare: baseline.rps, failed: ours.failed };
}

async function main(): Promise<void> {
  const dir = await benchDataDir();
  console.log(`Cached REST ${TARGET}, ${DURATION} s each, ${CONNECTIONS} connections, ${os.availableParallelism()} cores, load from ${WRK ? 'wrk' : 'autocannon'}`);
  const one = await measure(dir, 1);
  const two = await measure(dir, 2);
  for (const [label, m] of [['WORKERS=1', one], ['WORKERS=2', two]] as const) {
    console.log(`${label}  ${m.ours.toFixed(0).padStart(7)} req/s   bare node:http ${m.bare.toFixed(0).padStart(7)} req/s   ratio to bare ${(m.ours / m.bare).toFixed(2)}${m.failed ? `   (${m.failed} failed)` : ''}`);
  }
  console.log(`2 workers / 1 worker: ${(two.ours / one.ours).toFixed(2)}×   (against the bare server's own scaling: ${(two.ours / two.bare / (one.ours / one.bare)).toFixed(2)}×)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
