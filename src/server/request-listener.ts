/**
 * What node:http calls for each request: the access log and metrics once it ends, CORS, then the
 * path: /graphql (a cached GET answered before Yoga, the rest through Yoga), /mcp and /v1 (through
 * Yoga), the probes, the explorer and the docs; a body nothing reads is read out first, so its
 * answer is read.
 */
import http from 'node:http';
import type { Admission } from '../auth/access';
import { ApiError } from '../errors';
import { newTag, requestIdFrom, type RequestTag } from '../../rest/request-tag';
import type { GraphQLServerContext } from './graphql-endpoint';
import { IdleCollector } from './heap';
import { logAccess, type Logger } from './logger';
import type { Metrics } from './metrics';
import { BodyTooLarge, carriesBody, drainBody, readBody } from './request-body';
import { askedOperation, type AskedOperation } from './graphql-cached';
import { serveExplorer } from './explorer';
import { MCP_PATH } from '../mcp/server';
import { isRestPath } from './rest-plugin';

type Serve = (req: http.IncomingMessage, res: http.ServerResponse, path: string, onError: (err: unknown) => void) => string | null;

export interface ListenerDeps {
  metrics: Metrics;
  logger: Logger;
  log: (line: string) => void;
  /** Answers a browser's preflight; true when it did. */
  cors: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  plainError: (res: http.ServerResponse, tag: RequestTag, err: ApiError) => void;
  /** /graphql and /mcp through Yoga (graphql-http.ts); `body`: a POST's body, already read. */
  graphql: (req: http.IncomingMessage, res: http.ServerResponse, context: GraphQLServerContext, body?: Buffer) => Promise<unknown>;
  /** /v1: a cached answer or a refusal at once, the rest through Yoga, where the REST plugin answers it (surfaces.ts, rest-plugin.ts). */
  rest: (req: http.IncomingMessage, res: http.ServerResponse, path: string, query: string, tag: RequestTag) => Promise<unknown> | void;
  cached: (req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag, asked: AskedOperation | null, next: (admission?: Admission, resultKey?: string) => void) => void;
  probe: (req: http.IncomingMessage, res: http.ServerResponse, path: string, tag: RequestTag) => boolean;
  docs: Serve;
  closing: () => boolean;
  closeIdleConnections: () => void;
}

export function createRequestListener(deps: ListenerDeps) {
  const { metrics, logger, cors, plainError } = deps;
  /** Answers being computed, so a close can mark those not yet written "Connection: close". */
  const inFlight = new Set<http.ServerResponse>();
  const collector = new IdleCollector();

  // node:http answers an HTTP/1.1 request without Host with a bare 400 of its own; it is ours to answer.
  function listener(req: http.IncomingMessage, res: http.ServerResponse): void {
    const started = performance.now();
    // The request target's path, before '?' (no URL object on the hot path).
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const tag = newTag(requestIdFrom(req.headers['x-request-id']));
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    if (deps.closing()) res.shouldKeepAlive = false;
    inFlight.add(res);
    collector.busy();
    // A browser's preflight is answered here, before any key is asked for.
    const preflight = cors(req, res);
    if (preflight) tag.route = 'preflight';
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) collector.idle();
      const ms = performance.now() - started;
      metrics.request(tag.route, res.statusCode, ms / 1000);
      if (tag.cache) metrics.cacheLookup(tag.route === '/graphql' ? 'graphql' : 'rest', tag.cache === 'hit');
      logAccess(logger, tag, req.method, path, res.statusCode, socket.bytesWritten - bytesBefore, ms, res.writableFinished);
      // A connection whose answer went out before the close began is idle now: let it go.
      if (deps.closing()) deps.closeIdleConnections();
    });
    if (preflight) return;
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      res.shouldKeepAlive = false;
      return plainError(res, tag, new ApiError('malformed_request', 'An HTTP/1.1 request must carry a Host header (RFC 9112, section 3.2).'));
    }
    if (path === '/graphql') return serveGraphQL(deps, req, res, tag);
    if (path === MCP_PATH) return serveMcp(deps, req, res, tag);
    if (isRestPath(path)) return serveRest(deps, req, res, path, q < 0 ? '' : target.slice(q + 1), tag);
    // Nothing else reads a body: one sent anyway is read out first, so the answer (405 and the like)
    // reaches a client that is still sending instead of a reset connection.
    if (carriesBody(req)) drainBody(req).then(() => serveWithoutBody(deps, req, res, path, tag));
    else serveWithoutBody(deps, req, res, path, tag);
  }

  return { listener, inFlight, collector };
}

/** /graphql: key, plan, rate, the result cache, cost and the rest are Yoga plugins (graphql-plugins.ts); a cached GET or POST is answered before Yoga (graphql-cached.ts). */
function serveGraphQL(deps: ListenerDeps, req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag): void {
  const { graphql, cached, plainError, log } = deps;
  tag.route = '/graphql';
  const failed = (err: unknown) => {
    if (err instanceof BodyTooLarge) {
      // The body has been read out, so the client reads this answer; the connection ends with it.
      res.shouldKeepAlive = false;
      return plainError(res, tag, new ApiError('payload_too_large', err.message));
    }
    log(`graphql: ${err instanceof Error ? err.stack : String(err)}`);
    if (!res.headersSent) plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
  };
  const toYoga = (body?: Buffer) => (admission?: Admission, resultKey?: string) => {
    graphql(req, res, { requestId: tag.id, tag, admission, resultKey }, body).catch(failed);
  };
  if (req.method === 'GET') cached(req, res, tag, askedOperation(req), toYoga());
  else if (req.method === 'POST') readBody(req).then((body) => cached(req, res, tag, askedOperation(req, body), toYoga(body)), failed);
  else if (req.method === 'HEAD') toYoga()();
  else {
    // Yoga answers other methods with a 405 too, but a fetch Request cannot even carry TRACE,
    // TRACK or CONNECT: those ended in a 500. One answer for all of them, here.
    const reject = () => plainError(res, tag, new ApiError('method_not_allowed', `${req.method} is not allowed on /graphql; use GET or POST.`, { Allow: 'GET, POST' }));
    if (carriesBody(req)) drainBody(req).then(reject);
    else reject();
  }
}

/**
 * /mcp: a POST (its body read within the same limit as /graphql's) goes to Yoga, where the MCP
 * plugin answers it (mcp-plugin.ts); the stateless endpoint offers no event stream (GET) nor
 * sessions to end (DELETE), so other methods are a 405, as the MCP transport specification allows.
 */
function serveMcp(deps: ListenerDeps, req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag): void {
  const { graphql, plainError, log } = deps;
  tag.route = MCP_PATH;
  const failed = (err: unknown) => {
    if (err instanceof BodyTooLarge) {
      res.shouldKeepAlive = false;
      return plainError(res, tag, new ApiError('payload_too_large', err.message));
    }
    log(`mcp: ${err instanceof Error ? err.stack : String(err)}`);
    if (!res.headersSent) plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
  };
  if (req.method === 'POST') {
    readBody(req).then((body) => graphql(req, res, { requestId: tag.id, tag }, body), failed).catch(failed);
    return;
  }
  const reject = () => plainError(res, tag, new ApiError('method_not_allowed', `${req.method} is not allowed on ${MCP_PATH}; use POST.`, { Allow: 'POST' }));
  if (carriesBody(req)) drainBody(req).then(reject);
  else reject();
}

/**
 * /v1: a cached answer or a refusal at once, any other through Yoga, where the REST plugin answers
 * it (rest-plugin.ts). It reads no body: one sent anyway is read out first, so the answer (405 and
 * the like) reaches a client that is still sending.
 */
function serveRest(deps: ListenerDeps, req: http.IncomingMessage, res: http.ServerResponse, path: string, query: string, tag: RequestTag): void {
  const { rest, plainError, log } = deps;
  const failed = (err: unknown) => {
    log(`rest: ${err instanceof Error ? err.stack : String(err)}`);
    if (!res.headersSent) plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
  };
  const serve = () => rest(req, res, path, query, tag)?.catch(failed);
  if (carriesBody(req)) drainBody(req).then(serve);
  else serve();
}

/** Everything but /graphql, /mcp and /v1: (GET and HEAD only) the probes, the explorer, the docs. */
function serveWithoutBody(deps: ListenerDeps, req: http.IncomingMessage, res: http.ServerResponse, path: string, tag: RequestTag): void {
  const { plainError, probe, docs, log } = deps;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return plainError(res, tag, new ApiError('method_not_allowed', `${req.method} is not allowed; use GET or HEAD.`, { Allow: 'GET, HEAD' }));
  }
  if (probe(req, res, path, tag)) return;
  // A page that fails is logged and answered as our fault.
  const failed = (what: string) => (err: unknown) => {
    log(`${what}: ${String((err as Error)?.stack ?? err)}`);
    plainError(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
  };
  const served = serveExplorer(req, res, path, failed('explorer')) ?? docs(req, res, path, failed('docs'));
  if (served) {
    tag.route = served;
    return;
  }
  plainError(res, tag, new ApiError('not_found', `No endpoint at ${path.slice(0, 100)}.`));
}
