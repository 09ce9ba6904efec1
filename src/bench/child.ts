/**
 * A server for the benchmark, in its own process so the load generator does not share its thread:
 *   child.ts app <dataDir> <key> <cache on|off>   the service, its access log written to a temporary file
 *   child.ts bare <file> <headers-json> [workers]  a bare node:http server sending the file's bytes and headers
 *   child.ts floor <file> <headers-json> <key>      the same server doing what SPEC asks of every answer (floor.ts)
 * Prints "ready <url>" once listening.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/config';
import { startApp } from '../server/app';
import { createLogger } from '../server/logger';
import { floorListener } from './floor';

const [mode, a, b, c] = process.argv.slice(2);

if (mode === 'bare') {
  // The same body and the same response headers as the service's answer (a JSON object of headers);
  // with a worker count, that many node:cluster workers share the port, as WORKERS does.
  const workers = Number(c ?? 1);
  if (cluster.isPrimary && workers > 1) {
    let listening = 0;
    cluster.on('listening', (_w, address) => {
      if (++listening === workers) console.log(`ready http://127.0.0.1:${address.port}`);
    });
    for (let i = 0; i < workers; i++) cluster.fork();
    process.on('exit', () => Object.values(cluster.workers ?? {}).forEach((w) => w?.process.kill()));
  } else {
    const body = fs.readFileSync(a);
    const headers = { ...(JSON.parse(b) as Record<string, string>), 'Content-Length': String(body.length) };
    const server = http.createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => {
      if (cluster.isPrimary) console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  }
} else if (mode === 'floor') {
  const accessLog = path.join(os.tmpdir(), `tourism-bench-floor-${process.pid}.log`);
  process.on('exit', () => fs.rmSync(accessLog, { force: true }));
  const headers = JSON.parse(b) as Record<string, string>;
  const server = http.createServer(floorListener(fs.readFileSync(a), headers, c, createLogger({ destination: accessLog })));
  server.listen(0, '127.0.0.1', () => console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`));
} else {
  const accessLog = path.join(os.tmpdir(), `tourism-bench-access-${process.pid}.log`);
  process.on('exit', () => fs.rmSync(accessLog, { force: true }));
  const config = loadConfig({ ...process.env, DATA_DIR: a, PORT: '0', TOURISM_API_KEYS: `intel:${b}` });
  const app = await startApp({
    config,
    rates: 'free:100000000,developer:100000000,analyst:100000000,intel:100000000',
    cacheAnswers: c !== 'off',
    log: () => {},
    // The access log is written as in production (one line per request), to a file rather than the pipe the benchmark reads.
    logger: createLogger({ destination: accessLog }),
  });
  console.log(`ready ${app.url}`);
}

// Exit cleanly on a signal, so a --cpu-prof run writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
