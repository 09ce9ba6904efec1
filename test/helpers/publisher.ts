/**
 * A stand-in for the publishers: node:http on a loopback port serving a temporary copy of
 * ../shared/data laid out by official address (`<root>/<host>/<path>?<query>`), each file packed
 * as its publisher packs it (gzip for Eurostat, zips for the ECB and the World Bank, the Bank's
 * wide layout for its indicators, StatCan's full-table zip and SingStat's API answer written from
 * the held exports' figures (test/helpers/fetched-formats.ts), pages linking the dated files). It answers with ETag and
 * Last-Modified and gives 304 to a conditional GET of an unchanged file. The service reaches it
 * as its TOURISM_PUBLISHER_MIRROR. Addresses can be made to fail: a status, a hang, a cut body.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { parseCsvLines } from '../../src/ingest/connectors/worldbank';
import { fileNameOf } from '../../src/ingest/fetch/page-links';
import { SOURCES, type Source } from '../../src/ingest/publishers';
import { SOURCES_DIR } from './paths';
import { singstatApiJson, statcanFullTableCsv, statcanFullTableZip } from './fetched-formats';

export type Misbehaviour =
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'cut'; declareLength: boolean }
  /** `chunk` again and again up to `bytes`, `everyMs` apart (a page that never ends, a publisher dripping bytes), generated as it is sent. */
  | { kind: 'stream'; chunk: Buffer; bytes: number; everyMs: number };

export interface StandInPublisher {
  /** The base URL to give as TOURISM_PUBLISHER_MIRROR. */
  url: string;
  /** Where the copy lies, by official address. */
  root: string;
  /** What an official address serves now. */
  read: (address: string) => Buffer;
  /** Serves other bytes at an official address (its ETag and Last-Modified move with them). */
  put: (address: string, body: Buffer | string) => void;
  misbehave: (address: string, how: Misbehaviour | null) => void;
  /** Requests as they came: the official address, the status sent, whether it was conditional. */
  requests: { address: string; status: number; conditional: boolean }[];
  /** Each source's file address as the stand-in serves it (for a linked source, the file the page links). */
  fileAddress: (id: string) => string;
  close: () => Promise<void>;
}

/** The file of the copy at an official address: `https://host/path?query` → `<root>/host/path?query` (`/` → index.html). */
export function addressPath(root: string, address: string): string {
  const u = new URL(address);
  const pathname = u.pathname.endsWith('/') ? `${u.pathname}index.html` : u.pathname;
  return path.join(root, u.host, `${decodeURIComponent(pathname)}${u.search}`);
}

const shared = (file: string) => fs.readFileSync(path.join(SOURCES_DIR, file));

/** The shared file a source stands for: its own file, else the older vintage it supersedes. */
function sharedFileOf(source: Source, address: string): string {
  const candidates = [source.file(address), ...(source.alsoProvides ?? [])];
  const found = candidates.find((f) => fs.statSync(path.join(SOURCES_DIR, f), { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`no shared file stands for ${source.id}`);
  return found;
}

/** The Bank's wide download layout (four preamble lines, one column per year) of one long indicator file. */
export function worldBankWide(long: string, indicator: string): string {
  const [, ...rows] = parseCsvLines(long);
  const years = [...new Set(rows.map((r) => Number(r[2])))].sort((a, b) => a - b);
  const first = years[0];
  const span = Array.from({ length: years[years.length - 1] - first + 1 }, (_, i) => first + i);
  const byCountry = new Map<string, { name: string; values: Map<number, string> }>();
  for (const [name, code, year, value] of rows) {
    const c = byCountry.get(code) ?? { name, values: new Map() };
    c.values.set(Number(year), value);
    byCountry.set(code, c);
  }
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = [
    `${q('Data Source')},${q('World Development Indicators')},`,
    '',
    `${q('Last Updated Date')},${q('2026-07-01')},`,
    '',
    `${[q('Country Name'), q('Country Code'), q('Indicator Name'), q('Indicator Code'), ...span.map((y) => q(String(y)))].join(',')},`,
    ...[...byCountry].map(([code, c]) => `${[q(c.name), q(code), q(indicator), q(indicator), ...span.map((y) => q(c.values.get(y) ?? ''))].join(',')},`),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Member names for zips whose shared copy carries another name than the publisher's archive member. */
const MEMBER_NAMES: Record<string, string> = {
  'worldbank/derived-tourism-economy': 'world_tourism_economy_data.csv',
};

/** The bytes a publisher serves for a source at an address, made from the shared copy. */
function packed(source: Source, address: string): Buffer {
  // The shared folder holds these tables as other exports: their publishers' formats are written from those figures.
  if (source.id === 'statcan/24100050') return statcanFullTableZip(statcanFullTableCsv());
  if (source.id === 'singstat/M550001') return Buffer.from(singstatApiJson());
  const unpack = source.unpack;
  switch (unpack.kind) {
    case 'as-is':
      return shared(sharedFileOf(source, address));
    case 'gzip':
      return gzipSync(shared(sharedFileOf(source, address)));
    case 'zip-member': {
      const file = sharedFileOf(source, address);
      return Buffer.from(zipSync({ [MEMBER_NAMES[source.id] ?? path.basename(file)]: new Uint8Array(shared(file)) }));
    }
    case 'zip-members': {
      const names = fs.readdirSync(path.join(SOURCES_DIR, unpack.dir)).filter((f) => unpack.member.test(f));
      return Buffer.from(zipSync(Object.fromEntries(names.map((f) => [f, new Uint8Array(shared(`${unpack.dir}/${f}`))]))));
    }
    case 'worldbank-long': {
      const wide = worldBankWide(shared(source.file(address)).toString('utf8'), unpack.indicator);
      return Buffer.from(zipSync({ [`API_${unpack.indicator}_DS2_en_csv_v2_1.csv`]: new Uint8Array(Buffer.from(wide)) }));
    }
  }
}

/**
 * Where the page links a linked source's file: the address of the dated file the shared copy is
 * (UN Tourism's workbook of 2023-03 has one of its own), else its dated fallback, else beside the page.
 */
function linkedFileAddress(source: Source): string {
  const file = sharedFileOf(source, source.linked?.fallback ?? source.address);
  const archived = SOURCES.find((s) => !s.linked && s.file(s.address) === file);
  if (archived) return archived.address;
  if (source.linked?.fallback) return source.linked.fallback;
  return new URL(`files/${path.basename(file)}`, source.address).href;
}

/** A page linking files, as a publisher's download page does. */
export function pageLinking(addresses: readonly string[]): string {
  const items = addresses.map((a) => `<li><a href="${a.replace(/&/g, '&amp;')}">${fileNameOf(a)}</a></li>`).join('\n');
  return `<!doctype html>\n<html><body><h1>Downloads</h1><ul>\n${items}\n</ul></body></html>\n`;
}

function etagOf(data: Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
}

/** Lays the copy out and starts serving it. */
export async function startStandInPublisher(): Promise<StandInPublisher> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-publisher-'));
  const fileAddresses = new Map<string, string>();
  const pages = new Map<string, string[]>();
  const write = (address: string, data: Buffer | string) => {
    const file = addressPath(root, address);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
  };
  for (const source of SOURCES) {
    const address = source.linked ? linkedFileAddress(source) : source.address;
    fileAddresses.set(source.id, address);
    write(address, packed(source, address));
    if (source.linked) pages.set(source.address, [...(pages.get(source.address) ?? []), address]);
  }
  for (const [page, links] of pages) write(page, pageLinking(links));

  const misbehaving = new Map<string, Misbehaviour>();
  const requests: StandInPublisher['requests'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    // The mirror layout: /<host>/<path>?<query> stands for https://<host>/<path>?<query>.
    const address = `https:/${req.url ?? '/'}`;
    const conditional = Boolean(req.headers['if-none-match'] || req.headers['if-modified-since']);
    const answer = (status: number, headers: Record<string, string | number> = {}, body?: Buffer) => {
      requests.push({ address, status, conditional });
      res.writeHead(status, headers);
      res.end(body);
    };
    const how = misbehaving.get(address);
    if (how?.kind === 'status') return answer(how.status, { 'Content-Type': 'text/plain' }, Buffer.from('stand-in failure'));
    if (how?.kind === 'stream') {
      requests.push({ address, status: 200, conditional });
      res.writeHead(200, { 'Content-Type': 'text/html' });
      hanging.add(res);
      let sent = 0;
      // Without a pause, the chunk goes in pieces of 64 kB or more, and each waits for the socket to drain, so a client that stops reading stops the stream.
      const piece = how.everyMs > 0 ? how.chunk : Buffer.concat(Array.from({ length: Math.ceil(65_536 / how.chunk.length) }, () => how.chunk));
      const more = () => {
        if (res.destroyed) return;
        if (sent >= how.bytes) return void res.end();
        sent += piece.length;
        if (how.everyMs > 0) {
          res.write(piece);
          setTimeout(more, how.everyMs);
        } else if (res.write(piece)) setImmediate(more);
        else res.once('drain', more);
      };
      res.on('close', () => hanging.delete(res));
      more();
      return;
    }
    if (how?.kind === 'hang') {
      requests.push({ address, status: 200, conditional });
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write('x');
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    let file: string;
    let data: Buffer;
    try {
      file = addressPath(root, address);
      data = fs.readFileSync(file);
    } catch {
      return answer(404, { 'Content-Type': 'text/plain' }, Buffer.from('not found'));
    }
    const etag = etagOf(data);
    const modified = fs.statSync(file).mtime;
    modified.setMilliseconds(0);
    const since = req.headers['if-modified-since'] ? Date.parse(req.headers['if-modified-since']) : NaN;
    const fresh = req.headers['if-none-match'] ? req.headers['if-none-match'] === etag : since >= modified.getTime();
    const validators = { ETag: etag, 'Last-Modified': modified.toUTCString() };
    if (fresh) return answer(304, validators);
    if (how?.kind === 'cut') {
      // Half the file, then the end: with its full length declared (the connection drops), or chunked as if whole.
      requests.push({ address, status: 200, conditional });
      res.writeHead(200, { ...validators, ...(how.declareLength ? { 'Content-Length': data.length } : {}) });
      res.write(data.subarray(0, data.length >> 1));
      if (how.declareLength) res.destroy();
      else res.end();
      return;
    }
    answer(200, { ...validators, 'Content-Length': data.length, 'Content-Type': 'application/octet-stream' }, data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    root,
    read: (address) => fs.readFileSync(addressPath(root, address)),
    put: (address, body) => {
      const file = addressPath(root, address);
      const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
      write(address, body);
      // Last-Modified has whole seconds: a file put within the second it was written still moves it.
      const after = Math.max(Date.now(), before + 1000);
      fs.utimesSync(file, new Date(after), new Date(after));
    },
    misbehave: (address, how) => (how ? misbehaving.set(address, how) : misbehaving.delete(address)),
    requests,
    fileAddress: (id) => {
      const a = fileAddresses.get(id);
      if (!a) throw new Error(`no source ${id}`);
      return a;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
