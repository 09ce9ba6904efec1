/**
 * /graphql, /mcp and /v1 on node:http into Yoga, with the node request and answer in its server
 * context (as Yoga's node adapter passes them). /graphql and /mcp: the request body read
 * (request-body.ts) into a fetch Request, Yoga's Response written back. /v1: a request of Yoga's
 * own fetch API over the node request's headers, and the REST plugin writes the answer (useRest).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLServerContext } from './graphql-plugins';
import { readBody } from './request-body';

type Fetcher = (request: Request, context: GraphQLServerContext) => Response | Promise<Response>;

/** Methods a fetch Request cannot carry: /v1 takes them to Yoga as a GET, and reads the node request's own method. */
const FETCH_FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Yoga as the node handlers need it: its fetch and its fetch API's Request. */
interface YogaDoor {
  fetch: (request: Request, context: GraphQLServerContext) => Response | Promise<Response>;
  fetchAPI: { Request: typeof Request };
}

/**
 * /v1: Yoga's Request class takes the node request's headers as they are (no copy, read when
 * asked), where the global one copies and checks each; /v1 reads no body (the listener reads out
 * one sent anyway). The REST plugin answers on the node response; nothing else is written here.
 */
export function nodeRestHandler(yoga: YogaDoor) {
  return async function handle(req: IncomingMessage, res: ServerResponse, context: GraphQLServerContext): Promise<void> {
    const method = req.method === undefined || FETCH_FORBIDDEN.has(req.method) ? 'GET' : req.method;
    const request = new yoga.fetchAPI.Request(`http://localhost${req.url}`, { method, headers: req.headers as HeadersInit });
    await yoga.fetch(request, { ...context, req, res });
    // Only the REST plugin answers /v1: an answer left unwritten is a fault, not a request left hanging.
    if (!res.headersSent) throw new Error(`${req.url?.slice(0, 100)} was not answered by the REST plugin`);
  };
}

export function nodeGraphQLHandler(fetcher: Fetcher) {
  /** `read`: a POST's body when it has already been read (graphql-cached.ts reads it first). */
  return async function handle(req: IncomingMessage, res: ServerResponse, context: GraphQLServerContext, read?: Buffer): Promise<void> {
    const body = req.method === 'POST' ? (read ?? (await readBody(req))) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const request = new Request(`http://localhost${req.url}`, { method: req.method, headers, body: body && new Uint8Array(body) });
    const response = await fetcher(request, context);
    const bytes = Buffer.from(await response.arrayBuffer());
    const flat: string[] = [];
    for (const [name, value] of response.headers) if (name !== 'content-length' && name !== 'transfer-encoding') flat.push(name, value);
    // The length of the bytes sent (the headers are written at once, so node:http would send them chunked).
    if (req.method !== 'HEAD' && response.status !== 304 && response.status !== 204) flat.push('content-length', String(bytes.length));
    res.writeHead(response.status, flat);
    res.end(req.method === 'HEAD' || response.status === 304 ? undefined : bytes);
  };
}
