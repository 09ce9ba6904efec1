/**
 * One request without following redirects, over node:http(s) rather than fetch: node's requests take
 * a `lookup`, so a connection to a publisher or a receiver goes to the very address checked public (fetch's
 * dispatcher cannot be given one without a package of its own). The answer is a web Response, as
 * fetch's would be. No Accept-Encoding is sent: the body arrives as stored, never inflated here.
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { AddressRejected, literalProblem, publicLookup } from './public-address';

/** Statuses whose answers carry no body (a Response rejects one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export interface SendOptions {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** The host's addresses must all be public: a literal address is checked before connecting, a name in the lookup; else AddressRejected. */
  publicOnly: boolean;
}

/** Sends one request to `url` (http or https) and resolves with its answer, the body as a stream; redirects are not followed. */
export function send(url: string, options: SendOptions): Promise<Response> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!client) return Promise.reject(new AddressRejected(`${target.protocol} is not http or https`));
  const literal = options.publicOnly ? literalProblem(target.hostname) : null;
  if (literal) return Promise.reject(new AddressRejected(literal));
  const { method = 'GET', headers, body, signal } = options;
  return new Promise((resolve, reject) => {
    const request = client.request(target, { method, headers, signal, ...(options.publicOnly ? { lookup: publicLookup } : {}) }, (response) => {
      const status = response.statusCode ?? 0;
      const empty = NO_BODY.has(status);
      if (empty) response.resume();
      const stream = empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
      try {
        resolve(new Response(stream, { status, headers: headersOf(response.headers) }));
      } catch (err) {
        response.destroy();
        reject(err);
      }
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** GETs `url`; with `publicOnly`, only from public addresses (see SendOptions). */
export function get(url: string, headers: Record<string, string>, signal: AbortSignal, publicOnly: boolean): Promise<Response> {
  return send(url, { headers, signal, publicOnly });
}
