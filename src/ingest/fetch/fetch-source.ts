/**
 * One source checked at its publisher: the address to fetch (for a family of dated files, the
 * newest the page links), a conditional GET with the stored copy's validators, and what came back
 * unpacked into the files of the sources layout. Nothing is written here: the round decides.
 */
import { createHash } from 'node:crypto';
import type { Source, Unpacking } from '../publishers';
import { conditionalGet, FetchFailed, unmirrored, type HttpOptions } from './http';
import { MAX_PAGE_BYTES } from '../limits';
import { fileNameOf, linksOf, newestLink } from './page-links';
import type { SourceState } from './state';
import { gunzip, worldBankLong, zipMember, zipMembers } from './unpack';

export type Checked =
  | { outcome: 'unchanged'; url: string; etag: string | null; lastModified: string | null }
  | {
      outcome: 'changed';
      url: string;
      etag: string | null;
      lastModified: string | null;
      /** The files of the layout, by path, as they are to be stored. */
      files: Map<string, Buffer>;
      checksum: string;
      /** Bytes received over the wire (before unpacking). */
      received: number;
    }
  | { outcome: 'failed'; reason: string };

/** SHA-256 over the files' paths and bytes, in path order: the identity of what a source holds. */
export function checksumOf(files: ReadonlyMap<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(`${name}\0${files.get(name)!.length}\0`);
    hash.update(files.get(name)!);
  }
  return hash.digest('hex');
}

/** The address to fetch: the source's own, or the newest file of its family on its page. */
async function locate(source: Source, previous: SourceState, http: HttpOptions): Promise<{ url: string } | { failed: string }> {
  const linked = source.linked;
  if (!linked) return { url: source.address };
  let newest: string | null = null;
  let why: string;
  try {
    // A page is read up to its own bound: it lists files, it is not one.
    const page = await conditionalGet(source.address, null, { ...http, maxBytes: Math.min(http.maxBytes, MAX_PAGE_BYTES) }, source.hosts);
    if (page.kind !== 'body') throw new FetchFailed(`${source.address} answered 304 to a request without validators`);
    // A mirror may serve the page with its links pointing into the mirror: they are named by their
    // official address. A link to another host is rejected when fetched (the source's hosts).
    const links = linksOf(page.body.toString('utf8'), source.address).map((l) => unmirrored(l, http.mirror));
    newest = newestLink(links, linked.family);
    why = `no link like ${linked.family} on ${source.address}`;
  } catch (err) {
    why = `the page ${(err as Error).message}`;
    // A page past its bound is not a page that yields nothing: the source fails rather than fall back.
    if (/over the bound/.test((err as Error).message)) return { failed: why };
  }
  if (newest) {
    const extension = fileNameOf(newest).split('.').pop()?.toLowerCase();
    if (extension !== linked.format) {
      return { failed: `format changed: the newest file on ${source.address} is ${fileNameOf(newest)}, an .${extension} file; the connector reads .${linked.format} (the copy held is kept)` };
    }
    return { url: newest };
  }
  // The dated name is the fallback, not the rule: only when the page yields nothing, and never back past a newer stored copy.
  const url = previous.url ?? linked.fallback;
  return url ? { url } : { failed: why };
}

/** The files the body stands for in the sources layout. */
function unpacked(source: Source, url: string, body: Buffer, unpack: Unpacking, maxBytes: number): Map<string, Buffer> {
  switch (unpack.kind) {
    case 'as-is':
      return new Map([[source.file(url), body]]);
    case 'gzip':
      return new Map([[source.file(url), gunzip(body, maxBytes)]]);
    case 'zip-member':
      return new Map([[source.file(url), zipMember(body, unpack.member, maxBytes).data]]);
    case 'zip-members': {
      const members = zipMembers(body, unpack.member, maxBytes);
      if (members.size === 0) throw new Error(`the archive holds no member named like ${unpack.member}`);
      return new Map([...members].map(([name, data]) => [`${unpack.dir}/${name.split('/').pop()}`, data]));
    }
    case 'worldbank-long': {
      const wide = zipMember(body, new RegExp(`^API_${unpack.indicator.replace(/\./g, '\\.')}_DS2_.*\\.csv$`, 'i'), maxBytes);
      return new Map([[source.file(url), Buffer.from(worldBankLong(wide.data.toString('utf8'), unpack.indicator))]]);
    }
  }
}

/** Checks one source; never throws (a failure is an outcome, with its reason). */
export async function fetchSource(source: Source, previous: SourceState, http: HttpOptions): Promise<Checked> {
  const located = await locate(source, previous, http);
  if ('failed' in located) return { outcome: 'failed', reason: located.failed };
  const { url } = located;
  // Validators belong to the address they came with: a newly found file is fetched whole.
  const validators = previous.url === url && previous.checksum ? { etag: previous.etag, lastModified: previous.lastModified } : null;
  let answer;
  try {
    answer = await conditionalGet(url, validators, http, source.hosts);
  } catch (err) {
    return { outcome: 'failed', reason: (err as Error).message };
  }
  if (answer.kind === 'not-modified') return { outcome: 'unchanged', url, etag: previous.etag, lastModified: previous.lastModified };
  let files: Map<string, Buffer>;
  try {
    files = unpacked(source, url, answer.body, source.unpack, http.maxBytes);
  } catch (err) {
    return { outcome: 'failed', reason: `${fileNameOf(url) || url}: ${(err as Error).message}` };
  }
  if (source.urlBeside) {
    for (const name of [...files.keys()]) files.set(`${name}.url`, Buffer.from(url));
  }
  const checksum = checksumOf(files);
  const { etag, lastModified } = answer;
  if (checksum === previous.checksum) return { outcome: 'unchanged', url, etag, lastModified };
  return { outcome: 'changed', url, etag, lastModified, files, checksum, received: answer.body.length };
}
