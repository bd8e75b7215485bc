/**
 * Tenancy at the level of streams. A session is addressed by its public id inside a tenant; its
 * stream and every read-model row use the session *key*: the public id itself for the `default`
 * tenant (the open, key-less server and every store written before tenants existed), and
 * `<tenant> <publicId>` (one space) for any other tenant. Public session ids cannot contain
 * whitespace and tenant names are `[a-z0-9][a-z0-9_-]*`, so a key names exactly one
 * (tenant, session) pair, and a tenant's keys are one contiguous range (`keyRangeOfTenant`).
 */

/** The tenant of the open server and of every key-less store. */
export const DEFAULT_TENANT = 'default';

/** What a tenant name may be: lower-case letters, digits, `-` and `_`, 1–64 characters. */
export const TENANT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const SEPARATOR = ' ';

/** The session key of `sessionId` in `tenant`. */
export function sessionKeyOf(tenant: string, sessionId: string): string {
  return tenant === DEFAULT_TENANT ? sessionId : `${tenant}${SEPARATOR}${sessionId}`;
}

/** The tenant and public id a session key names. */
export function splitSessionKey(key: string): { tenant: string; sessionId: string } {
  const at = key.indexOf(SEPARATOR);
  if (at < 0) return { tenant: DEFAULT_TENANT, sessionId: key };
  return { tenant: key.slice(0, at), sessionId: key.slice(at + 1) };
}

/**
 * The session keys of `tenant` as a condition on a key column: `[from, to)` for a named tenant
 * (an index range), or "has no separator" for the default tenant.
 */
export type TenantKeyRange =
  { kind: 'range'; from: string; to: string } | { kind: 'unprefixed'; separator: string };

export function keyRangeOfTenant(tenant: string): TenantKeyRange {
  if (tenant === DEFAULT_TENANT) return { kind: 'unprefixed', separator: SEPARATOR };
  // The character after the separator ends the range: `acme ` ≤ key < `acme!`.
  const next = String.fromCharCode(SEPARATOR.charCodeAt(0) + 1);
  return { kind: 'range', from: `${tenant}${SEPARATOR}`, to: `${tenant}${next}` };
}

/** Whether `key` is one of `tenant`'s session keys. */
export function isSessionKeyOfTenant(key: string, tenant: string): boolean {
  return splitSessionKey(key).tenant === tenant;
}

/**
 * A SQL condition (and its parameters) keeping the rows of `tenant` by the key column `column`;
 * `undefined` tenant keeps every row (the CLI on a store, which sees every tenant).
 */
export function tenantCondition(
  column: string,
  tenant: string | undefined,
): { sql: string; params: string[] } {
  if (tenant === undefined) return { sql: '1', params: [] };
  const range = keyRangeOfTenant(tenant);
  return range.kind === 'range'
    ? { sql: `(${column} >= ? AND ${column} < ?)`, params: [range.from, range.to] }
    : { sql: `instr(${column}, ?) = 0`, params: [range.separator] };
}
