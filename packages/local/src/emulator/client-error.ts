import type { Duplex } from 'node:stream';
import { createRequestId, errorReply } from './reply.ts';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function replyFor(error: NodeJS.ErrnoException, requestId: string) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return errorReply(408, requestId, 'request_timeout', 'The request did not arrive in time.');
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return errorReply(431, requestId, 'headers_too_large', 'The request headers are too large.');
  }
  return errorReply(400, requestId, 'malformed_request', 'The request is not valid HTTP/1.1.');
}

/**
 * Node answers a request it could not read (headers late, too large, or not HTTP) with a
 * bare status line. The contract wants every error in its shape with a `requestId`, so
 * the server's `clientError` event answers here instead, then closes the connection.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  record: (requestId: string, status: number, code: string) => void,
): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const reply = replyFor(error, createRequestId());
  const head = [
    `HTTP/1.1 ${reply.status} ${reasons[reply.status]}`,
    'Content-Type: application/json',
    `Content-Length: ${reply.body.length}`,
    `Request-Id: ${reply.requestId}`,
    'Connection: close',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), reply.body]));
  record(reply.requestId, reply.status, reply.code ?? '');
}
