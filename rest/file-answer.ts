/**
 * A file answered from disk (the bulk files): streamed, never read whole, with a strong ETag (the
 * file's SHA-256), If-None-Match (304), and single byte ranges (206, or 416 for a range beyond the
 * end), so a download cut off resumes where it stopped (If-Range keeps a resumed range to the same
 * bytes). Files are immutable once written, so the ETag never changes under a name.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { RateDecision } from '../src/auth/rate-limit';
import { rateHeaders } from '../src/auth/access';
import { ApiError } from '../src/errors';
import { etagMatches } from './compression';

export interface FileToSend {
  path: string;
  type: string;
  bytes: number;
  sha256: string;
  /** The name a browser saves it under. */
  filename: string;
}

/** A byte range asked for: [start, end] inclusive; null for the whole file; 'unsatisfiable' beyond its end. */
export type ByteRange = { start: number; end: number } | null | 'unsatisfiable';

/**
 * Reads a Range header (RFC 9110 §14.2) for a file of `size` bytes. One range is served; several, or
 * a header of another unit or form, are answered with the whole file, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Whether an If-Range validator still names these bytes: only a strong ETag is compared (a date never matches). */
function rangeStillValid(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

export function sendFile(req: IncomingMessage, res: ServerResponse, file: FileToSend, requestId: string, rate: RateDecision): Promise<void> {
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': file.type,
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    // Keyed answers: a shared cache must not hand them to callers without the plan.
    'Cache-Control': 'private, max-age=86400, immutable',
    'X-Request-Id': requestId,
    ...rateHeaders(rate),
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return Promise.resolve();
  }
  const ifRange = req.headers['if-range'];
  const asked = rangeStillValid(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag) ? parseRange(req.headers.range, file.bytes) : null;
  if (asked === 'unsatisfiable') {
    throw new ApiError('range_not_satisfiable', `The range ${String(req.headers.range).slice(0, 60)} is beyond the file's ${file.bytes} bytes.`, {
      'Content-Range': `bytes */${file.bytes}`,
    });
  }
  const range = asked ?? { start: 0, end: file.bytes - 1 };
  const length = file.bytes === 0 ? 0 : range.end - range.start + 1;
  if (asked) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.bytes}`;
  headers['Content-Length'] = length;
  // Opened before the head goes out: a file gone since the listing (an old release pruned) is a 404, not a cut body.
  let fd: number;
  try {
    fd = fs.openSync(file.path, 'r');
  } catch {
    throw new ApiError('not_found', `The file ${file.filename} is no longer held; list /v1/bulk again.`);
  }
  res.writeHead(asked ? 206 : 200, headers);
  if (req.method === 'HEAD' || length === 0) {
    fs.closeSync(fd);
    res.end();
    return Promise.resolve();
  }
  const stream = fs.createReadStream('', { fd, start: range.start, end: range.end, highWaterMark: 256 * 1024 });
  // A caller gone mid-file ends the read; pipeline closes the file either way.
  return pipeline(stream, res).catch(() => undefined);
}
