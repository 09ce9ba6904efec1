/**
 * Requests node:http rejects before any handler sees them: headers over its size limit, HTTP it
 * cannot parse, a request that does not arrive in time. Node answers these with a status line and
 * no body; here they get the error body of DECISIONS.md like every other error, and the
 * connection ends with the answer, as node's own does.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, ERROR_MEANING, errorBody, type ErrorCode } from '../errors';
import { newRequestId } from '../../rest/request-tag';

/** node:http's error codes for a rejected request, as ours (anything else: malformed_request). */
const CODE_OF_CLIENT_ERROR: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, publicBaseUrl: string): void {
  // A client that went away, or a socket that can no longer be written to, gets nothing.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = CODE_OF_CLIENT_ERROR[err.code ?? ''] ?? 'malformed_request';
  answerOnSocket(socket, new ApiError(code, ERROR_MEANING[code]), publicBaseUrl);
}

/**
 * CONNECT asks for a tunnel, which node:http hands to a 'connect' listener with the bare socket (and
 * closes unanswered when there is none): it gets the 405 every other method not served gets.
 */
export function answerConnect(socket: Duplex, publicBaseUrl: string): void {
  answerOnSocket(socket, new ApiError('method_not_allowed', 'CONNECT is not served: this is not a proxy.', { Allow: 'GET, HEAD, POST' }), publicBaseUrl);
}

/** The error body written straight to the socket, which ends with it. */
function answerOnSocket(socket: Duplex, error: ApiError, publicBaseUrl: string): void {
  const requestId = newRequestId();
  const body = errorBody(error, 'free', publicBaseUrl, requestId);
  const extra = Object.entries(error.headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}` +
      `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
