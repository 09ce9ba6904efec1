/**
 * The contract's floor: a node:http listener doing only what SPEC and DECISIONS ask of every cached
 * answer, with the service's own pieces: the key checked (hashed, constant time), its rate counted
 * and sent in the RateLimit headers, a request id in the header and in the body, one access-log
 * line. No routing, no cache lookup, no metrics. The HTTP benchmark measures it beside the bare
 * server, so the share of the bare rate that the contract itself leaves is known.
 */
import type http from 'node:http';
import { hashKey, KeyIndex } from '../auth/key-index';
import { RateLimiter } from '../auth/rate-limit';
import { newTag, requestIdFrom } from '../../rest/request-tag';
import { piecesLength, writePieces } from '../../rest/compression';
import { logAccess, type Logger } from '../server/logger';

/** Headers the floor writes itself per request. */
const PER_REQUEST = new Set(['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'content-length']);

export function floorListener(body: Buffer, answerHeaders: Record<string, string>, key: string, logger: Logger) {
  const keys = new KeyIndex();
  keys.replace([{ id: 'bench', hash: hashKey(key), plan: 'intel' }]);
  const limiter = new RateLimiter({ free: 1e8, developer: 1e8, analyst: 1e8, intel: 1e8 });
  // The sample answer's own request id marks where each request's goes.
  const sampleId = `"${answerHeaders['x-request-id']}"`;
  const at = body.indexOf(sampleId);
  const [before, after] = at < 0 ? [body, Buffer.alloc(0)] : [body.subarray(0, at), body.subarray(at + sampleId.length)];
  const fixed = Object.entries(answerHeaders).filter(([name]) => !PER_REQUEST.has(name)).flat();
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const started = performance.now();
    const tag = newTag(requestIdFrom(req.headers['x-request-id']));
    const caller = keys.verify(String(req.headers['x-api-key']));
    if (!caller) {
      res.writeHead(401).end();
      return;
    }
    tag.plan = caller.plan;
    const rate = limiter.take(caller.id, caller.plan);
    const pieces = at < 0 ? [before] : [before, Buffer.from(`"${tag.id}"`), after];
    const length = piecesLength(pieces);
    res.writeHead(200, fixed.concat(
      'X-Request-Id', tag.id,
      'RateLimit-Limit', String(rate.limit),
      'RateLimit-Remaining', String(rate.remaining),
      'RateLimit-Reset', String(rate.resetSeconds),
      'Content-Length', String(length),
    ));
    writePieces(res, pieces, length);
    res.once('close', () => logAccess(logger, tag, req.method, req.url ?? '/', res.statusCode, length, performance.now() - started, res.writableFinished));
  };
}
