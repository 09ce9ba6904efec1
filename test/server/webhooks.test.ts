/**
 * A new release while serving, and its webhooks, end to end: subscriptions added with the real CLI,
 * a second release built by the real ingest into the server's DATA_DIR while answers keep coming
 * (the switch is whole: status, tags and revision log move together), and receivers on loopback
 * that check the signature as a subscriber would: one that answers, one that is down and comes up
 * (retried, then delivered), one that answers too slowly (cut at the timeout, then retried), and
 * one of a country the release did not touch (sent nothing).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createLogger } from '../../src/server/logger';
import { childrenNamed, childText, parseXml } from '../helpers/atom';
import { reviseEurostatFigure } from '../helpers/eurostat-revision';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

const NEW_RELEASE = '20260401T060000Z';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-webhooks-'));
const sources = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-webhooks-sources-'));
const receivers: http.Server[] = [];
afterAll(() => {
  for (const r of receivers) {
    r.closeAllConnections();
    r.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(sources, { recursive: true, force: true });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: records each request and answers as `answer` says (after `delayMs`). */
async function receiver(answer: (n: number) => { status: number; delayMs?: number }, port = 0) {
  const received: Received[] = [];
  let arrived: () => void = () => {};
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      arrived();
      const { status, delayMs = 0 } = answer(received.length);
      const timer = setTimeout(() => res.writeHead(status).end(), delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, first };
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** What a subscriber does with the secret `webhooks add` printed: HMAC-SHA256 of "<X-Timestamp>.<raw body>", compared in constant time. */
function signatureValid(secret: string, r: Received): boolean {
  const signed = `${String(r.headers['x-timestamp'] ?? '')}.${r.body}`;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  const sent = Buffer.from(String(r.headers['x-signature'] ?? ''));
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function cli(...args: string[]): string {
  return execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'webhooks', ...args], {
    // The receivers are on loopback: the operator allows non-public targets.
    env: { ...process.env, DATA_DIR: dataDir, TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' },
    encoding: 'utf8',
  });
}

/** Adds a subscription with the CLI: its id and the secret it printed. */
function subscribe(url: string, country?: string): { id: string; secret: string } {
  const out = cli('add', url, ...(country ? ['--country', country] : []));
  return { id: /Added (wh_[0-9a-f]+)/.exec(out)![1], secret: out.trim().split('\n').at(-1)! };
}

it('sends each subscriber one signed event of the new release, retrying receivers that are down or slow', async () => {
  fs.cpSync(inject('dataDir'), dataDir, { recursive: true });
  const answering = await receiver(() => ({ status: 204 }));
  // It holds every request until the service has logged cutting the first (a loaded machine may
  // stall the loop past the delivery timeout), then answers at once.
  let slowCut = false;
  const slow = await receiver(() => ({ status: 200, delayMs: slowCut ? 0 : 60_000 }));
  const spain = await receiver(() => ({ status: 204 }));
  const downPort = await freePort();
  const subs = {
    answering: subscribe(answering.url),
    down: subscribe(`http://127.0.0.1:${downPort}/hook`, 'mt'),
    slow: subscribe(slow.url, 'MT'),
    spain: subscribe(spain.url, 'ES'),
  };
  expect(fs.statSync(path.join(dataDir, 'webhooks.json')).mode & 0o777).toBe(0o600);
  expect(cli('list').trim().split('\n').map((l) => l.split('\t').slice(0, 2))).toEqual([
    [subs.answering.id, 'all'],
    [subs.down.id, 'MT'],
    [subs.slow.id, 'MT'],
    [subs.spain.id, 'ES'],
  ]);

  // Every delivery attempt is a log line; the receiver that is down comes up once its second attempt failed.
  const deliveries: Record<string, any>[] = [];
  let down: Awaited<ReturnType<typeof receiver>> | null = null;
  const logger = createLogger({
    level: 'info',
    destination: {
      write: (line: string) => {
        const entry = JSON.parse(line);
        if (entry.event !== 'webhook_delivery') return;
        deliveries.push(entry);
        if (entry.subscription === subs.slow.id && entry.attempt === 1) slowCut = true;
        if (entry.subscription === subs.down.id && entry.attempt === 2 && !down) void receiver(() => ({ status: 204 }), downPort).then((r) => (down = r));
      },
    },
  });
  const env = { WEBHOOK_ATTEMPTS: '5', WEBHOOK_RETRY_MS: '300', WEBHOOK_TIMEOUT_MS: '3000', TOURISM_WEBHOOKS_ALLOW_PRIVATE: '1' };
  let s: TestServer = await startTestServer({ dataDir, announceReleases: true, logger, env });
  try {
    // The release served at the first start is only noted: subscribers hear of releases from then on.
    await s.app.webhooks!.settled();
    const first = (await s.json('/readyz')).release;
    expect(fs.readFileSync(path.join(dataDir, 'webhooks-announced'), 'utf8').trim()).toBe(first);
    expect(deliveries).toEqual([]);

    // A publisher revision arrives: Malta's nights for 2019-08 change. The real ingest builds the release beside the server.
    fs.cpSync(SOURCES_DIR, sources, { recursive: true, dereference: true });
    const tsv = path.join(sources, 'eurostat/estat_tour_occ_nim.tsv');
    fs.writeFileSync(tsv, reviseEurostatFigure(fs.readFileSync(tsv, 'utf8'), 'M,TOTAL,NR,I551-I553,MT', '2019-08', 7).text);
    const before = await s.json('/v1/status', 'free');
    const etag = (await s.get('/v1/countries/ES', { plan: 'free' })).headers.get('etag');
    const ingest = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'ingest', '--sources', sources], {
      env: { ...process.env, DATA_DIR: dataDir, TOURISM_NOW: '2026-04-01T06:00:00Z' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    ingest.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finished = new Promise<number | null>((resolve) => ingest.on('exit', resolve));
    // Answers keep coming while the rebuild runs as its own process, as `npm run ingest` would.
    let served = 0;
    let running = true;
    void finished.then(() => (running = false));
    while (running) {
      expect((await s.get('/v1/regions', { plan: 'free' })).status).toBe(200);
      served++;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await finished).toBe(0);
    expect(output).toMatch(/ 1 revisions/);
    expect(served).toBeGreaterThan(5);

    // While the slow receiver holds its first attempt, the service answers.
    await slow.first;
    const health = await s.get('/healthz', { plan: null });
    expect(health.status).toBe(200);
    expect(deliveries.some((d) => d.subscription === subs.slow.id && d.attempt === 1)).toBe(false);
    expect((await s.json('/readyz')).release).toBe(NEW_RELEASE);
    await s.app.webhooks!.settled();

    // The switch is whole: the status, the answers' tags and the series' revision log all moved.
    const after = await s.json('/v1/status', 'free');
    expect(after.data.last_load).not.toBe(before.data.last_load);
    expect(after.meta.data_as_of).toBe(after.data.last_load);
    expect((await s.get('/v1/countries/ES', { plan: 'free' })).headers.get('etag')).not.toBe(etag);

    // The receiver that answered: one event, signed with its secret.
    expect(answering.received).toHaveLength(1);
    const [got] = answering.received;
    expect(signatureValid(subs.answering.secret, got)).toBe(true);
    expect(signatureValid(subs.slow.secret, got)).toBe(false);
    expect(got.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(got.headers['x-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    const event = JSON.parse(got.body);
    expect(got.headers['x-event-id']).toBe(event.id);
    const revised = (await s.json('/v1/series/mt.nights.total.m/metadata', 'developer')).data;
    expect(revised.revisions).toBe(1);
    expect(Date.parse(revised.last_revised)).toBe(Date.parse(after.data.last_load) - (Date.parse(after.data.last_load) % 1000));
    expect(event).toMatchObject({
      type: 'release.published',
      release: NEW_RELEASE,
      published_at: '2026-04-01T06:00:00.000Z',
      countries: ['MT'],
      series: [{ id: revised.id, country: 'MT', measure: 'nights', period_reached: revised.last, new_figures: 0, revised_figures: 1 }],
      links: { feed: 'http://api.test/v1/releases/feed', countries: { MT: 'http://api.test/v1/countries/MT' } },
    });
    for (const link of [event.series[0].link, event.links.countries.MT, event.links.feed]) {
      expect((await s.get(link.replace('http://api.test', ''), { plan: 'developer' })).status, link).toBe(200);
    }

    // Down: refused twice, then up and delivered on the third attempt after 300 + 600 ms of waiting.
    const ofDown = deliveries.filter((d) => d.subscription === subs.down.id);
    expect(ofDown.map((d) => [d.attempt, d.status, d.error, d.outcome])).toEqual([
      [1, null, 'ECONNREFUSED', 'retrying'],
      [2, null, 'ECONNREFUSED', 'retrying'],
      [3, 204, null, 'delivered'],
    ]);
    expect(ofDown.map((d) => d.retry_in_ms)).toEqual([300, 600, undefined]);
    expect(down!.received).toHaveLength(1);
    expect(signatureValid(subs.down.secret, down!.received[0])).toBe(true);
    expect(JSON.parse(down!.received[0].body)).toMatchObject({ release: NEW_RELEASE, countries: ['MT'], links: { feed: 'http://api.test/v1/releases/feed?country=MT' } });

    // Slow: the first attempt cut at the timeout, the second delivered; both carry the same event id.
    const ofSlow = deliveries.filter((d) => d.subscription === subs.slow.id);
    expect(ofSlow.map((d) => [d.attempt, d.status, d.error, d.outcome])).toEqual([
      [1, null, 'no answer within 3000 ms', 'retrying'],
      [2, 200, null, 'delivered'],
    ]);
    expect(ofSlow[0].duration_ms).toBeGreaterThanOrEqual(690);
    expect(slow.received).toHaveLength(2);
    expect(slow.received[0].headers['x-event-id']).toBe(slow.received[1].headers['x-event-id']);
    expect(slow.received.every((r) => signatureValid(subs.slow.secret, r))).toBe(true);

    // Spain's subscriber: the release touched no Spanish series.
    expect(spain.received).toHaveLength(0);
    for (const d of deliveries) expect(d).toEqual(expect.objectContaining({ release: NEW_RELEASE, duration_ms: expect.any(Number) }));

    // The feed now holds both releases, newest first; Spain's only the first.
    const feed = parseXml(await (await s.get('/v1/releases/feed', { plan: 'free' })).text());
    expect(childrenNamed(feed, 'entry').map((e) => childText(e, 'id'))).toEqual([
      `tag:api.test,2026-04-01:releases/${NEW_RELEASE}`,
      `tag:api.test,${first.slice(0, 4)}-${first.slice(4, 6)}-${first.slice(6, 8)}:releases/${first}`,
    ]);
    expect(childText(childrenNamed(feed, 'entry')[0], 'title')).toBe('Release of 2026-04-01: Malta (MT), 1 series updated');
    const spainFeed = parseXml(await (await s.get('/v1/releases/feed?country=ES', { plan: 'free' })).text());
    expect(childrenNamed(spainFeed, 'entry')).toHaveLength(1);

    // A restart announces nothing again.
    await s.close();
    s = await startTestServer({ dataDir, announceReleases: true, logger, env });
    await s.app.webhooks!.settled();
    expect([answering.received.length, down!.received.length, slow.received.length, spain.received.length]).toEqual([1, 1, 2, 0]);

    expect(cli('remove', subs.spain.id).trim()).toBe(`Removed ${subs.spain.id}.`);
    expect(cli('list').trim().split('\n')).toHaveLength(3);
  } finally {
    await s.close();
  }
}, 240_000);
