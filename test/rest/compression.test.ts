/** The compressed forms of an answer: decoded, they are the answer with each request's own insert. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codedEtag, crc32Combine, encode, MIN_COMPRESSED_BYTES } from '../../rest/compression';

/** A JSON answer around a request id placeholder, with names in several scripts. */
function answer(rows: number): { head: Buffer; tail: Buffer; body: Buffer } {
  const data = Array.from({ length: rows }, (_, i) => ({ period: `20${String(i % 100).padStart(2, '0')}-01`, value: i * 1.25, name: i % 3 ? 'Übernachtungen in Österreich' : 'Nuitées, Île-de-France — 東京' }));
  const body = Buffer.from(JSON.stringify({ meta: { request_id: '\u0000', count: rows }, data }));
  const at = body.indexOf('"\\u0000"');
  return { head: body.subarray(0, at), tail: body.subarray(at + 8), body };
}

describe('encode', () => {
  for (const rows of [20, 400, 5000]) {
    it(`takes any request id without compressing again (${rows} rows)`, () => {
      const { head, tail, body } = answer(rows);
      for (const coding of ['br', 'gzip'] as const) {
        const encoded = encode(coding, body, [head, tail])!;
        expect(encoded).not.toBeNull();
        for (const id of ['"r"', '"req_Ab-9_x0"', `"${'x'.repeat(128)}"`]) {
          const sent = Buffer.concat(encoded.pieces(Buffer.from(id)));
          const decoded = coding === 'br' ? zlib.brotliDecompressSync(sent) : zlib.gunzipSync(sent);
          expect(decoded.equals(Buffer.concat([head, Buffer.from(id), tail]))).toBe(true);
          expect(sent.length).toBeLessThan(body.length);
        }
      }
    });
  }

  it('compresses a body the same for every request whole, and leaves small bodies alone', () => {
    const { body } = answer(400);
    expect(zlib.brotliDecompressSync(encode('br', body, null)!.pieces(null)[0]).equals(body)).toBe(true);
    expect(zlib.gunzipSync(encode('gzip', body, null)!.pieces(null)[0]).equals(body)).toBe(true);
    expect(encode('br', Buffer.alloc(MIN_COMPRESSED_BYTES - 1, 'a'), null)).toBeNull();
  });

  it('combines CRC-32s as zlib computes them over the whole', () => {
    const a = Buffer.from('{"meta":{"request_id":"req_1"');
    for (const length of [0, 1, 7, 1000, 70_000]) {
      const b = Buffer.alloc(length, 'ż');
      expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(Buffer.concat([a, b])));
    }
  });

  it('marks each coding in the ETag', () => {
    expect(codedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEtag('"abc"', 'gzip')).toBe('"abc-gz"');
    expect(codedEtag('"abc"', 'identity')).toBe('"abc"');
  });
});
