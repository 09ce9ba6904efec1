/**
 * The bytes of GraphQL answers, kept per data version, day, plan and request (method, query string,
 * body): a repeated query is answered without entering the GraphQL server at all. Misses go through
 * graphql-yoga (whose envelop response cache is the second layer); only answers without errors are kept.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataStore } from '../db/data-store';
import type { GraphQLServerContext } from './graphql-endpoint';
import type { RequestTag } from './request-tag';

const MAX_BODY = 1_000_000;
const MAX_KEPT = 2000;

interface Kept {
  status: number;
  headers: string[];
  body: Buffer;
}

type Fetcher = (request: Request, context: GraphQLServerContext) => Response | Promise<Response>;

export class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createGraphQLCache(fetcher: Fetcher, store: DataStore, now: () => Date) {
  const kept = new Map<string, Kept>();
  let version = '';

  /** `extra` are per-request headers as a flat [name, value, …] list (rate limits); `tag` is told hit or miss. */
  return async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    context: GraphQLServerContext,
    query: string,
    extra: string[],
    tag?: RequestTag,
  ): Promise<void> {
    const body = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    const snapshot = store.current;
    if (snapshot && snapshot.dataVersion !== version) {
      kept.clear();
      version = snapshot.dataVersion;
    }
    const key = createHash('sha1')
      .update(`${now().toISOString().slice(0, 10)}|${context.plan}|${req.method}|${req.headers['content-type'] ?? ''}|${req.headers.accept ?? ''}|${query}|`)
      .update(body)
      .digest('base64url');
    let answer = snapshot ? kept.get(key) : undefined;
    if (tag) tag.cache = answer ? 'hit' : 'miss';
    if (!answer) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? new Uint8Array(body) : undefined,
      });
      const response = await fetcher(request, context);
      const bytes = Buffer.from(await response.arrayBuffer());
      answer = { status: response.status, headers: stripLength([...response.headers].flat()), body: bytes };
      const ok = response.status === 200 && !bytes.includes('"errors"') && (response.headers.get('content-type') ?? '').includes('json');
      if (snapshot && ok) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, answer);
      }
    }
    res.writeHead(answer.status, answer.headers.concat(extra, 'X-Request-Id', context.requestId));
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  };
}

/** Response headers without Content-Length and Transfer-Encoding: node:http sets them for the bytes sent. */
function stripLength(flat: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i].toLowerCase();
    if (name !== 'content-length' && name !== 'transfer-encoding') out.push(flat[i], flat[i + 1]);
  }
  return out;
}
