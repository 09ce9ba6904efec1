/** A fault in a route is a 500 with the JSON error body, logged with its request id; no stack trace leaves. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execute } from 'graphql';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { KeysStore } from '../../src/auth/keys-store';
import { DataStore } from '../../src/db/data-store';
import { ServiceStatusDocument } from '../../src/generated/operations';
import { schema } from '../../src/graphql/schema';
import { createContext } from '../../src/graphql/context';
import { createRestHandler } from '../../rest/handler';
import { RateLimiter, DEFAULT_RATES } from '../../src/auth/rate-limit';
import { createAccess } from '../../src/auth/access';
import { defineRoute } from '../../rest/route';
import { ResultStore } from '../../src/graphql/result-cache';

const logged: string[] = [];
let server: http.Server;
let store: DataStore;
let keys: KeysStore;
let base = '';
const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-500-'));

// A fixture route whose reshaping has a bug.
const broken = defineRoute({
  path: '/v1/broken',
  summary: 'fixture',
  csv: false,
  operation: ServiceStatusDocument,
  shape: () => {
    throw new TypeError('cannot read properties of undefined (fixture bug)');
  },
});

beforeAll(async () => {
  store = new DataStore(inject('dataDir'));
  await store.refresh();
  keys = new KeysStore(keysDir);
  keys.seed('k', 'free');
  const handle = createRestHandler({
    execute: ({ document, variableValues, start }) =>
      Promise.resolve(execute({ schema, document, variableValues, contextValue: createContext({ ...start, publicBaseUrl: 'http://api.test', log: () => {} }) })),
    store,
    admit: createAccess(keys, new RateLimiter(DEFAULT_RATES)),
    routes: [broken],
    now: () => new Date('2026-04-20T12:00:00Z'),
    publicBaseUrl: 'http://api.test',
    log: (l) => logged.push(l),
    results: new ResultStore(0),
  });
  server = http.createServer((req, res) => handle(req, res, req.url!.split('?')[0], ''));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await store.close();
  keys.close();
  fs.rmSync(keysDir, { recursive: true, force: true });
});

it('answers 500 internal_error with the error body and logs the fault', async () => {
  const res = await fetch(`${base}/v1/broken`, { headers: { 'X-API-Key': 'k' } });
  expect(res.status).toBe(500);
  const body = await res.json();
  expect(body.error).toMatchObject({ code: 'internal_error', plan: 'free', docs: 'http://api.test/docs#error-internal_error' });
  expect(JSON.stringify(body)).not.toContain('fixture bug');
  expect(logged.some((l) => l.includes(body.error.request_id) && l.includes('fixture bug'))).toBe(true);
});
