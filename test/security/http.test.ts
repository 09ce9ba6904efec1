/**
 * What a hostile caller found at the HTTP level, replayed against a real server on the real release:
 * huge or malformed cursors, methods fetch cannot carry, requests without Host, CONNECT, GraphQL
 * parse and validation errors under `Accept: application/json`, unusual but valid framings (chunk
 * extensions, a GET with a body, a client that half-closes), and /metrics on the public surface.
 * Every request gets exactly one whole answer, never a 5XX, and every refusal is the error body of
 * DECISIONS.md.
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

/**
 * Sends raw bytes on one connection; the bytes answered until the server closes it (or 3 s pass).
 * `halfClose` shuts the sending side once the bytes are sent (TCP half-close, as `nc -N` does).
 */
function raw(request: string, { halfClose = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => (halfClose ? socket.end(request) : socket.write(request)));
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

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The bytes of a connection read as HTTP/1.1 answers, each framed by its Content-Length or its
 * chunks; throws when the bytes end inside an answer or are not one, so no half answer, no answer
 * inside another's body and nothing after the last answer goes unnoticed.
 */
function answers(bytes: string): Answer[] {
  const out: Answer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) throw new Error(`bytes after answer ${out.length} are not an answer: ${JSON.stringify(bytes.slice(at, at + 200))}`);
    const [statusLine, ...lines] = bytes.slice(at, headEnd).split('\r\n');
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
    if (!status) throw new Error(`not a status line: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    at = headEnd + 4;
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const sizeEnd = bytes.indexOf('\r\n', at);
        if (sizeEnd < 0) throw new Error(`answer ${out.length} ends inside its chunks`);
        const size = parseInt(bytes.slice(at, sizeEnd), 16);
        at = sizeEnd + 2;
        if (size === 0) {
          if (bytes.slice(at, at + 2) !== '\r\n') throw new Error(`answer ${out.length} has no end after its last chunk`);
          at += 2;
          break;
        }
        body += bytes.slice(at, at + size);
        at += size + 2;
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      body = bytes.slice(at, at + length);
      if (body.length < length) throw new Error(`answer ${out.length} ends ${length - body.length} bytes short of its Content-Length`);
      at += length;
    }
    out.push({ status: Number(status[1]), headers, body });
  }
  return out;
}

/** The error body of DECISIONS.md, with the code asked for. */
function expectErrorBody(answer: Answer, code: string): void {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const { error } = JSON.parse(answer.body);
  expect(error).toMatchObject({ code, message: expect.any(String), plan: expect.any(String), docs: expect.stringContaining(`#error-${code}`) });
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
    const [answer, ...more] = answers(await raw('GET /healthz HTTP/1.1\r\n\r\n'));
    expect(more).toEqual([]);
    expect(answer.status).toBe(400);
    expectErrorBody(answer, 'malformed_request');
  });

  const query = '{"query":"{ __typename }"}';
  const post = (extra: string) => `POST /graphql HTTP/1.1\r\nHost: api.test\r\nX-API-Key: ${KEYS.free}\r\nContent-Type: application/json\r\n${extra}`;
  const healthz = 'GET /healthz HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n\r\n';
  const isTypename = (answer: Answer) => {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toEqual({ __typename: 'Query' });
  };

  it('a chunked POST /graphql whose chunk sizes carry extensions (RFC 9112, 7.1.1) is read and answered', async () => {
    const [a, b] = [query.slice(0, 9), query.slice(9)];
    const chunked = [
      // one chunk with an extension, the connection closed after the answer
      `${post('Transfer-Encoding: chunked\r\nConnection: close\r\n')}\r\n${query.length.toString(16)};ext=1\r\n${query}\r\n0\r\n\r\n`,
      // several chunks: a quoted value holding ';', a name alone, one on the last chunk, and a trailer field
      `${post('Transfer-Encoding: chunked\r\nConnection: close\r\n')}\r\n${a.length.toString(16)};name="va;lue"\r\n${a}\r\n` +
        `${b.length.toString(16)};flag;x=y\r\n${b}\r\n0;last=1\r\nX-Trailer: t\r\n\r\n`,
    ];
    for (const request of chunked) {
      const [answer, ...more] = answers(await raw(request));
      expect(more).toEqual([]);
      isTypename(answer);
    }
  });

  it('a chunked POST /graphql with extensions, then another request on the connection: both answered, in order', async () => {
    const [first, second, ...more] = answers(await raw(`${post('Transfer-Encoding: chunked\r\n')}\r\n${query.length.toString(16)};ext=1\r\n${query}\r\n0\r\n\r\n${healthz}`));
    expect(more).toEqual([]);
    isTypename(first);
    expect(JSON.parse(second.body)).toEqual({ status: 'ok' });
  });

  it("chunk extensions node's parser does not take are refused readably: whitespace before ';', over 16 kB", async () => {
    for (const size of [`${query.length.toString(16)} ;ext=1`, `${query.length.toString(16)};x=${'a'.repeat(20_000)}`]) {
      const [answer, ...more] = answers(await raw(`${post('Transfer-Encoding: chunked\r\n')}\r\n${size}\r\n${query}\r\n0\r\n\r\n`));
      expect(more).toEqual([]);
      expect(answer.status).toBe(400);
      expect(answer.headers.connection).toBe('close');
      expectErrorBody(answer, 'malformed_request');
    }
  });

  const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: api.test\r\nX-API-Key: ${KEYS.free}\r\nAccept: application/json\r\n${extra}`;

  it('a GET with a Content-Length body: the body is read as its body, the next request answered after it', async () => {
    for (const path of ['/healthz', '/v1/regions', '/graphql?query=%7B__typename%7D', '/docs']) {
      for (const body of ['hello', 'x'.repeat(2_000_000)]) {
        const [first, second, ...more] = answers(await raw(`${get(path, `Content-Length: ${body.length}\r\n`)}\r\n${body}${healthz}`));
        expect(more, path).toEqual([]);
        expect(first.status, path).toBe(200);
        expect(JSON.parse(second.body), path).toEqual({ status: 'ok' });
      }
    }
  });

  it('a GET whose body is a whole request: one answer, the body never read as a second request', async () => {
    const inner = 'GET /healthz HTTP/1.1\r\nHost: api.test\r\n\r\n';
    for (const path of ['/v1/regions', '/graphql?query=%7B__typename%7D']) {
      const [answer, ...more] = answers(await raw(`${get(path, `Content-Length: ${inner.length}\r\nConnection: close\r\n`)}\r\n${inner}`));
      expect(more, path).toEqual([]);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain('"status":"ok"');
    }
  });

  it('a GET with a body that is refused: the error body, and the next request answered', async () => {
    const refused: [string, string, number, string][] = [
      // A GraphQL request sent as a GET body: a GET reads its query from the URL only.
      ['/graphql', `Content-Type: application/json\r\nContent-Length: ${query.length}\r\n`, 400, 'invalid_parameter'],
      ['/v1/nowhere', 'Content-Length: 5\r\n', 404, 'not_found'],
      ['/nowhere', 'Content-Length: 5\r\n', 404, 'not_found'],
    ];
    for (const [path, headers, status, code] of refused) {
      const [first, second, ...more] = answers(await raw(`${get(path, headers)}\r\n${path === '/graphql' ? query : 'hello'}${healthz}`));
      expect(more, path).toEqual([]);
      expect(first.status, path).toBe(status);
      expectErrorBody(first, code);
      expect(JSON.parse(second.body), path).toEqual({ status: 'ok' });
    }
    const noKey = `GET /v1/regions HTTP/1.1\r\nHost: api.test\r\nContent-Length: 5\r\n\r\nhello${healthz}`;
    const [first, second] = answers(await raw(noKey));
    expectErrorBody(first, 'missing_api_key');
    expect(second.status).toBe(200);
  });

  it('a client that shuts its sending side once its request is sent (half-close) still gets the answer', async () => {
    // The answers are worked out after the FIN arrives: node:http used to end such connections unanswered.
    const aliased = query.replace('__typename', 'a: __typename b: __typename');
    const requests = [
      `${get('/v1/countries?freq=M')}Connection: close\r\n\r\n`,
      `${get('/v1/countries?freq=A', 'Content-Length: 2000000\r\n')}\r\n${'x'.repeat(2_000_000)}`,
      `${post(`Content-Length: ${aliased.length}\r\n`)}\r\n${aliased}`,
    ];
    for (const request of requests) {
      const [answer, ...more] = answers(await raw(request, { halfClose: true }));
      expect(more).toEqual([]);
      expect(answer.status, request.slice(0, 40)).toBe(200);
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
