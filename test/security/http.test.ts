/**
 * What a hostile caller found at the HTTP level, replayed against a real server on the real release:
 * huge or malformed cursors, methods fetch cannot carry, requests without Host, CONNECT, GraphQL
 * parse and validation errors under `Accept: application/json`, unusual but valid framings, and
 * /metrics on the public surface. Every request gets an answer, never a 5XX, and every refusal is
 * the error body of DECISIONS.md.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  port = Number(new URL(s.url).port);
});
afterAll(async () => s?.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Sends raw bytes on one connection; the bytes answered until the server closes it (or 3 s pass). */
function raw(request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 3000);
  });
}

/** The statuses of the answers on one connection, in order (a body need not end in a newline). */
function statuses(answer: string): number[] {
  return [...answer.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
}
const errorCode = (answer: string) => /"error":\{"code":"([a-z_]+)"/.exec(answer)?.[1];

describe('cursors and paging values', () => {
  // base64url of 1e21, 2^63, 1e308, a negative offset and text.
  const cursors = [b64('1e21'), b64('9223372036854775808'), b64('1e308'), b64('-5'), b64('abc'), '%%%', 'x'.repeat(500)];

  it('REST: every malformed or huge cursor is a 400 invalid_parameter with the error body', async () => {
    for (const cursor of cursors) {
      const res = await s.get(`/v1/series/search?q=hotel&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_parameter');
    }
  });

  it('GraphQL: a bad cursor, keyed or Prisma-backed, is an error with extensions.code', async () => {
    for (const cursor of cursors) {
      for (const field of ['seriesSearch(q: "hotel", first: 2, after: $c)', 'series(first: 2, after: $c)', 'countries(first: 2, after: $c)']) {
        const { status, body } = await s.graphql(`query ($c: String) { ${field} { nodes { __typename } } }`, { c: cursor });
        expect(status, `${field} ${cursor}`).toBeLessThan(500);
        expect(body.errors?.[0]?.extensions?.code, `${field} ${cursor}`).toBe('invalid_parameter');
      }
    }
  });
});

describe('methods', () => {
  const paths = ['/graphql', '/v1/countries', '/healthz', '/metrics', '/docs', '/openapi.json', '/', '/nowhere'];

  it('any method on any path: an answer below 500 with the error body when refused', async () => {
    for (const method of ['OPTIONS', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'TRACK', 'FOO']) {
      for (const path of paths) {
        const answer = await raw(`${method} ${path} HTTP/1.1\r\nHost: api.test\r\nX-API-Key: ${KEYS.intel}\r\nConnection: close\r\n\r\n`);
        const [status] = statuses(answer);
        expect(status, `${method} ${path}`).toBeLessThan(500);
        if (status >= 400) expect(errorCode(answer), `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('TRACE /graphql is a 405 with Allow, not a 500', async () => {
    const res = await fetch(`${s.url}/graphql`, { method: 'PUT' });
    expect(res.status).toBe(405);
    const answer = await raw(`TRACE /graphql HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n\r\n`);
    expect(statuses(answer)).toEqual([405]);
    expect(answer).toMatch(/^Allow: GET, POST\r$/m);
    expect(errorCode(answer)).toBe('method_not_allowed');
  });

  it('CONNECT is answered 405 with the error body, not a closed connection', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(statuses(answer)).toEqual([405]);
    expect(errorCode(answer)).toBe('method_not_allowed');
  });
});

describe('framing', () => {
  it('an HTTP/1.1 request without Host: 400 malformed_request with the error body', async () => {
    const answer = await raw('GET /healthz HTTP/1.1\r\n\r\n');
    expect(statuses(answer)).toEqual([400]);
    expect(errorCode(answer)).toBe('malformed_request');
  });

  it('a chunked POST /graphql whose chunk size carries an extension is answered', async () => {
    const body = '{"query":"{ __typename }"}';
    const answer = await raw(
      `POST /graphql HTTP/1.1\r\nHost: api.test\r\nX-API-Key: ${KEYS.free}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${body.length.toString(16)};ext=1\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(statuses(answer)).toEqual([200]);
    expect(answer).toContain('"__typename":"Query"');
  });

  it('a GET with a Content-Length body: the body is read as its body, the next request answered after it', async () => {
    for (const path of ['/healthz', '/v1/regions', '/graphql?query=%7B__typename%7D']) {
      const answer = await raw(
        `GET ${path} HTTP/1.1\r\nHost: api.test\r\nX-API-Key: ${KEYS.free}\r\nAccept: application/json\r\nContent-Length: 5\r\n\r\nhello` +
          `GET /healthz HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n\r\n`,
      );
      expect(statuses(answer), path).toEqual([200, 200]);
    }
  });
});

describe('GraphQL request errors under Accept: application/json', () => {
  it('a query that does not parse or validate is a 400 with the error body beside the errors list', async () => {
    for (const query of ['{', '{ nope }', 'query { countries(first: "x") { nodes { iso } } }']) {
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const res = await fetch(`${s.url}/graphql`, {
          method: 'POST',
          headers: { 'X-API-Key': KEYS.free, 'Content-Type': 'application/json', Accept: accept },
          body: JSON.stringify({ query }),
        });
        expect(res.status, `${query} ${accept}`).toBe(400);
        const body = await res.json();
        expect(body.error.code).toBe('invalid_parameter');
        expect(body.errors[0].message).toBe(body.error.message);
      }
    }
  });
});

describe('/metrics', () => {
  it('is not on the public surface by default', async () => {
    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('refusals on /graphql speak GraphQL too', () => {
  it('no key, a wrong key: the error body and an errors list with the code, on POST and on GET', async () => {
    const asked: Record<string, string>[] = [{}, { 'X-API-Key': 'not-a-key' }];
    for (const headers of asked) {
      const post = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      const get = await fetch(`${s.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { Accept: 'application/json', ...headers } });
      for (const res of [post, get]) {
        expect(res.status).toBe(401);
        const body = await res.json();
        expect(body.errors).toEqual([{ message: body.error.message, extensions: { code: body.error.code } }]);
        expect(['missing_api_key', 'invalid_api_key']).toContain(body.error.code);
      }
    }
  });
});
