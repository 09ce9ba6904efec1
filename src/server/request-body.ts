/**
 * Request bodies: read up to a limit, and a body over it read to its end and thrown away before the
 * error is written. A server that stops reading and closes while the client is still sending makes
 * the client's TCP stack see a reset, so the client never reads the 413; reading it out keeps the
 * answer readable. Past DRAIN_LIMIT the connection is cut: nobody is owed a read of endless bytes.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../errors';

/** The most bytes read and discarded to answer an oversized body. */
const DRAIN_LIMIT = 256 * 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super(`The request body is over ${MAX_BODY_BYTES / 1_000_000} MB.`);
  }
}

/** Whether the request says it carries a body (a length above zero, or chunked). */
export function carriesBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Reads the rest of the body and discards it; settles when it has ended (or the connection went). */
export function drainBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    let drained = 0;
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) req.socket.destroy();
    });
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.once('error', () => resolve());
    req.resume();
  });
}

/** The whole body, or BodyTooLarge once the body over the limit has been read out. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    return drainBody(req).then(() => Promise.reject(new BodyTooLarge()));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      drainBody(req).then(() => reject(new BodyTooLarge()));
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size <= MAX_BODY_BYTES) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
