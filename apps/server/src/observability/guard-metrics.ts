import { grantsScope, type KeyRegistry } from '@agent-ledger/access';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../access/access-errors';

/** The scope a key needs to read `/metrics` once keys exist. */
export const METRICS_SCOPE = 'admin';

/**
 * Who may read `/metrics`: anyone on a loopback server that never had keys (as the API), else a key with
 * the `admin` scope. The metrics count every tenant's traffic and name every route, so they are
 * an operator's, as the keys are; one port keeps one thing to firewall. Throws the API's 401 or
 * 403.
 */
export function guardMetrics(
  request: FastifyRequest,
  keys: Pick<KeyRegistry, 'loaded' | 'requiresKeys' | 'authenticate'>,
  openAllowed: boolean,
): void {
  const header = request.headers.authorization;
  // Open only while no key was ever made (as the API), and only once the keys were read.
  if (header === undefined && openAllowed && keys.loaded && !keys.requiresKeys()) return;
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  const principal = secret === undefined ? undefined : keys.authenticate(secret);
  if (principal === undefined)
    throw new UnauthorizedError(header === undefined ? 'missing' : 'invalid');
  if (!grantsScope(principal.scopes, METRICS_SCOPE)) {
    throw new ForbiddenError(METRICS_SCOPE, 'GET /metrics');
  }
}
