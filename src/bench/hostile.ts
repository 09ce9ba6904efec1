/**
 * A burst of hostile requests for bench:compare's memory figures, from the security tests' inputs:
 * large answers, queries padded to 900 kB, a hundred aliases of every country, bodies over the size
 * limit and nested 50,000 levels deep, odd JSON shapes, long query strings and bytes that are not HTTP,
 * four at a time. Counts the answers at 500 or above (none is allowed) and the requests that failed.
 */
import http from 'node:http';
import net from 'node:net';
import { send } from './compare-answers';

export interface BurstResult {
  requests: number;
  /** Answers with a status of 500 or more. */
  serverErrors: number;
  /** Requests that got no answer (the connection was cut). */
  failed: number;
}

const DEEP = 50_000;
/** Requests in flight at once. */
const CONCURRENCY = 4;

const large = (i: number) =>
  `{ series(first: 1000, filter: { freq: M, measure: ${i % 2 ? 'nights' : 'arrivals'} }) { nodes { alias observations(from: "${1995 + (i % 4)}", to: "2025") { period value } } } }`;
const padded = (i: number) => `{ regions { slug } }\n#${String(i).padStart(4, '0')}${'x'.repeat(900_000)}`;
const amplified = (i: number) =>
  `{ ${Array.from({ length: 100 }, (_, j) => `a${j}: countries(first: 1000) { ...C }`).join(' ')} } fragment C on CountryConnection { nodes { arrivals { alias } } }\n# ${i}`;

const ODD_BODIES = [
  JSON.stringify({ query: 5 }),
  JSON.stringify({ query: ['{ __typename }'] }),
  JSON.stringify({ query: { text: '{ __typename }' } }),
  JSON.stringify({ query: '{ __typename }', variables: [1] }),
  JSON.stringify([{ query: 5 }]),
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
  `{"query":"{ __typename }","variables":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`,
  `{"query":"${'{ a '.repeat(5_000)}${'}'.repeat(5_000)}"}`,
  'null',
  '{"query": ',
];

/** Writes raw bytes and reads until the server closes; the status of the answer (0 for none). */
function raw(base: string, text: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', () => undefined);
  });
}

/** The burst against `base`: `keys.intel` for the large answers, `keys.free` for the rest. */
export async function hostileBurst(base: string, keys: { free: string; intel: string }): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (body: string, key: string, path = '/graphql') => async () =>
    (await send(base, 'POST', path, { 'Content-Type': 'application/json', 'X-API-Key': key }, body, agent)).status;
  const get = (path: string, key: string) => async () => (await send(base, 'GET', path, { 'X-API-Key': key }, undefined, agent)).status;
  const attacks: (() => Promise<number>)[] = [
    ...Array.from({ length: 8 }, (_, i) => post(JSON.stringify({ query: large(i) }), keys.intel)),
    ...Array.from({ length: 20 }, (_, i) => post(JSON.stringify({ query: padded(i) }), keys.free)),
    ...Array.from({ length: 6 }, (_, i) => post(JSON.stringify({ query: amplified(i) }), keys.free)),
    ...ODD_BODIES.map((body) => post(body, keys.intel)),
    ...ODD_BODIES.slice(0, 3).map((body) => post(body, keys.free, '/v1/countries')),
    // Over the body limit: 5 MB of a string.
    post(JSON.stringify({ query: `# ${'x'.repeat(5_000_000)}\n{ __typename }` }), keys.free),
    // Long query strings: under the 16 kB header limit, and over it.
    get(`/v1/countries?${Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join('&')}`, keys.free),
    get(`/v1/arrivals?country=${'ES,'.repeat(4_000)}ES`, keys.intel),
    get(`/v1/countries?${'a'.repeat(20_000)}=1`, keys.free),
    get(`/graphql?query=${encodeURIComponent(`{ ${'__typename '.repeat(1_200)}}`)}`, keys.free),
    () => raw(base, 'HELLO THERE\r\n\r\n'),
    () => raw(base, `GET /v1/countries HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
  ];
  const result: BurstResult = { requests: attacks.length, serverErrors: 0, failed: 0 };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let attack = attacks.shift(); attack; attack = attacks.shift()) {
        const status = await attack().catch(() => 0);
        if (status >= 500) result.serverErrors++;
        if (status === 0) result.failed++;
      }
    }),
  );
  agent.destroy();
  return result;
}
