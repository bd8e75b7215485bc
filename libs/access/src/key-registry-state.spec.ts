import type { AccessEvent } from '@agent-ledger/events';
import { evolveKeyRegistry, initialKeyRegistryState } from './key-registry-state';

const created = (keyId: string, tenant = 'acme'): AccessEvent => ({
  type: 'ApiKeyCreated',
  data: {
    keyId,
    tenant,
    scopes: ['read'],
    secretSha256: 'a'.repeat(64),
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});
const revoked = (keyId: string, revokedAt: string): AccessEvent => ({
  type: 'ApiKeyRevoked',
  data: { keyId, revokedAt },
});

describe('evolveKeyRegistry', () => {
  it('a created key is active until revoked; the first revocation counts', () => {
    const state = initialKeyRegistryState();
    evolveKeyRegistry(state, created('aaaaaaaaaaaa'), 0);
    expect(state.keys.get('aaaaaaaaaaaa')?.revokedAt).toBeNull();
    evolveKeyRegistry(state, revoked('aaaaaaaaaaaa', '2026-01-02T00:00:00.000Z'), 1);
    evolveKeyRegistry(state, revoked('aaaaaaaaaaaa', '2026-01-03T00:00:00.000Z'), 2);
    expect([state.keys.get('aaaaaaaaaaaa')?.revokedAt, state.revision]).toEqual([
      '2026-01-02T00:00:00.000Z',
      2,
    ]);
  });

  it('stays "had keys" once every key is revoked: a server never opens again', () => {
    const state = initialKeyRegistryState();
    expect(state.everHadKeys).toBe(false);
    evolveKeyRegistry(state, created('aaaaaaaaaaaa'), 0);
    evolveKeyRegistry(state, revoked('aaaaaaaaaaaa', '2026-01-02T00:00:00.000Z'), 1);
    expect(state.everHadKeys).toBe(true);
  });

  it('keeps the first creation of a key id, and ignores the revocation of an unknown key', () => {
    const state = initialKeyRegistryState();
    evolveKeyRegistry(state, created('aaaaaaaaaaaa', 'acme'), 0);
    evolveKeyRegistry(state, created('aaaaaaaaaaaa', 'globex'), 1);
    evolveKeyRegistry(state, revoked('bbbbbbbbbbbb', '2026-01-02T00:00:00.000Z'), 2);
    expect([...state.keys.values()].map((key) => [key.keyId, key.tenant, key.revokedAt])).toEqual([
      ['aaaaaaaaaaaa', 'acme', null],
    ]);
  });
});
