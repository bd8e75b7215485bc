import { DEFAULT_TENANT, SESSION_KEY_SEPARATOR } from '@agent-ledger/events';

/**
 * A SQL condition keeping the rows of `tenant` by the session-key column `column`, with its named
 * parameters (`@tenantKeysFrom`, `@tenantKeysTo` or `@tenantKeySeparator`): a named tenant's keys
 * are one index range, `[<tenant> , <tenant>!)`; the default tenant's are those without the
 * separator. `undefined` keeps every row (the CLI on a store, which sees every tenant).
 */
export function tenantCondition(
  column: string,
  tenant: string | undefined,
): { sql: string; params: Record<string, string> } {
  if (tenant === undefined) return { sql: '1', params: {} };
  if (tenant === DEFAULT_TENANT) {
    return {
      sql: `instr(${column}, @tenantKeySeparator) = 0`,
      params: { tenantKeySeparator: SESSION_KEY_SEPARATOR },
    };
  }
  // The character after the separator ends the range.
  const next = String.fromCharCode(SESSION_KEY_SEPARATOR.charCodeAt(0) + 1);
  return {
    sql: `(${column} >= @tenantKeysFrom AND ${column} < @tenantKeysTo)`,
    params: {
      tenantKeysFrom: `${tenant}${SESSION_KEY_SEPARATOR}`,
      tenantKeysTo: `${tenant}${next}`,
    },
  };
}
