/**
 * Requests node:http refuses before the service sees them (headers over its limit, HTTP it cannot
 * parse) get the JSON error body like every other refusal, where node sent a bare status line.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** Sends raw bytes and reads the answer until the server closes the connection. */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parts(answer: string): { status: number; headers: string; body: any } {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

it('answers headers over the size limit with 431 and the error body, then closes', async () => {
  const answer = parts(await raw(`GET /v1/countries HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEYS.free}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
  expect(answer.status).toBe(431);
  expect(answer.headers).toContain('content-type: application/json');
  expect(answer.headers).toContain('connection: close');
  expect(answer.body.error).toMatchObject({ code: 'headers_too_large', plan: 'free', message: expect.stringContaining('16 kB') });
  expect(answer.headers).toContain(`x-request-id: ${answer.body.error.request_id.toLowerCase()}`);
  // A URL that long, from an ordinary client.
  const long = await fetch(`${s.url}/v1/countries?${'a'.repeat(20_000)}=1`, { headers: { 'X-API-Key': KEYS.free } });
  expect(long.status).toBe(431);
  expect((await long.json()).error.code).toBe('headers_too_large');
});

it('answers what is not HTTP with 400 malformed_request', async () => {
  const answer = parts(await raw('HELLO THERE\r\n\r\n'));
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('malformed_request');
  // The service goes on answering.
  expect((await s.get('/healthz')).status).toBe(200);
});
