/**
 * gzip and brotli for cached answers, chosen by Accept-Encoding. An answer is compressed once per
 * coding, the first time that coding is asked for, and the compressed bytes are cached beside the plain
 * ones, so a repeated request does no compression.
 *
 * A REST JSON answer carries its request id inside the body. Its compressed form takes the id without
 * compressing again: the bytes up to and with the id go in an uncompressed block (a stored deflate
 * block; an uncompressed brotli meta-block), written per request, and the rest is compressed once as
 * a stream of its own, whose back-references never reach before its start.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';

export type Coding = 'br' | 'gzip' | 'identity';
export type Compression = Exclude<Coding, 'identity'>;

/** Bodies under this many bytes go out as they are: compressing them saves less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

/** What the headers say per coding: Content-Encoding, and the suffix that keeps each coding's ETag apart. */
export const CODING_SUFFIX: Record<Compression, string> = { br: '-br', gzip: '-gz' };

/** The Vary list of every cached answer: who asks (plan), in what format, in what coding. */
export const ANSWER_VARY = 'X-API-Key, Accept, Accept-Encoding';

/**
 * Whether an If-None-Match header matches an answer's ETag, by RFC 9110's weak comparison (section
 * 13.1.2): `*`, or any tag of the list with or without its `W/`.
 */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header.trim() === '*') return true;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/** The validator of a plain answer: what it is an answer to (data version, day, plan, request …), digested. */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** The ETag of a coding: the plain answer's validator with a suffix inside the quotes. */
export function codedEtag(etag: string, coding: Coding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}${CODING_SUFFIX[coding]}"`;
}

/**
 * The coding to send for an Accept-Encoding header: the acceptable one (q > 0) with the highest q,
 * brotli before gzip at equal q; identity when neither is acceptable. `*` stands for codings not named.
 */
export function parseAcceptEncoding(header: string | undefined): Coding {
  if (!header) return 'identity';
  const { br, gzip } = qualities(header);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** Each coding's q in an Accept-Encoding header (0: rejected, as `gzip;q=0` says, or not named and no `*`). */
function qualities(header: string): Record<Compression, number> {
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]{1,5})\s*$/i.exec(p);
      if (m) q = Number.isFinite(Number(m[1])) ? Number(m[1]) : 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === '*') any = q;
  }
  return { br: br < 0 ? Math.max(any, 0) : br, gzip: gzip < 0 ? Math.max(any, 0) : gzip };
}

/** Whether a header accepts one coding (q > 0), for bodies cached in that coding only (the explorer's pre-gzipped assets). */
export function accepts(header: string | undefined, coding: Compression): boolean {
  return header ? qualities(header)[coding] > 0 : false;
}

const seen = new Map<string, Coding>();
/** parseAcceptEncoding remembered per header text: callers send a handful of distinct headers. */
export function negotiate(header: string | undefined): Coding {
  if (!header) return 'identity';
  let coding = seen.get(header);
  if (coding === undefined) {
    coding = parseAcceptEncoding(header);
    if (seen.size >= 256) seen.clear();
    seen.set(header, coding);
  }
  return coding;
}

/** An answer's bytes in one coding, as pieces to write around the request's insert (its request id). */
export interface Encoded {
  pieces: (insert: Buffer | null) => Buffer[];
  /** Bytes cached, for the answer cache's budget. */
  bytes: number;
}

const BROTLI_WHOLE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * The body in `coding`, or null when it is too small to be worth it. `split` is the body around its
 * insert (the request id placeholder), or null for a body that is the same for every request.
 */
export function encode(coding: Compression, body: Buffer, split: [Buffer, Buffer] | null): Encoded | null {
  if (body.length < MIN_COMPRESSED_BYTES) return null;
  if (!split) {
    const whole = coding === 'br' ? zlib.brotliCompressSync(body, BROTLI_WHOLE) : zlib.gzipSync(body);
    const pieces = [whole];
    return { pieces: () => pieces, bytes: whole.length };
  }
  return coding === 'br' ? brotliAround(split[0], split[1]) : gzipAround(split[0], split[1]);
}

/**
 * Answers up to this size are sent as one latin1 string (one character per byte): node:http joins
 * it to the status line and headers and sends one piece, where Buffers go as a writev of several.
 * That is faster for small answers (docs/performance.md); past a few tens of kB the copy costs more
 * than the write saves.
 */
const ONE_WRITE_MAX = 16 * 1024;

/** Pieces shorter than this (a request id, a block header) are turned into text on each write. */
const TEXT_CACHE_MIN = 64;

/**
 * The latin1 text of a cached piece (a body, a compressed tail), made once while the piece lives: a
 * small answer is then written without copying its bytes into a string per request.
 */
const pieceTexts = new WeakMap<Buffer, string>();

function latin1(piece: Buffer): string {
  if (piece.length < TEXT_CACHE_MIN) return piece.toString('latin1');
  let text = pieceTexts.get(piece);
  if (text === undefined) pieceTexts.set(piece, (text = piece.toString('latin1')));
  return text;
}

/** Sends an answer's pieces (`length` bytes in all) with one write. */
export function writePieces(res: ServerResponse, pieces: Buffer[], length: number): void {
  if (length <= ONE_WRITE_MAX) {
    let text = '';
    for (const piece of pieces) text += latin1(piece);
    res.end(text, 'latin1');
    return;
  }
  if (pieces.length === 1) {
    res.end(pieces[0]);
    return;
  }
  res.cork();
  for (let i = 0; i < pieces.length - 1; i++) res.write(pieces[i]);
  res.end(pieces[pieces.length - 1]);
}

export function piecesLength(pieces: Buffer[]): number {
  let n = 0;
  for (const p of pieces) n += p.length;
  return n;
}

// --- gzip: header, a stored block with head + insert, the tail deflated on its own, CRC-32 and size ---

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block holds at most this many bytes. */
const MAX_STORED = 65535;

function gzipAround(head: Buffer, tail: Buffer): Encoded | null {
  if (head.length > MAX_STORED / 2) return null;
  const deflated = zlib.deflateRawSync(tail);
  const headCrc = zlib.crc32(head);
  const tailCrc = zlib.crc32(tail);
  const shift = crc32Shift(tail.length);
  return {
    bytes: deflated.length + head.length + 32,
    pieces(insert) {
      const id = insert ?? EMPTY;
      const stored = head.length + id.length;
      if (stored > MAX_STORED) throw new RangeError('insert too long for a stored block');
      const start = Buffer.allocUnsafe(15);
      GZIP_HEADER.copy(start);
      start[10] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
      start.writeUInt16LE(stored, 11);
      start.writeUInt16LE(~stored & 0xffff, 13);
      const crc = (multModP(shift, zlib.crc32(id, headCrc)) ^ tailCrc) >>> 0;
      const end = Buffer.allocUnsafe(8);
      end.writeUInt32LE(crc, 0);
      end.writeUInt32LE((stored + tail.length) >>> 0, 4);
      return [start, head, id, deflated, end];
    },
  };
}

const EMPTY = Buffer.alloc(0);

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine, reflected polynomial).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P for k = 0..31. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let n = 1; n < 32; n++) table.push(multModP(table[n - 1], table[n - 1]));
  return table;
})();

/** What the CRC of a part is multiplied by when `bytes` bytes follow it. */
export function crc32Shift(bytes: number): number {
  let p = 0x80000000;
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31], p);
  }
  return p;
}

/** CRC-32 of a then b, from crc(a), crc(b) and b's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(crc32Shift(lengthB), crcA) ^ crcB) >>> 0;
}

// --- brotli: the tail's own stream, its window-size bits retained, an uncompressed meta-block with head + insert before it ---

/**
 * The tail's stream must not depend on where it starts: no literal context modelling (which reads
 * the bytes before the tail) and no static-dictionary references (whose meaning depends on the
 * position in the stream). Quality 2 rarely uses the dictionary and quality 1 never does; each
 * splice is checked by decoding, and the next quality tried when it fails.
 */
const TAIL_QUALITIES = [2, 1];

/** Inserts of two lengths, for the check: a reference that depends on the position decodes differently for one of them. */
const SAMPLE_INSERTS = [Buffer.from('"r"'), Buffer.from(`"req_${'0'.repeat(120)}"`)];

/** Bits of the stream header (WBITS) at the start of a brotli stream: 1, 4 or 7. */
function windowBits(first: number): number {
  if ((first & 1) === 0) return 1;
  if (((first >> 1) & 7) !== 0) return 4;
  return 7;
}

/** The stream from bit `k` on, moved to start at a byte. */
function fromBit(stream: Buffer, k: number): Buffer {
  const out = Buffer.allocUnsafe(stream.length);
  for (let i = 0; i < stream.length; i++) out[i] = ((stream[i] >>> k) | ((stream[i + 1] ?? 0) << (8 - k))) & 0xff;
  return out;
}

function brotliAround(head: Buffer, tail: Buffer): Encoded | null {
  for (const quality of TAIL_QUALITIES) {
    const stream = zlib.brotliCompressSync(tail, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1 },
    });
    const k = windowBits(stream[0]);
    // A large-window stream header is longer; these qualities never write one, but check rather than guess.
    if (k === 7 && ((stream[0] >> 4) & 7) === 1) return null;
    const wbits = stream[0] & ((1 << k) - 1);
    const rest = fromBit(stream, k);
    const encoded: Encoded = {
      bytes: rest.length + head.length + 16,
      pieces(insert) {
        const id = insert ?? EMPTY;
        const length = head.length + id.length;
        if (length < 1 || length > 65536) throw new RangeError('insert too long for a meta-block');
        // WBITS (k bits), ISLAST 0, MNIBBLES 4 (code 0), MLEN-1 (16 bits), ISUNCOMPRESSED 1; then padded to the byte.
        const bits = wbits | ((length - 1) << (k + 3)) | (1 << (k + 19));
        const start = Buffer.allocUnsafe(Math.ceil((k + 20) / 8));
        for (let i = 0; i < start.length; i++) start[i] = (bits >>> (8 * i)) & 0xff;
        return [start, head, id, rest];
      },
    };
    if (SAMPLE_INSERTS.every((sample) => decodesTo(encoded.pieces(sample), [head, sample, tail]))) return encoded;
  }
  return null;
}

function decodesTo(pieces: Buffer[], expected: Buffer[]): boolean {
  try {
    return zlib.brotliDecompressSync(Buffer.concat(pieces)).equals(Buffer.concat(expected));
  } catch {
    return false;
  }
}
