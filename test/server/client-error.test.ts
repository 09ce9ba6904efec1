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

/** POSTs `body` as JSON to `path` with the intel key; the status and the parsed answer. */
async function post(path: string, body: string): Promise<{ status: number; type: string; body: any }> {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.intel },
    body,
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.json() };
}

/** A 400 with the project's error body: a code, a message, no stack. */
function expectClientError(answer: { status: number; type: string; body: any }): void {
  expect(answer.status).toBe(400);
  expect(answer.type).toContain('json');
  const error = answer.body.error ?? answer.body.errors?.[0]?.extensions?.error;
  expect(error, JSON.stringify(answer.body)).toBeTruthy();
  expect(typeof error.code).toBe('string');
  expect(error.code).not.toBe('internal_error');
  expect(typeof error.message).toBe('string');
  expect(JSON.stringify(answer.body)).not.toMatch(/\n\s+at /);
}

const DEEP = 50_000;
const ODD_GRAPHQL_BODIES: Array<[string, string]> = [
  ['a query that is a number', JSON.stringify({ query: 5 })],
  ['a query that is an array', JSON.stringify({ query: ['{ __typename }'] })],
  ['a query that is an object', JSON.stringify({ query: { text: '{ __typename }' } })],
  ['a query that is null', JSON.stringify({ query: null })],
  ['no query', JSON.stringify({ variables: {} })],
  ['variables that are a string', JSON.stringify({ query: '{ __typename }', variables: 'x' })],
  ['variables that are an array', JSON.stringify({ query: '{ __typename }', variables: [1] })],
  ['variables that are a number', JSON.stringify({ query: '{ __typename }', variables: 5 })],
  ['an operationName that is a number', JSON.stringify({ query: '{ __typename }', operationName: 5 })],
  ['a body that is a string', JSON.stringify('{ __typename }')],
  ['a body that is null', 'null'],
  ['a body that is a number', '5'],
  ['a body nested 50,000 arrays deep', '['.repeat(DEEP) + ']'.repeat(DEEP)],
  ['a body nested 50,000 objects deep', '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)],
  ['variables nested 50,000 levels deep', `{"query":"{ __typename }","variables":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`],
  ['a body that is not JSON', '{"query": '],
  ['extensions that are a number', JSON.stringify({ query: '{ __typename }', extensions: 5 })],
  ['a batch holding a query that is a number', JSON.stringify([{ query: 5 }])],
];

it.each(ODD_GRAPHQL_BODIES)('answers POST /graphql with %s with 400 and the error body', async (_name, body) => {
  expectClientError(await post('/graphql', body));
  // The service goes on answering.
  expect((await s.graphql('{ __typename }')).status).toBe(200);
});

it('answers a POST to the REST surface, odd body or not, with the error body and no 5XX', async () => {
  for (const body of ['{"query": 5}', '['.repeat(DEEP) + ']'.repeat(DEEP), 'null']) {
    const res = await fetch(`${s.url}/v1/countries`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': KEYS.intel }, body });
    // REST accepts no body: every POST is refused as a method, before the body is read as JSON.
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((await res.json()).error.code).toBe('method_not_allowed');
  }
});

it.each([
  ['variables that are a number', '5'],
  ['variables that are an array', '[1]'],
  ['variables nested 1,000 levels deep', `{"a":${'['.repeat(1000)}${']'.repeat(1000)}}`],
])('answers GET /graphql with %s with 400 and the error body', async (_name, variables) => {
  const res = await s.get(`/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent(variables)}`, { headers: { Accept: 'application/json' } });
  expectClientError({ status: res.status, type: res.headers.get('content-type') ?? '', body: await res.json() });
});
