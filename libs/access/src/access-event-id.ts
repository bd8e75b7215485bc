import { v5 as uuidv5 } from 'uuid';

/** UUID v5 namespace of the access events' ids. */
const ACCESS_EVENT_NAMESPACE = '8f4b2c1e-6a3d-4e7f-9b21-3c5d7e9f1a24';

/**
 * The event id of a key's creation or revocation, derived from the key id: a retried append
 * (a lost answer, two nodes migrating one `keys.sqlite` at once) is idempotent at the store.
 */
export function accessEventId(keyId: string, type: 'created' | 'revoked'): string {
  return uuidv5(`${keyId}\u0000${type}`, ACCESS_EVENT_NAMESPACE);
}
