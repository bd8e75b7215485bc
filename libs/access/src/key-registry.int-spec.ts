import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { ACCESS_STREAM, validateSessionEventPayload } from '@agent-ledger/events';
import { hashOfSecret, newKeySecret } from './api-key-secret';
import { KeyRegistry } from './key-registry';
import { KeyRequestError } from './key-request-error';
import { migrateLegacyKeys } from './migrate-legacy-keys';

describe('KeyRegistry over the embedded store', () => {
  let dataDir: string;
  let store: SqliteEventStore;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'key-registry-'));
    store = new SqliteEventStore({
      path: path.join(dataDir, 'events.sqlite'),
      validatePayload: validateSessionEventPayload,
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a key made by one registry is known to another on the same store after a refresh, and so is its revocation', async () => {
    const [first, second] = [await KeyRegistry.open(store), await KeyRegistry.open(store)];
    const { key, secret } = await first.create({ tenant: 'acme', scopes: ['write', 'read'] });
    expect(key.scopes).toEqual(['read', 'write']);
    expect(first.authenticate(secret)).toMatchObject({ keyId: key.keyId, tenant: 'acme' });
    expect([second.authenticate(secret), second.namesUnknownKey(secret)]).toEqual([
      undefined,
      true,
    ]);
    await second.refresh();
    expect(second.authenticate(secret)).toMatchObject({ keyId: key.keyId });

    await first.revoke(key.keyId, { by: { via: 'cli' } });
    await second.refresh();
    expect([second.authenticate(secret), second.get(key.keyId)?.revokedAt]).toEqual([
      undefined,
      expect.any(String),
    ]);
    // Every key revoked: keys are still required.
    expect([second.hasActiveKeys(), second.requiresKeys()]).toEqual([false, true]);
  });

  it('stores the hash of the secret, never the secret', async () => {
    const registry = await KeyRegistry.open(store);
    const { secret } = await registry.create({ tenant: 'acme', scopes: ['read'] });
    const stored: unknown[] = [];
    for await (const event of store.readStream(ACCESS_STREAM)) stored.push(event.data);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(17));
    expect(JSON.stringify(stored)).toContain(hashOfSecret(secret));
  });

  it('refuses a request that cannot be a key, saying what would be accepted', async () => {
    const registry = await KeyRegistry.open(store);
    await expect(registry.create({ tenant: 'Acme Corp', scopes: ['read'] })).rejects.toThrow(
      KeyRequestError,
    );
    await expect(registry.create({ tenant: 'acme', scopes: ['everything'] })).rejects.toThrow(
      /scopes are read, write, audit, admin, erase/,
    );
    expect(registry.requiresKeys()).toBe(false);
  });

  it("copies an earlier version's keys.sqlite once, however often it runs, and never brings a revoked key back", async () => {
    const active = newKeySecret();
    const revoked = newKeySecret();
    const legacy = new Database(path.join(dataDir, 'keys.sqlite'));
    legacy.exec(
      'CREATE TABLE api_keys (key_id TEXT PRIMARY KEY, tenant TEXT NOT NULL, scopes TEXT NOT NULL, name TEXT, secret_sha256 TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT)',
    );
    const insert = legacy.prepare('INSERT INTO api_keys VALUES (?, ?, ?, ?, ?, ?, ?)');
    insert.run(
      active.keyId,
      'acme',
      '["read","write"]',
      'agent',
      active.hash,
      '2026-01-01T00:00:00.000Z',
      null,
    );
    insert.run(
      revoked.keyId,
      'acme',
      '["read"]',
      null,
      revoked.hash,
      '2026-01-01T00:00:01.000Z',
      '2026-01-02T00:00:00.000Z',
    );
    legacy.close();

    const registry = await KeyRegistry.open(store);
    expect(await migrateLegacyKeys(registry, dataDir)).toBe(3);
    expect(registry.authenticate(active.secret)).toMatchObject({
      keyId: active.keyId,
      tenant: 'acme',
    });
    expect(registry.authenticate(revoked.secret)).toBeUndefined();
    expect(registry.get(active.keyId)).toMatchObject({
      name: 'agent',
      scopes: ['read', 'write'],
      createdAt: '2026-01-01T00:00:00.000Z',
    });

    // Again, and from a second node at the same time: nothing more.
    const other = await KeyRegistry.open(store);
    expect(
      await Promise.all([migrateLegacyKeys(registry, dataDir), migrateLegacyKeys(other, dataDir)]),
    ).toEqual([0, 0]);
    let events = 0;
    for await (const _event of store.readStream(ACCESS_STREAM)) events += 1;
    expect(events).toBe(3);

    // Revoked since in the store: the file (still saying active) does not bring it back.
    await registry.revoke(active.keyId);
    const fresh = await KeyRegistry.open(store);
    expect(await migrateLegacyKeys(fresh, dataDir)).toBe(0);
    expect(fresh.authenticate(active.secret)).toBeUndefined();
  });
});
