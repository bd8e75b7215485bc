import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { retryWhileBusy } from '@agent-ledger/event-store';
import { TENANT_NAME_PATTERN } from '@agent-ledger/events';
import { keyIdOfSecret, newKeySecret, secretMatches } from './api-key-secret';
import { SCOPES, isScope, type Scope } from './scopes';

/** The keys database of a data directory (beside the event store and the read models). */
const KEYS_FILE_NAME = 'keys.sqlite';

function keysDatabasePath(dataDir: string): string {
  return path.join(dataDir, KEYS_FILE_NAME);
}

/** A key as listed: never its secret. */
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

/** A key that cannot be created as asked; the message says what to change. */
export class KeyRequestError extends Error {
  readonly code = 'InvalidKeyRequest';
}

export interface CreateKeyRequest {
  tenant: string;
  scopes: readonly string[];
  name?: string;
}

const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS api_keys (
  key_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  scopes TEXT NOT NULL,
  name TEXT,
  secret_sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_active ON api_keys (revoked_at);
`;

interface KeyRow {
  key_id: string;
  tenant: string;
  scopes: string;
  name: string | null;
  secret_sha256: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * The API keys, in their own SQLite file so that the CLI can create and revoke them while a
 * server runs (WAL: the server sees a new or revoked key on its next request, without restart).
 * Lookups are by key id, then a constant-time hash comparison.
 */
export class KeyStore {
  private readonly db: Database.Database;
  private readonly byId: Database.Statement<[string], KeyRow>;
  private readonly active: Database.Statement<[], { present: number }>;

  private constructor(
    file: string,
    private readonly clock: () => string,
    readOnly = false,
  ) {
    // Two servers, or a server and the CLI, may create the file or switch it to WAL at once.
    this.db = retryWhileBusy(
      () => (readOnly ? openKeysDatabaseReadOnly(file) : openKeysDatabase(file)),
      BUSY_TIMEOUT_MS,
    );
    this.byId = this.db.prepare('SELECT * FROM api_keys WHERE key_id = ?');
    this.active = this.db.prepare(
      'SELECT EXISTS (SELECT 1 FROM api_keys WHERE revoked_at IS NULL) AS present',
    );
  }

  /** Opens (creating when missing) the keys database of `dataDir`. */
  static open(dataDir: string, clock: () => string = () => new Date().toISOString()): KeyStore {
    return new KeyStore(keysDatabasePath(dataDir), clock);
  }

  /**
   * Opens the keys database of `dataDir` to read it where nothing can be written (a server on a
   * full disk): held exclusively, its WAL index in memory, every write refused; no file is no key.
   * Keys created or revoked by the CLI meanwhile are not seen (the CLI cannot open the file).
   */
  static openReadOnly(dataDir: string): KeyStore {
    return new KeyStore(keysDatabasePath(dataDir), () => new Date().toISOString(), true);
  }

  /** Whether any key is active: with none, an open server needs none. */
  hasActiveKeys(): boolean {
    return this.active.get()?.present === 1;
  }

  /** Creates a key; its secret is in the answer and nowhere else. */
  create(request: CreateKeyRequest): { key: ApiKeyRecord; secret: string } {
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
    const name = request.name?.trim() === '' ? undefined : request.name?.trim();
    if (name !== undefined && name.length > 200) {
      throw new KeyRequestError('A key name is at most 200 characters.');
    }
    const { keyId, secret, hash } = newKeySecret();
    const createdAt = this.clock();
    this.db
      .prepare(
        'INSERT INTO api_keys (key_id, tenant, scopes, name, secret_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(keyId, tenant, JSON.stringify(scopes), name ?? null, hash, createdAt);
    return {
      key: { keyId, tenant, scopes, name: name ?? null, createdAt, revokedAt: null },
      secret,
    };
  }

  /** Every key (of `tenant` when given), newest first; revoked ones too, marked. */
  list(tenant?: string): ApiKeyRecord[] {
    const rows =
      tenant === undefined
        ? this.db
            .prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at DESC, key_id')
            .all()
        : this.db
            .prepare<[string], KeyRow>(
              'SELECT * FROM api_keys WHERE tenant = ? ORDER BY created_at DESC, key_id',
            )
            .all(tenant);
    return rows.map(recordOf);
  }

  /** The key with this id (of `tenant` when given), or `undefined`. */
  get(keyId: string, tenant?: string): ApiKeyRecord | undefined {
    const row = this.byId.get(keyId);
    if (row === undefined || (tenant !== undefined && row.tenant !== tenant)) return undefined;
    return recordOf(row);
  }

  /** Revokes a key (at once, for every server on this data directory); revoking twice is a no-op. */
  revoke(keyId: string, tenant?: string): ApiKeyRecord | undefined {
    const existing = this.get(keyId, tenant);
    if (existing === undefined) return undefined;
    if (existing.revokedAt !== null) return existing;
    const revokedAt = this.clock();
    this.db
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL')
      .run(revokedAt, keyId);
    return { ...existing, revokedAt };
  }

  /** Who holds `secret`: an active key whose hash matches, else `undefined`. */
  authenticate(secret: string): ApiKeyPrincipal | undefined {
    const keyId = keyIdOfSecret(secret);
    if (keyId === undefined) return undefined;
    const row = this.byId.get(keyId);
    if (row === undefined || row.revoked_at !== null) return undefined;
    if (!secretMatches(secret, row.secret_sha256)) return undefined;
    return { keyId, tenant: row.tenant, scopes: new Set(parseScopes(row.scopes)) };
  }

  close(): void {
    this.db.close();
  }
}

const BUSY_TIMEOUT_MS = 5000;

function openKeysDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA_SQL);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function openKeysDatabaseReadOnly(file: string): Database.Database {
  if (!existsSync(file)) {
    // No keys were ever created: an empty database in memory says so.
    const empty = new Database(':memory:');
    empty.exec(SCHEMA_SQL);
    empty.pragma('query_only = ON');
    return empty;
  }
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
  try {
    // Before the first read: the WAL index then lives in this process's memory, not in `-shm`.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function recordOf(row: KeyRow): ApiKeyRecord {
  return {
    keyId: row.key_id,
    tenant: row.tenant,
    scopes: parseScopes(row.scopes),
    name: row.name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function parseScopes(text: string): Scope[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value)
    ? value.filter((s): s is Scope => typeof s === 'string' && isScope(s))
    : [];
}
