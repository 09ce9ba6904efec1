/**
 * Zip archives as publishers send them (xlsx workbooks, the ECB's and the World Bank's downloads),
 * read as untrusted input: the central directory is checked against the file, and each entry is
 * inflated as a stream (fflate's Inflate) against a running total for the archive and a bound on
 * its ratio to the packed bytes. The sizes an entry declares are compared afterwards but never
 * trusted to allocate, so a bomb is stopped after a few megabytes, not at the gigabytes it holds.
 * An archive read whole is cached for the next reader of the same bytes (the shape check, then the
 * connector), so a file is inflated once.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';

export interface InflateLimits {
  /** The most all the entries read from one archive may inflate to. */
  maxBytes: number;
  /** The most an entry may inflate to per packed byte, once past `ratioFrom` bytes. */
  maxRatio: number;
}

/** Publishers' workbooks inflate to at most tens of megabytes, at ratios under 10. */
export const ZIP_LIMITS: InflateLimits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100 };

/** Small entries (a sheet of blanks) may have any ratio: the bound applies past this many bytes. */
const RATIO_FROM = 1024 * 1024;

/** Packed bytes given to the inflater at a time, so the ratio is checked as it goes. */
const PACKED_CHUNK = 64 * 1024;

/** The archive was rejected: a bound passed or its structure is damaged; the message says which. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  packed: number;
  declared: number;
  /** Offset of the packed bytes in the archive. */
  start: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65535. */
const EOCD_SEARCH = 22 + 0xffff;

/** The archive's entries from its central directory, each checked to lie inside the file. */
export function zipEntries(data: Uint8Array): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - EOCD_SEARCH); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a complete zip archive: no end-of-central-directory record (file truncated?)');
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryStart = view.getUint32(eocd + 16, true);
  if (directoryStart + directorySize > eocd) throw new ZipError(`zip central directory (${directorySize} bytes at ${directoryStart}) runs past its end record`);
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new ZipError(`zip central directory: entry ${i + 1} of ${count} is missing`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const packed = view.getUint32(at + 20, true);
    const declared = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    at = next;
    if (local + 30 > directoryStart || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw new ZipError(`zip entry ${name}: local header missing`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packed > directoryStart) throw new ZipError(`zip entry ${name}: ${packed} bytes declared, the file ends first (file truncated?)`);
    entries.push({ name, method, crc, packed, declared, start });
  }
  return entries;
}

/** One entry inflated as a stream; `budget.left` is what the archive may still inflate to. */
function inflateEntry(data: Uint8Array, entry: ZipEntry, budget: { left: number }, limits: InflateLimits): Uint8Array {
  const body = data.subarray(entry.start, entry.start + entry.packed);
  let content: Uint8Array;
  if (entry.method === 0) {
    if (body.length > budget.left) throw new ZipError(`zip entry ${entry.name}: the archive unpacks to more than ${limits.maxBytes} bytes`);
    content = body;
  } else if (entry.method === 8) {
    const chunks: Uint8Array[] = [];
    let out = 0;
    let fed = 0;
    const inflater = new Inflate((chunk) => {
      out += chunk.length;
      if (out > budget.left) throw new ZipError(`zip entry ${entry.name}: the archive unpacks to more than ${limits.maxBytes} bytes`);
      if (out > RATIO_FROM && out > fed * limits.maxRatio) {
        throw new ZipError(`zip entry ${entry.name}: inflates to more than ${limits.maxRatio} times its packed size (a zip bomb?)`);
      }
      chunks.push(chunk);
    });
    try {
      if (body.length === 0) inflater.push(body, true);
      for (let at = 0; at < body.length; at += PACKED_CHUNK) {
        const piece = body.subarray(at, at + PACKED_CHUNK);
        fed += piece.length;
        inflater.push(piece, at + PACKED_CHUNK >= body.length);
      }
    } catch (err) {
      if (err instanceof ZipError) throw err;
      throw new ZipError(`zip entry ${entry.name} is damaged, it does not inflate: ${(err as Error).message}`);
    }
    content = chunks.length === 1 ? chunks[0] : new Uint8Array(out);
    if (chunks.length !== 1) {
      let offset = 0;
      for (const c of chunks) {
        content.set(c, offset);
        offset += c.length;
      }
    }
  } else {
    throw new ZipError(`zip entry ${entry.name}: unknown compression method ${entry.method}`);
  }
  budget.left -= content.length;
  if (content.length !== entry.declared) throw new ZipError(`zip entry ${entry.name} is damaged: ${entry.declared} bytes declared, ${content.length} inflated`);
  if (crc32(content) >>> 0 !== entry.crc) throw new ZipError(`zip entry ${entry.name} is damaged: its checksum does not match`);
  return content;
}

/** Archives read whole, by content digest, most recent last; bounded by their inflated bytes. */
const archiveCache = new Map<string, Map<string, Uint8Array>>();
const ARCHIVE_CACHE_BYTES = 96 * 1024 * 1024;

function cacheArchive(digest: string, entries: Map<string, Uint8Array>): void {
  const size = (m: Map<string, Uint8Array>) => [...m.values()].reduce((n, v) => n + v.length, 0);
  if (size(entries) > ARCHIVE_CACHE_BYTES) return;
  archiveCache.set(digest, entries);
  let total = [...archiveCache.values()].reduce((n, m) => n + size(m), 0);
  for (const [key, m] of archiveCache) {
    if (total <= ARCHIVE_CACHE_BYTES) break;
    archiveCache.delete(key);
    total -= size(m);
  }
}

/**
 * The entries whose names pass `wanted` (every entry when absent), inflated within the limits;
 * throws ZipError naming the entry and the bound or damage. Reading every entry also checks
 * the whole archive (each entry's size and checksum).
 */
export function readZip(data: Uint8Array, wanted?: (name: string) => boolean, limits: InflateLimits = ZIP_LIMITS): Map<string, Uint8Array> {
  const digest = createHash('sha1').update(data).digest('hex');
  const whole = archiveCache.get(digest);
  if (whole) {
    archiveCache.delete(digest);
    archiveCache.set(digest, whole);
    return wanted ? new Map([...whole].filter(([name]) => wanted(name))) : whole;
  }
  const budget = { left: limits.maxBytes };
  const out = new Map<string, Uint8Array>();
  for (const entry of zipEntries(data)) {
    if (wanted && !wanted(entry.name)) continue;
    out.set(entry.name, inflateEntry(data, entry, budget, limits));
  }
  if (!wanted) cacheArchive(digest, out);
  return out;
}

/** What is wrong with a zip archive, or null when every entry is present, within the limits, and inflates to its declared bytes. */
export function zipProblem(data: Uint8Array, limits: InflateLimits = ZIP_LIMITS): string | null {
  try {
    readZip(data, undefined, limits);
    return null;
  } catch (err) {
    if (err instanceof ZipError) return err.message;
    throw err;
  }
}
