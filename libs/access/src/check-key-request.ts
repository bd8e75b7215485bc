import { TENANT_NAME_PATTERN } from '@agent-ledger/events';
import { KeyRequestError } from './key-request-error';
import { SCOPES, isScope, type Scope } from './scopes';

export interface CreateKeyRequest {
  tenant: string;
  scopes: readonly string[];
  name?: string;
}

/**
 * A key request as it will be recorded: the tenant trimmed and checked against the tenant
 * pattern, at least one known scope (kept in `SCOPES` order, each once), a name of at most 200
 * characters (blank: none). Throws `KeyRequestError` saying what would be accepted.
 */
export function checkKeyRequest(request: CreateKeyRequest): {
  tenant: string;
  scopes: Scope[];
  name: string | undefined;
} {
  const tenant = request.tenant.trim();
  if (!TENANT_NAME_PATTERN.test(tenant)) {
    throw new KeyRequestError(
      `Tenant ${JSON.stringify(request.tenant)} is not a tenant name: 1–64 lower-case letters, digits, "-" or "_", starting with a letter or digit.`,
    );
  }
  if (request.scopes.length === 0) {
    throw new KeyRequestError(`A key needs at least one scope: ${SCOPES.join(', ')}.`);
  }
  const unknown = request.scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) {
    throw new KeyRequestError(
      `Unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}; scopes are ${SCOPES.join(', ')}.`,
    );
  }
  const scopes = SCOPES.filter((scope) => request.scopes.includes(scope));
  const trimmed = request.name?.trim();
  const name = trimmed === '' ? undefined : trimmed;
  if (name !== undefined && name.length > 200) {
    throw new KeyRequestError('A key name is at most 200 characters.');
  }
  return { tenant, scopes, name };
}
