/** The access line written as text is the line pino writes for the same fields. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createLogger, flushLogger, logAccess } from '../../src/server/logger';
import { newTag } from '../../rest/request-tag';

it('writes the fields pino would, in its order, with the path escaped', () => {
  const lines: string[] = [];
  const ours = createLogger({ destination: { write: (l: string) => void lines.push(l) } });
  const tag = newTag('trace-1');
  tag.route = '/v1/countries/{iso}';
  tag.plan = 'developer';
  tag.cache = 'hit';
  const path = '/v1/countries/"E\\S\u0001é';
  logAccess(ours, tag, 'GET', path, 200, 5120, 1.23456, true);
  logAccess(ours, { ...tag, plan: null, cache: null }, 'HEAD', path, 404, 0, 0.5, false);
  // The same fields through pino's own serialiser (a logger made elsewhere takes that path).
  const reference: string[] = [];
  const theirs = pino(
    { base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    { write: (l: string) => void reference.push(l) },
  );
  logAccess(theirs, tag, 'GET', path, 200, 5120, 1.23456, true);
  logAccess(theirs, { ...tag, plan: null, cache: null }, 'HEAD', path, 404, 0, 0.5, false);
  const withoutTime = (l: string) => l.replace(/"time":"[^"]+"/, '"time":""');
  expect(lines.map(withoutTime)).toEqual(reference.map(withoutTime));
  expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', event: 'request', request_id: 'trace-1', path, duration_ms: 1.235, cache: 'hit' });
  expect(JSON.parse(lines[1])).toMatchObject({ plan: null, cache: null, aborted: true });
});

it('writes nothing below its level', () => {
  const lines: string[] = [];
  const quiet = createLogger({ level: 'warn', destination: { write: (l: string) => void lines.push(l) } });
  logAccess(quiet, newTag(), 'GET', '/', 200, 1, 1, true);
  expect(lines).toEqual([]);
});

it('a file destination gets access lines and events in the order they were logged, each line whole', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-log-'));
  const file = path.join(dir, 'access.log');
  const logger = createLogger({ destination: file });
  const tag = newTag('trace-2');
  logAccess(logger, tag, 'GET', '/v1/a', 200, 10, 1, true);
  logger.info({ event: 'release_switch' }, 'between');
  for (let i = 0; i < 130; i++) logAccess(logger, tag, 'GET', `/v1/b/${i}`, 200, 10, 1, true);
  // The file opens asynchronously; what was logged before is written once it has.
  const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean) : []);
  for (let waited = 0; read().length < 132 && waited < 3000; waited += 50) {
    await flushLogger(logger);
    await new Promise((r) => setTimeout(r, 50));
  }
  const lines = read().map((l) => JSON.parse(l));
  expect(lines.map((l) => l.path ?? l.event)).toEqual(['/v1/a', 'release_switch', ...Array.from({ length: 130 }, (_, i) => `/v1/b/${i}`)]);
  expect(new Date(lines[0].time).getTime()).toBeGreaterThan(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

it('loggers of one process share one timer and one exit handler, and the timer writes what waits in each', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-logs-'));
  const exitListeners = process.listenerCount('exit');
  const files = Array.from({ length: 12 }, (_, i) => path.join(dir, `${i}.log`));
  const loggers = files.map((file) => createLogger({ destination: file }));
  // At most the first logger of the process adds one; Node warns past ten.
  expect(process.listenerCount('exit')).toBeLessThanOrEqual(exitListeners + 1);
  loggers.forEach((logger, i) => logger.info({ event: 'ping' }, `logger ${i}`));
  const written = () => files.filter((file) => fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('"event":"ping"')).length;
  for (let waited = 0; written() < files.length && waited < 3000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  expect(written()).toBe(files.length);
  fs.rmSync(dir, { recursive: true, force: true });
});
