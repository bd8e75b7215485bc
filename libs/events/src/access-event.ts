/**
 * The ledger's access events: API keys, kept in the log like everything else so that every node
 * on one store follows the same keys (`ACCESS_STREAM`). A tenant exists through its keys. Secrets
 * are never stored: the SHA-256 of the secret is.
 */

/** The stream of API keys, one for every tenant (each event names its key, each key its tenant). */
export const ACCESS_STREAM = 'ledger-keys';

/** An API key of a tenant was created (or copied from a data directory's `keys.sqlite`). */
export interface ApiKeyCreatedEvent {
  type: 'ApiKeyCreated';
  data: {
    keyId: string;
    tenant: string;
    scopes: string[];
    name?: string;
    secretSha256: string;
    createdAt: string;
    migratedFrom?: 'keys.sqlite';
  };
}

/** An API key was revoked; the first revocation of a key counts. */
export interface ApiKeyRevokedEvent {
  type: 'ApiKeyRevoked';
  data: {
    keyId: string;
    revokedAt: string;
    revokedBy?: { via: 'http' | 'cli' | 'migration'; keyId?: string };
  };
}

/** An event of the access stream. */
export type AccessEvent = ApiKeyCreatedEvent | ApiKeyRevokedEvent;

/** The access event types. */
export const ACCESS_EVENT_TYPES = ['ApiKeyCreated', 'ApiKeyRevoked'] as const;

/** Whether `type` is one of the access event types. */
export function isAccessEventType(type: string): type is AccessEvent['type'] {
  return (ACCESS_EVENT_TYPES as readonly string[]).includes(type);
}
