/**
 * Fetching only from publishers (src/ingest/fetch/hosts.ts, public-address.ts, http.ts): a
 * redirect or a linked file off the source's official hosts, off https, or out of the mirror is
 * refused; without a mirror no connection goes to a loopback, private or link-local address, the
 * check made on the addresses the connection itself resolves. Real node:http servers on loopback
 * ports stand for the mirror and for an internal service that must never be reached.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSource } from '../../../src/ingest/fetch/fetch-source';
import { hostListed, officialOf, officialProblem } from '../../../src/ingest/fetch/hosts';
import { conditionalGet, DEFAULT_HTTP, FetchFailed, redirectTarget, unmirrored, type HttpOptions } from '../../../src/ingest/fetch/http';
import { nonPublicKind } from '../../../src/ingest/fetch/public-address';
import { emptyState } from '../../../src/ingest/fetch/state';
import { SOURCES, type Source } from '../../../src/ingest/publishers';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const listen = (port: number, handler: Handler) =>
  new Promise<http.Server>((resolve, reject) => {
    const server = http.createServer(handler);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

const routes = new Map<string, Handler>();
/** Requests that reached the internal service: each one a forgery. */
const internalHits: string[] = [];
let mirrorPort = 4321;
let mirror: http.Server;
let internal: http.Server;
let other: http.Server;
let otherPort: number;

beforeAll(async () => {
  const onMirror: Handler = (req, res) => {
    const route = routes.get(req.url ?? '');
    if (route) return route(req, res);
    res.writeHead(404);
    res.end();
  };
  const onInternal: Handler = (req, res) => {
    internalHits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('INTERNAL-SECRET-TOKEN=AKIA-TEST');
  };
  // The mirror on port P and the internal service on P0 (4321 and 43210): the string prefix of the one is the other's address.
  for (let tries = 0; ; tries++) {
    try {
      mirror = await listen(mirrorPort, onMirror);
      try {
        internal = await listen(mirrorPort * 10, onInternal);
        break;
      } catch (err) {
        mirror.close();
        throw err;
      }
    } catch (err) {
      if (tries > 30) throw err;
      mirrorPort = 1024 + Math.floor(Math.random() * 5500);
    }
  }
  other = await listen(0, onInternal);
  otherPort = (other.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of [mirror, internal, other]) {
    s?.closeAllConnections();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
});

const options = (o: Partial<HttpOptions> = {}): HttpOptions => ({ ...DEFAULT_HTTP, mirror: `http://127.0.0.1:${mirrorPort}`, timeoutMs: 5_000, idleMs: 2_000, attempts: 2, backoffMs: 10, ...o });

async function failure(promise: Promise<unknown>): Promise<FetchFailed> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FetchFailed)) throw new Error(`expected a FetchFailed, got ${String(err)}`);
  return err;
}

const redirect = (location: string): Handler => (_req, res) => {
  res.writeHead(302, { Location: location });
  res.end();
};

describe('official hosts', () => {
  it('matches a host exactly, or a domain and the names under it for *.domain', () => {
    expect(hostListed('www.ecb.europa.eu', ['*.ecb.europa.eu'])).toBe(true);
    expect(hostListed('ecb.europa.eu', ['*.ecb.europa.eu'])).toBe(true);
    expect(hostListed('evilecb.europa.eu', ['*.ecb.europa.eu'])).toBe(false);
    expect(hostListed('ec.europa.eu.evil.example', ['ec.europa.eu'])).toBe(false);
    expect(hostListed('EC.EUROPA.EU', ['ec.europa.eu'])).toBe(true);
  });

  it('every source lists the hosts of its address and its fallback', () => {
    for (const source of SOURCES) {
      expect(officialProblem(source.address, source.hosts), source.id).toBeNull();
      if (source.linked?.fallback) expect(officialProblem(source.linked.fallback, source.hosts), source.id).toBeNull();
    }
  });

  it('names the kind of a non-public address', () => {
    expect(nonPublicKind('127.0.0.1')).toBe('loopback');
    expect(nonPublicKind('::ffff:127.0.0.1')).toBe('loopback');
    expect(nonPublicKind('169.254.169.254')).toBe('link-local');
    expect(nonPublicKind('10.1.2.3')).toBe('private');
    expect(nonPublicKind('fd00::1')).toBe('private');
    expect(nonPublicKind('93.184.215.14')).toBeNull();
  });
});

describe('the mirror, compared as a parsed origin and path prefix', () => {
  it('takes an address under the mirror for the official one it stands for, and nothing else', () => {
    expect(officialOf('https://mirror.corp/ec.europa.eu/x', 'https://mirror.corp')).toBe('https://ec.europa.eu/x');
    expect(officialOf('https://mirror.corp.evil.com/ec.europa.eu/x', 'https://mirror.corp')).toBeNull();
    expect(officialOf('http://127.0.0.1:43210/latest/meta-data/', 'http://127.0.0.1:4321')).toBeNull();
    expect(officialOf('https://mirror.corp/basement/ec.europa.eu/x', 'https://mirror.corp/base')).toBeNull();
    expect(officialOf('https://mirror.corp/base/../ec.europa.eu/x', 'https://mirror.corp/base')).toBeNull();
    expect(unmirrored('https://mirror.corp.evil.com/ec.europa.eu/x', 'https://mirror.corp')).toBe('https://mirror.corp.evil.com/ec.europa.eu/x');
  });

  it(`refuses a redirect to http://127.0.0.1:<port>0/… from the mirror http://127.0.0.1:<port>: the internal service is never asked`, async () => {
    routes.set('/publisher.test/latest.csv', redirect(`http://127.0.0.1:${mirrorPort}0/latest/meta-data/iam/security-credentials/`));
    const err = await failure(conditionalGet('https://publisher.test/latest.csv', null, options()));
    expect(err.message).toMatch(/redirect refused: http: is not https/);
    expect(err.message).not.toMatch(/INTERNAL-SECRET/);
    expect(internalHits).toEqual([]);
  });

  it("refuses a redirect out of the mirror's path and to a host not the publisher's", async () => {
    routes.set('/publisher.test/a.csv', redirect('https://169.254.169.254/latest/meta-data/'));
    const err = await failure(conditionalGet('https://publisher.test/a.csv', null, options()));
    expect(err.message).toMatch(/redirect refused: 169\.254\.169\.254 is not one of the publisher's hosts/);
    const based = options({ mirror: `http://127.0.0.1:${mirrorPort}/base` });
    routes.set('/base/publisher.test/b.csv', redirect(`/basement/publisher.test/b.csv`));
    expect((await failure(conditionalGet('https://publisher.test/b.csv', null, based))).message).toMatch(/redirect refused: http: is not https/);
  });
});

describe('without a mirror', () => {
  const hosts = ['publisher.test'];
  const from = 'https://publisher.test/latest.csv';

  it('refuses redirects to loopback, link-local, data: and from https to http', () => {
    const refused = (location: string) => {
      try {
        return `followed to ${redirectTarget(location, from, null, hosts)}`;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refused(`http://127.0.0.1:${otherPort}/secret`)).toMatch(/redirect refused: http: is not https/);
    expect(refused('https://127.0.0.1/secret')).toMatch(/redirect refused: 127\.0\.0\.1 is not one of the publisher's hosts/);
    expect(refused('https://localhost/secret')).toMatch(/localhost is not one of the publisher's hosts/);
    expect(refused('https://169.254.169.254/latest/meta-data/')).toMatch(/169\.254\.169\.254 is not one of the publisher's hosts/);
    expect(refused('https://[::1]/x')).toMatch(/is not one of the publisher's hosts/);
    expect(refused('data:text/plain,INTERNAL-SECRET')).toMatch(/redirect refused: data: is not https/);
    expect(refused('http://publisher.test/file.csv')).toMatch(/redirect refused: http: is not https/);
    expect(refused('https://user:pw@publisher.test/file.csv')).toMatch(/credentials/);
    expect(refused('/2026/file.csv')).toBe('followed to https://publisher.test/2026/file.csv');
  });

  it('connects to no loopback address, a literal one or one a name resolves to', async () => {
    const direct = options({ mirror: null, attempts: 1 });
    const literal = await failure(conditionalGet(`https://127.0.0.1:${otherPort}/x`, null, direct, ['127.0.0.1']));
    expect(literal.message).toMatch(/refused: 127\.0\.0\.1 is a loopback address/);
    const named = await failure(conditionalGet(`https://localhost:${otherPort}/x`, null, direct, ['localhost']));
    expect(named.message).toMatch(/refused: localhost resolves to a loopback address/);
    const linkLocal = await failure(conditionalGet('https://169.254.169.254/latest/meta-data/', null, direct, ['169.254.169.254']));
    expect(linkLocal.message).toMatch(/169\.254\.169\.254 is a link-local address/);
    expect(internalHits).toEqual([]);
  });
});

describe('a page of links', () => {
  it('refuses a linked file on another host, naming the host; nothing is fetched from it', async () => {
    const source: Source = {
      id: 'test/linked',
      name: 'test',
      publisher: 'test',
      address: 'https://publisher.test/downloads/',
      hosts: ['publisher.test'],
      linked: { family: /^chegadas_\d{4}\.csv$/, format: 'csv', fallback: null },
      file: () => 'test/chegadas.csv',
      unpack: { kind: 'as-is' },
    };
    routes.set('/publisher.test/downloads/', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<a href="https://publisher.test/files/chegadas_2024.csv">2024</a> <a href="http://127.0.0.1:${mirrorPort}0/files/chegadas_2030.csv">2030</a>`);
    });
    const checked = await fetchSource(source, emptyState(), options());
    expect(checked).toEqual({ outcome: 'failed', reason: expect.stringMatching(/refused: http: is not https/) });
    routes.set('/publisher.test/downloads/', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<a href="https://files.evil.example/chegadas_2030.csv">2030</a>');
    });
    const elsewhere = await fetchSource(source, emptyState(), options());
    expect(elsewhere).toEqual({ outcome: 'failed', reason: expect.stringMatching(/refused: files\.evil\.example is not one of the publisher's hosts/) });
    expect(internalHits).toEqual([]);
  });
});
