import type { AccessEvent } from '@agent-ledger/events';
import { isScope, type Scope } from './scopes';

/** A key as the access stream describes it, its secret's hash included. */
export interface StoredKey {
  keyId: string;
  tenant: string;
  scopes: Scope[];
  name: string | null;
  secretSha256: string;
  createdAt: string;
  revokedAt: string | null;
}

/**
 * The keys folded from the access stream up to `revision` (-1: nothing read). `everHadKeys`
 * stays true once any key was created, revoked or not: a server that had keys never runs open.
 */
export interface KeyRegistryState {
  keys: Map<string, StoredKey>;
  revision: number;
  everHadKeys: boolean;
}

export function initialKeyRegistryState(): KeyRegistryState {
  return { keys: new Map(), revision: -1, everHadKeys: false };
}

/**
 * Folds one access event (at `revision` of the stream) into `state`, in place. Total: a second
 * creation of a key id keeps the first (a key's secret never changes), a revocation of an unknown
 * key or of a revoked one changes nothing (the first revocation counts).
 */
export function evolveKeyRegistry(
  state: KeyRegistryState,
  event: AccessEvent,
  revision: number,
): void {
  state.revision = Math.max(state.revision, revision);
  switch (event.type) {
    case 'ApiKeyCreated': {
      state.everHadKeys = true;
      if (state.keys.has(event.data.keyId)) return;
      state.keys.set(event.data.keyId, {
        keyId: event.data.keyId,
        tenant: event.data.tenant,
        scopes: event.data.scopes.filter(isScope),
        name: event.data.name ?? null,
        secretSha256: event.data.secretSha256,
        createdAt: event.data.createdAt,
        revokedAt: null,
      });
      return;
    }
    case 'ApiKeyRevoked': {
      const key = state.keys.get(event.data.keyId);
      if (key === undefined || key.revokedAt !== null) return;
      state.keys.set(key.keyId, { ...key, revokedAt: event.data.revokedAt });
      return;
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
