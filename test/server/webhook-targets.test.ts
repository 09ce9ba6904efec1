/**
 * Webhook targets and signatures (src/server/webhook-store.ts, webhooks.ts): `webhooks add`, run as
 * the compiled CLI, refuses receivers inside the service's own network (a cloud's metadata service,
 * a database on localhost) unless TOURISM_WEBHOOKS_ALLOW_PRIVATE=1; a delivery checks again in the
 * connection's own lookup, so a receiver added earlier or a name that now resolves to loopback gets
 * nothing. The signature covers X-Timestamp: a captured event sent again with a fresh timestamp
 * does not verify. Receivers are node:http servers on loopback ports; the dispatcher is the service's.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoggedRelease } from '../../src/domain/release-digest';
import { createLogger } from '../../src/server/logger';
import { readSubscriptions } from '../../src/server/webhook-store';
import { DEFAULT_WEBHOOK_SETTINGS, WebhookDispatcher } from '../../src/server/webhooks';
import { PROJECT_ROOT } from '../helpers/paths';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-webhook-targets-'));
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});
let receiverUrl = '';

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  received.length = 0;
  fs.rmSync(path.join(dataDir, 'webhooks.json'), { force: true });
  fs.rmSync(path.join(dataDir, 'webhooks-announced'), { force: true });
});

/** `webhooks add` as an operator runs it: its exit code and what it printed. */
function add(url: string, env: Record<string, string> = {}): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'webhooks', 'add', url], {
      env: { ...process.env, DATA_DIR: dataDir, TOURISM_WEBHOOKS_ALLOW_PRIVATE: '', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

describe('webhooks add', () => {
  it('refuses metadata services, loopback, private and link-local receivers', () => {
    for (const [url, why] of [
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
      ['http://metadata.google.internal/computeMetadata/v1/', /metadata\.google\.internal is an internal name/],
      ['http://localhost:6379/', /localhost is an internal name/],
      ['http://127.0.0.1:8080/hook', /127\.0\.0\.1 is a loopback address/],
      ['http://[::1]/hook', /::1 is a loopback address/],
      ['http://10.0.0.5/hook', /10\.0\.0\.5 is a private address/],
      ['http://redis/hook', /redis is an internal name/],
    ] as const) {
      const { code, out } = add(url);
      expect(code, url).not.toBe(0);
      expect(out, url).toMatch(why);
      expect(out, url).toMatch(/TOURISM_WEBHOOKS_ALLOW_PRIVATE=1 allows it/);
    }
    expect(readSubscriptions(dataDir)).toEqual([]);
  });

  it('takes such a receiver when the operator allows it', () => {
    const { code, out } = add('http://localhost:6379/', { TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' });
    expect(code).toBe(0);
    expect(out).toMatch(/HMAC-SHA256 of "<X-Timestamp>\.<body>"/);
    expect(readSubscriptions(dataDir).map((s) => s.url)).toEqual(['http://localhost:6379/']);
  });
});

const RELEASES: LoggedRelease[] = [
  { version: '20260301T060000Z', loadedAt: '2026-03-01T06:00:00.000Z', series: [] },
  {
    version: '20260401T060000Z',
    loadedAt: '2026-04-01T06:00:00.000Z',
    series: [{ id: 'sr_test0001', country: 'MT', measure: 'nights', periodReached: '2026-02', newFigures: 1, revisedFigures: 0 }],
  },
];

/** The service's dispatcher announcing the second release (the first is only noted); its delivery log lines. */
async function announce(allowPrivate: boolean): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (l: string) => void lines.push(JSON.parse(l)) } });
  const dispatcher = new WebhookDispatcher({
    dataDir,
    publicBaseUrl: 'http://api.test',
    settings: { ...DEFAULT_WEBHOOK_SETTINGS, attempts: 3, retryMs: 10, timeoutMs: 2_000, allowPrivate },
    logger,
  });
  await dispatcher.released(async () => RELEASES.slice(0, 1));
  await dispatcher.released(async () => RELEASES);
  await dispatcher.settled();
  dispatcher.close();
  return lines.filter((l) => l.event === 'webhook_delivery');
}

/** A receiver's check: the signature of "<X-Timestamp>.<body>", and a timestamp within five minutes. */
function verifies(secret: string, timestamp: string, body: string, signature: string, nowSeconds = Date.now() / 1000): boolean {
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

describe('a delivery', () => {
  it('to a loopback receiver added earlier is refused at the connection, once, unless allowed', async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
    expect(add(receiverUrl, { TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' }).code).toBe(0);
    const refused = await announce(false);
    expect(refused.map((d) => [d.attempt, d.status, d.error, d.outcome])).toEqual([[1, null, 'refused: localhost resolves to a loopback address (127.0.0.1)', 'failed']]);
    expect(received).toEqual([]);
  });

  it('is signed over its timestamp and body: a replay with a fresh timestamp does not verify', async () => {
    expect(add(receiverUrl, { TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' }).code).toBe(0);
    const [{ secret }] = readSubscriptions(dataDir);
    const delivered = await announce(true);
    expect(delivered.map((d) => d.outcome)).toEqual(['delivered']);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    const timestamp = String(headers['x-timestamp']);
    const signature = String(headers['x-signature']);
    expect(verifies(secret, timestamp, body, signature)).toBe(true);
    // An attacker who captured the event sends it again later with a fresh timestamp: the signature does not cover it.
    expect(verifies(secret, String(Number(timestamp) + 600), body, signature, Number(timestamp) + 600)).toBe(false);
    // Sent again as it was, ten minutes on: the receiver rejects the stale timestamp.
    expect(verifies(secret, timestamp, body, signature, Number(timestamp) + 600)).toBe(false);
    // The body alone is not what is signed.
    expect(signature).not.toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  });
});
