/**
 * Tenancy at the level of streams. A session is addressed by its public id inside a tenant; its
 * stream and every read-model row use the session *key*: the public id itself for the `default`
 * tenant (the open, key-less server and every store written before tenants existed), and
 * `<tenant> <publicId>` (one space) for any other tenant. Public session ids cannot contain
 * whitespace and tenant names are `[a-z0-9][a-z0-9_-]*`, so a key names exactly one
 * (tenant, session) pair, and a tenant's keys are one contiguous range (the read models' `tenantCondition`).
 */

/** The tenant of the open server and of every key-less store. */
export const DEFAULT_TENANT = 'default';

/** What a tenant name may be: lower-case letters, digits, `-` and `_`, 1–64 characters. */
export const TENANT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Between the tenant and the public id in a session key; never in either. */
export const SESSION_KEY_SEPARATOR = ' ';

/** The session key of `sessionId` in `tenant`. */
export function sessionKeyOf(tenant: string, sessionId: string): string {
  return tenant === DEFAULT_TENANT ? sessionId : `${tenant}${SESSION_KEY_SEPARATOR}${sessionId}`;
}

/** The tenant and public id a session key names. */
export function splitSessionKey(key: string): { tenant: string; sessionId: string } {
  const at = key.indexOf(SESSION_KEY_SEPARATOR);
  if (at < 0) return { tenant: DEFAULT_TENANT, sessionId: key };
  return { tenant: key.slice(0, at), sessionId: key.slice(at + 1) };
}
