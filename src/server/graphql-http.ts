/** /graphql on node:http: the request body read (request-body.ts) into a fetch Request for Yoga, its Response written back. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLServerContext } from './graphql-plugins';
import { readBody } from './request-body';

type Fetcher = (request: Request, context: GraphQLServerContext) => Response | Promise<Response>;

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
