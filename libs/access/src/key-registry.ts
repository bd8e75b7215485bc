import {
  StoreUnavailableError,
  StreamNotFoundError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
} from '@agent-ledger/event-store';
import {
  ACCESS_STREAM,
  parseAccessEvent,
  type AccessEvent,
  type ApiKeyRevokedEvent,
} from '@agent-ledger/events';
import { accessEventId } from './access-event-id';
import { keyIdOfSecret, newKeySecret, secretMatches } from './api-key-secret';
import { checkKeyRequest, type CreateKeyRequest } from './check-key-request';
import {
  evolveKeyRegistry,
  initialKeyRegistryState,
  type KeyRegistryState,
  type StoredKey,
} from './key-registry-state';
import type { Scope } from './scopes';

/** A key as listed: never its secret nor its hash. */
export interface ApiKeyRecord {
  keyId: string;
  tenant: string;
  scopes: Scope[];
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** Who a valid secret belongs to. */
export interface ApiKeyPrincipal {
  keyId: string;
  tenant: string;
  scopes: ReadonlySet<Scope>;
}

/** Who revokes a key (recorded in its `ApiKeyRevoked`). */
export type KeyRevoker = NonNullable<ApiKeyRevokedEvent['data']['revokedBy']>;

export interface KeyRegistryOptions {
  /** ISO-8601 "now". */
  clock?: () => string;
}

/**
 * The API keys of a store, kept in the store itself: the access stream `ledger-keys`
 * (`ApiKeyCreated`, `ApiKeyRevoked`), folded into memory. Every node and the CLI on one store
 * see the same keys: a creation or revocation made here counts here at once, and elsewhere once
 * that node reads the stream again (`refresh`, which a server runs every few hundred
 * milliseconds, and also before answering a key id it does not know yet).
 *
 * Until the stream was read once (`loaded`), nothing is known: a server answers 503 rather than
 * guess. Once any key was created (`requiresKeys`), revoked or not, keys are required for good.
 */
export class KeyRegistry {
  private readonly state: KeyRegistryState = initialKeyRegistryState();
  private readonly clock: () => string;
  private loadedOnce = false;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    options: KeyRegistryOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date().toISOString());
  }

  /** A registry on `store`, the access stream read once. */
  static async open(store: EventStore, options: KeyRegistryOptions = {}): Promise<KeyRegistry> {
    const registry = new KeyRegistry(store, options);
    await registry.refresh();
    return registry;
  }

  /** Whether the access stream was read at least once (before that, no key is known). */
  get loaded(): boolean {
    return this.loadedOnce;
  }

  /** The access stream's revision folded so far (-1: none). */
  get revision(): number {
    return this.state.revision;
  }

  /** Whether any key was ever created: then keys are required, even with every key revoked. */
  requiresKeys(): boolean {
    return this.state.everHadKeys;
  }

  /** Whether any key is active. */
  hasActiveKeys(): boolean {
    for (const key of this.state.keys.values()) if (key.revokedAt === null) return true;
    return false;
  }

  /**
   * Reads the access stream's events after those folded. Concurrent calls share one read. A
   * failed read leaves the keys as they were and rejects.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNewEvents().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Every key (of `tenant` when given), newest first; revoked ones too, marked. */
  list(tenant?: string): ApiKeyRecord[] {
    return [...this.state.keys.values()]
      .filter((key) => tenant === undefined || key.tenant === tenant)
      .sort(
        (a, b) =>
          (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
          (a.keyId < b.keyId ? -1 : 1),
      )
      .map(recordOf);
  }

  /** The key with this id (of `tenant` when given), or `undefined`. */
  get(keyId: string, tenant?: string): ApiKeyRecord | undefined {
    const key = this.state.keys.get(keyId);
    if (key === undefined || (tenant !== undefined && key.tenant !== tenant)) return undefined;
    return recordOf(key);
  }

  /**
   * Creates a key (`checkKeyRequest`: `KeyRequestError` for a request that cannot be one) by
   * appending its `ApiKeyCreated`; its secret is in the answer and nowhere else.
   */
  async create(request: CreateKeyRequest): Promise<{ key: ApiKeyRecord; secret: string }> {
    const { tenant, scopes, name } = checkKeyRequest(request);
    const { keyId, secret, hash } = newKeySecret();
    const createdAt = this.clock();
    await this.appendAndFold([
      {
        type: 'ApiKeyCreated',
        data: {
          keyId,
          tenant,
          scopes,
          ...(name === undefined ? {} : { name }),
          secretSha256: hash,
          createdAt,
        },
      },
    ]);
    return {
      key: { keyId, tenant, scopes, name: name ?? null, createdAt, revokedAt: null },
      secret,
    };
  }

  /**
   * Revokes a key (of `tenant` when given), after reading what other nodes wrote: at once here,
   * on every node at its next read. Revoking twice is a no-op; an unknown key is `undefined`.
   */
  async revoke(
    keyId: string,
    options: { tenant?: string; by?: KeyRevoker } = {},
  ): Promise<ApiKeyRecord | undefined> {
    await this.refresh();
    const existing = this.get(keyId, options.tenant);
    if (existing === undefined || existing.revokedAt !== null) return existing;
    await this.appendAndFold([
      {
        type: 'ApiKeyRevoked',
        data: {
          keyId,
          revokedAt: this.clock(),
          ...(options.by === undefined ? {} : { revokedBy: options.by }),
        },
      },
    ]);
    return this.get(keyId, options.tenant);
  }

  /**
   * Appends access events as they are (a migration copies keys with their own times and hashes);
   * events whose key is already created (or revoked) here are left out.
   */
  async import(events: readonly AccessEvent[]): Promise<number> {
    await this.refresh();
    const createdNow = new Set<string>();
    const missing = events.filter((event) => {
      const key = this.state.keys.get(event.data.keyId);
      if (event.type === 'ApiKeyCreated') {
        if (key !== undefined || createdNow.has(event.data.keyId)) return false;
        createdNow.add(event.data.keyId);
        return true;
      }
      return key === undefined ? createdNow.has(event.data.keyId) : key.revokedAt === null;
    });
    if (missing.length > 0) await this.appendAndFold(missing);
    return missing.length;
  }

  /** Who holds `secret`: an active key whose hash matches, else `undefined`. */
  authenticate(secret: string): ApiKeyPrincipal | undefined {
    const keyId = keyIdOfSecret(secret);
    if (keyId === undefined) return undefined;
    const key = this.state.keys.get(keyId);
    if (key === undefined || key.revokedAt !== null) return undefined;
    if (!secretMatches(secret, key.secretSha256)) return undefined;
    return { keyId, tenant: key.tenant, scopes: new Set(key.scopes) };
  }

  /** Whether `secret` is shaped like a key but names a key id not known here (yet). */
  namesUnknownKey(secret: string): boolean {
    const keyId = keyIdOfSecret(secret);
    return keyId !== undefined && !this.state.keys.has(keyId);
  }

  private async appendAndFold(events: readonly AccessEvent[]): Promise<AppendResult> {
    const toAppend = events.map((event): EventToAppend => ({
      id: accessEventId(event.data.keyId, event.type === 'ApiKeyCreated' ? 'created' : 'revoked'),
      type: event.type,
      data: event.data,
    }));
    // Keys have ids of their own: appends from several nodes never conflict, and a retry of the
    // same ids is idempotent.
    const result = await this.store.append(ACCESS_STREAM, toAppend, { expectedRevision: 'any' });
    // What this append wrote counts here at once; the revision moves on only with a read, so
    // that another node's events before ours are still read.
    for (const event of events) evolveKeyRegistry(this.state, event, this.state.revision);
    return result;
  }

  private async readNewEvents(): Promise<void> {
    try {
      for await (const recorded of this.store.readStream(ACCESS_STREAM, {
        fromRevision: this.state.revision + 1,
      })) {
        const event = parseAccessEvent(recorded);
        if (event === undefined) {
          this.state.revision = Math.max(this.state.revision, recorded.revision);
          continue;
        }
        evolveKeyRegistry(this.state, event, recorded.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) {
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError(
              `the API keys (stream ${ACCESS_STREAM}) could not be read: ${describe(error)}`,
            );
      }
    }
    this.loadedOnce = true;
  }
}

function recordOf(key: StoredKey): ApiKeyRecord {
  return {
    keyId: key.keyId,
    tenant: key.tenant,
    scopes: [...key.scopes],
    name: key.name,
    createdAt: key.createdAt,
    revokedAt: key.revokedAt,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
