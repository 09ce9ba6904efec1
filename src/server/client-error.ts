/**
 * Requests node:http refuses before any handler sees them: headers over its size limit, HTTP it
 * cannot parse, a request that does not arrive in time. Node answers these with a status line and
 * no body; here they get the error body of DECISIONS.md like every other refusal, and the
 * connection ends with the answer, as node's own does.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, ERROR_MEANING, errorBody, type ErrorCode } from '../../rest/errors';
import { newRequestId } from './request-tag';

/** node:http's error codes for a refused request, as ours (anything else: malformed_request). */
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
  const requestId = newRequestId();
  const refusal = new ApiError(code, ERROR_MEANING[code]);
  const body = errorBody(refusal, 'free', publicBaseUrl, requestId);
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
