import { SCOPES, type Scope } from '@agent-ledger/access';
import { DEFAULT_TENANT } from '@agent-ledger/events';
import type { FastifyRequest } from 'fastify';

/**
 * Who is calling: the tenant whose sessions the request sees, the key it used (`null` on an open
 * server) and what that key may do. Every `/v1` request has one, set by `authenticateRequests`
 * before anything else reads the request.
 */
export interface Caller {
  auth: 'open' | 'keys';
  tenant: string;
  keyId: string | null;
  scopes: ReadonlySet<Scope>;
}

/** The caller of an open server (no key configured, loopback only): the default tenant, every scope. */
export const OPEN_CALLER: Caller = Object.freeze({
  auth: 'open',
  tenant: DEFAULT_TENANT,
  keyId: null,
  scopes: new Set(SCOPES),
});

const callers = new WeakMap<FastifyRequest, Caller>();

export function setCaller(request: FastifyRequest, caller: Caller): void {
  callers.set(request, caller);
}

/** The request's caller, if it has one (only `/v1` requests do). */
export function callerOfRequest(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

/** The request's caller; a `/v1` request without one was not authenticated, which is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (caller === undefined)
    throw new Error(`No caller was set for ${request.method} ${request.url}.`);
  return caller;
}

/** Whether the caller reads unredacted views (`audit`). */
export function seesRaw(caller: Caller): boolean {
  return caller.scopes.has('audit');
}
