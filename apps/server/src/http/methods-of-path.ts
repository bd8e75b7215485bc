import type { FastifyInstance } from 'fastify';

/** The methods a route may have, in the order an `Allow` header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods the server has a route for at `url` (its query string ignored), asked of Fastify's
 * router with the path as sent, so `/v1/sessions/s1/messages` finds the `:sessionId` route.
 */
export function methodsOfPath(fastify: FastifyInstance, url: string): string[] {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null);
}
