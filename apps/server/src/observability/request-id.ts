import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's `X-Request-Id` kept as the request's id: short, and nothing a log line could break on. */
const ACCEPTED_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * The request's id (Fastify's `genReqId`): the caller's `X-Request-Id` when it is 1-128
 * characters of letters, digits and `_.:@/+=-`, so a proxy's id follows the request into the
 * logs, else a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}
