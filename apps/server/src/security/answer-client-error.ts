import type { Socket } from 'node:net';

/** What Node reports for a request it gave up on before Fastify saw it. */
interface ClientError extends Error {
  code?: string;
}

/**
 * Answers a request Node's HTTP parser or its timeouts gave up on (before any route runs) with the
 * server's JSON error body instead of a bare status line: `408 RequestTimeout` for a request that
 * did not arrive whole in `REQUEST_TIMEOUT_MS` (a body shorter than its Content-Length, say),
 * `431 HeadersTooLarge`, else `400 MalformedRequest`. The connection is closed after it.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  // The peer went away, or the socket is already being answered: nothing to write to.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          'Request Timeout',
          'RequestTimeout',
          'The request did not arrive whole within REQUEST_TIMEOUT_MS (a body shorter than its Content-Length?); nothing was appended. Send the whole request at once and retry.',
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            'HeadersTooLarge',
            'The request headers are too large.',
          ]
        : [400, 'Bad Request', 'MalformedRequest', 'The request is not valid HTTP/1.1.'];
  const body = JSON.stringify({ statusCode: status, code, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
