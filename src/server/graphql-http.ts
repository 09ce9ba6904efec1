/**
 * /graphql, /mcp and /v1 on node:http: the request body read (request-body.ts) into a fetch Request
 * for Yoga, with the node request and answer in its server context (as Yoga's node adapter passes
 * them), and Yoga's Response written back unless a plugin wrote the answer itself (useRest).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLServerContext } from './graphql-plugins';
import { readBody } from './request-body';

type Fetcher = (request: Request, context: GraphQLServerContext) => Response | Promise<Response>;

/** Methods a fetch Request cannot carry: only /v1 takes them to Yoga, and it reads the node request's own method. */
const FETCH_FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function nodeGraphQLHandler(fetcher: Fetcher) {
  /** `read`: a POST's body when it has already been read (graphql-cached.ts reads it first; /v1 drains it). */
  return async function handle(req: IncomingMessage, res: ServerResponse, context: GraphQLServerContext, read?: Buffer): Promise<void> {
    const body = req.method === 'POST' ? (read ?? (await readBody(req))) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const method = req.method === undefined || FETCH_FORBIDDEN.has(req.method) ? 'GET' : req.method;
    const request = new Request(`http://localhost${req.url}`, { method, headers, body: body && new Uint8Array(body) });
    const response = await fetcher(request, { ...context, req, res });
    // Answered on the node response already (/v1, useRest).
    if (res.headersSent) return;
    const bytes = Buffer.from(await response.arrayBuffer());
    const flat: string[] = [];
    for (const [name, value] of response.headers) if (name !== 'content-length' && name !== 'transfer-encoding') flat.push(name, value);
    // The length of the bytes sent (the headers are written at once, so node:http would send them chunked).
    if (req.method !== 'HEAD' && response.status !== 304 && response.status !== 204) flat.push('content-length', String(bytes.length));
    res.writeHead(response.status, flat);
    res.end(req.method === 'HEAD' || response.status === 304 ? undefined : bytes);
  };
}
