/**
 * Idle keep-alive connections (KEEP_ALIVE_TIMEOUT_MS): by default the service keeps them longer than
 * the proxies in front of it (60 s), so a proxy never sends a request on a connection the service is
 * closing; a lower setting closes them sooner. Read on a raw socket, as a proxy holds its connections.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS, loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from '../helpers/server';

/** A socket that sends GET /healthz and resolves each answer's head; `closed` resolves when the service ends it. */
function connection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const closed = new Promise<number>((resolve) => socket.on('end', () => resolve(performance.now())));
  return {
    closed,
    ask: async (): Promise<string> => {
      const before = text.length;
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      while (!/\r\n\r\n[\s\S]*\}/.test(text.slice(before))) await new Promise((resolve) => setTimeout(resolve, 10));
      return text.slice(before, text.indexOf('\r\n\r\n', before));
    },
    destroy: () => socket.destroy(),
  };
}

describe('the default idle timeout', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('is above the 60 s of the proxies in front, says so in Keep-Alive, and keeps an idle connection for the next request', async () => {
    expect(DEFAULT_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    const c = connection(s.url);
    try {
      expect(await c.ask()).toMatch(new RegExp(`^keep-alive: timeout=${DEFAULT_KEEP_ALIVE_TIMEOUT_MS / 1000}$`, 'im'));
      const idle = await Promise.race([c.closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('open'), 500))]);
      expect(idle).toBe('open');
      expect(await c.ask()).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      c.destroy();
    }
  });
});

describe('KEEP_ALIVE_TIMEOUT_MS', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { KEEP_ALIVE_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => s?.close());

  it('closes an idle connection after the time it sets', async () => {
    const c = connection(s.url);
    try {
      expect(await c.ask()).toMatch(/^HTTP\/1\.1 200 /);
      const answered = performance.now();
      expect((await c.closed) - answered).toBeGreaterThanOrEqual(250);
    } finally {
      c.destroy();
    }
  });

  it('refuses a value that is not a whole number of milliseconds, naming the setting', () => {
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '1m' })).toThrow('KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds, 1 or more: 1m');
  });
});
