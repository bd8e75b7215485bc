import type http from 'node:http';
import { isBlobUploadRequest } from '../blobs/is-blob-upload-request';
import { answerClientError } from './answer-client-error';

/**
 * Gives `request` its deadline for arriving whole: `requestTimeoutMs` after its headers (which
 * `HEADERS_TIMEOUT_MS` bounds before), after which a request whose body is still incomplete is
 * answered `408 RequestTimeout` and its connection closed, as Node's own `requestTimeout` would.
 * A request complete by then is left alone, however long its answer takes.
 *
 * A blob upload (`PUT /v1/sessions/:sessionId/blobs`) has no such deadline: a gigabyte on a slow
 * link takes longer than any whole-request timeout fit for JSON. It is bounded by the connection's
 * inactivity timeout (`CONNECTION_TIMEOUT_MS`: a socket that sends nothing for that long is
 * closed) and by `MAX_BLOB_BYTES`.
 */
export function applyRequestDeadline(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  requestTimeoutMs: number,
): void {
  if (isBlobUploadRequest(request.method, request.url)) return;
  const deadline = setTimeout(() => {
    if (request.complete) return;
    const socket = request.socket;
    if (response.headersSent) {
      socket.destroy();
      return;
    }
    answerClientError(
      Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      socket,
    );
  }, requestTimeoutMs);
  deadline.unref();
  response.once('close', () => clearTimeout(deadline));
}
