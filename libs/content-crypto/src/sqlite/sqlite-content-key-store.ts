import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { truncateWal } from '@agent-ledger/event-store';
import Database from 'better-sqlite3';
import type { ContentKey, ContentKeyLookup, ContentKeyStore } from '../content-key-store';
import { ContentKeyStoreConfigError, ContentKeyUnknownError } from '../errors';
import { KeyCache } from '../key-cache';
import { unwrapKey, wrapKey } from '../wrap-key';

/** Options of {@link SqliteContentKeyStore}. Only `path` is required. */
export interface SqliteContentKeyStoreOptions {
  /** The key file (created with its folder if missing); the server's is `DATA_DIR/content-keys.sqlite`. */
  path: string;
  /** 32 bytes: when given, new keys are stored wrapped by it, and wrapped keys need it. */
  masterKey?: Buffer;
  /** Keys (and destroyed key ids) kept in memory. Default 10,000. */
  cacheSize?: number;
  /** How long a write waits for another connection's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** The clock for `created_at` and `destroyed_at`. Default `() => new Date()`. */
  now?: () => Date;
}

interface KeyRow {
  key_id: string;
  stream_name: string;
  wrapping: 'none' | 'master';
  material: Buffer;
}

interface DestroyedRow {
  rowid: number;
  key_id: string;
  stream_name: string;
}

const DEFAULT_CACHE_SIZE = 10_000;

/**
 * The embedded content key store: a SQLite file of its own (WAL, `synchronous=FULL`: a key is
 * durable before any event is sealed with it). A destroyed key's row is deleted under
 * `secure_delete` (its bytes zeroed in the file) and the WAL is checkpointed and truncated, so
 * that no file keeps it; its id is kept in `destroyed_keys`, which tells a destroyed key (its
 * events are skipped) from a key this store never had (`ContentKeyUnknownError`).
 *
 * Several connections may use one file (the server, its projection runner's thread, the CLI):
 * each keeps its cache, and before answering from it looks whether another connection committed
 * (`PRAGMA data_version`) and forgets the keys destroyed since. It is for one machine: SQLite
 * over a network file system is not safe; several nodes implement `ContentKeyStore` over a KMS,
 * Vault or a shared database instead (docs/security.md).
 */
export class SqliteContentKeyStore implements ContentKeyStore {
  private readonly db: Database.Database;
  private readonly statements;
  private readonly masterKey: Buffer | undefined;
  private readonly now: () => Date;
  private readonly byId: KeyCache<ContentKeyLookup>;
  private readonly currentByStream: KeyCache<ContentKey>;
  private dataVersion: number;
  private lastDestroyedRowid: number;

  constructor(options: SqliteContentKeyStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(path.dirname(options.path), { recursive: true });
    this.db = new Database(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS content_keys (
        key_id TEXT PRIMARY KEY, stream_name TEXT NOT NULL, created_at TEXT NOT NULL,
        wrapping TEXT NOT NULL CHECK (wrapping IN ('none', 'master')), material BLOB NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS content_keys_by_stream ON content_keys (stream_name);
      CREATE TABLE IF NOT EXISTS destroyed_keys (
        key_id TEXT PRIMARY KEY, stream_name TEXT NOT NULL, destroyed_at TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS destroyed_keys_by_stream ON destroyed_keys (stream_name);
    `);
    this.statements = {
      keyById: this.db.prepare<[string], KeyRow>(
        'SELECT key_id, stream_name, wrapping, material FROM content_keys WHERE key_id = ?',
      ),
      currentOf: this.db.prepare<[string], KeyRow>(
        'SELECT key_id, stream_name, wrapping, material FROM content_keys WHERE stream_name = ? ORDER BY rowid DESC LIMIT 1',
      ),
      anyWrapped: this.db.prepare<[], KeyRow>(
        "SELECT key_id, stream_name, wrapping, material FROM content_keys WHERE wrapping = 'master' LIMIT 1",
      ),
      insert: this.db.prepare<[string, string, string, string, Buffer]>(
        'INSERT INTO content_keys (key_id, stream_name, created_at, wrapping, material) VALUES (?, ?, ?, ?, ?)',
      ),
      isDestroyed: this.db.prepare<[string], { one: number }>(
        'SELECT 1 AS one FROM destroyed_keys WHERE key_id = ?',
      ),
      keyIdsOf: this.db.prepare<[string], { key_id: string }>(
        'SELECT key_id FROM content_keys WHERE stream_name = ?',
      ),
      markDestroyed: this.db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO destroyed_keys (key_id, stream_name, destroyed_at) VALUES (?, ?, ?)',
      ),
      deleteKeysOf: this.db.prepare<[string]>('DELETE FROM content_keys WHERE stream_name = ?'),
      hasDestroyed: this.db.prepare<[string], { one: number }>(
        'SELECT 1 AS one FROM destroyed_keys WHERE stream_name = ? LIMIT 1',
      ),
      hasLive: this.db.prepare<[string], { one: number }>(
        'SELECT 1 AS one FROM content_keys WHERE stream_name = ? LIMIT 1',
      ),
      destroyedSince: this.db.prepare<[number], DestroyedRow>(
        'SELECT rowid, key_id, stream_name FROM destroyed_keys WHERE rowid > ? ORDER BY rowid',
      ),
      lastDestroyed: this.db.prepare<[], { last: number | null }>(
        'SELECT max(rowid) AS last FROM destroyed_keys',
      ),
      // Prepared once: `db.pragma()` compiles its statement on every call, once per append here.
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
    };
    this.masterKey = options.masterKey;
    this.now = options.now ?? (() => new Date());
    const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
    this.byId = new KeyCache(cacheSize);
    this.currentByStream = new KeyCache(cacheSize);
    this.dataVersion = this.readDataVersion();
    this.lastDestroyedRowid = this.statements.lastDestroyed.get()?.last ?? 0;
    this.checkMasterKey();
  }

  currentKeyOf(streamName: string): Promise<ContentKey> {
    return Promise.resolve().then(() => this.currentKeyOfNow(streamName));
  }

  keyById(keyId: string): Promise<ContentKeyLookup> {
    return Promise.resolve().then(() => this.keyByIdNow(keyId));
  }

  destroyKeysOf(streamName: string): Promise<number> {
    return Promise.resolve().then(() => this.destroyKeysOfNow(streamName));
  }

  isShredded(streamName: string): Promise<boolean> {
    return Promise.resolve().then(
      () =>
        this.statements.hasDestroyed.get(streamName) !== undefined &&
        this.statements.hasLive.get(streamName) === undefined,
    );
  }

  close(): Promise<void> {
    this.byId.clear();
    this.currentByStream.clear();
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }

  /** The key as `keyById` finds it, synchronously (the wrapper's hot path). */
  keyByIdNow(keyId: string): ContentKeyLookup {
    this.forgetDestroyedElsewhere();
    const cached = this.byId.get(keyId);
    if (cached !== undefined) return cached;
    const row = this.statements.keyById.get(keyId);
    let lookup: ContentKeyLookup;
    if (row !== undefined) lookup = { state: 'found', key: this.keyOf(row) };
    else if (this.statements.isDestroyed.get(keyId) !== undefined) lookup = { state: 'destroyed' };
    else throw new ContentKeyUnknownError(keyId);
    this.byId.set(keyId, lookup);
    return lookup;
  }

  private currentKeyOfNow(streamName: string): ContentKey {
    this.forgetDestroyedElsewhere();
    const cached = this.currentByStream.get(streamName);
    if (cached !== undefined) return cached;
    // Immediate: two connections making the stream's first key one after the other make one.
    const key = this.db
      .transaction(() => {
        const row = this.statements.currentOf.get(streamName);
        if (row !== undefined) return this.keyOf(row);
        // 96 random bits, 16 characters: every sealed event names its key, so the id is kept short
        // (a UUID's 36 characters were a tenth of a small sealed event).
        const made: ContentKey = {
          id: randomBytes(12).toString('base64url'),
          streamName,
          material: randomBytes(32),
        };
        const stored =
          this.masterKey === undefined
            ? made.material
            : wrapKey(made.material, this.masterKey, randomBytes(12), made.id, streamName);
        this.statements.insert.run(
          made.id,
          streamName,
          this.now().toISOString(),
          this.masterKey === undefined ? 'none' : 'master',
          stored,
        );
        return made;
      })
      .immediate();
    this.currentByStream.set(streamName, key);
    this.byId.set(key.id, { state: 'found', key });
    return key;
  }

  private destroyKeysOfNow(streamName: string): number {
    const destroyedAt = this.now().toISOString();
    const keyIds = this.db
      .transaction(() => {
        const ids = this.statements.keyIdsOf.all(streamName).map((row) => row.key_id);
        for (const id of ids) this.statements.markDestroyed.run(id, streamName, destroyedAt);
        this.statements.deleteKeysOf.run(streamName);
        return ids;
      })
      .immediate();
    this.currentByStream.delete(streamName);
    for (const id of keyIds) this.byId.set(id, { state: 'destroyed' });
    // The deleted rows' bytes were zeroed in the pages (secure_delete); the WAL still holds the
    // pages as they were until a checkpoint copies the zeroed ones back and truncates it.
    // Readers hold the truncation up for one statement only: a short pause between tries; after
    // the last, the WAL is left for the next destruction or checkpoint to empty.
    if (keyIds.length > 0) truncateWal(this.db, { attempts: 50, pauseMs: 10 });
    return keyIds.length;
  }

  /** Forgets the keys another connection destroyed since this one last looked. */
  private forgetDestroyedElsewhere(): void {
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    for (const row of this.statements.destroyedSince.all(this.lastDestroyedRowid)) {
      this.byId.set(row.key_id, { state: 'destroyed' });
      this.currentByStream.delete(row.stream_name);
      this.lastDestroyedRowid = row.rowid;
    }
  }

  private keyOf(row: KeyRow): ContentKey {
    if (row.wrapping === 'none') {
      return { id: row.key_id, streamName: row.stream_name, material: row.material };
    }
    if (this.masterKey === undefined) {
      throw new ContentKeyStoreConfigError(
        'The content keys are wrapped by a master key: set CONTENT_MASTER_KEY to the key they were written with.',
      );
    }
    const material = unwrapKey(row.material, this.masterKey, row.key_id, row.stream_name);
    if (material === undefined) {
      throw new ContentKeyStoreConfigError(
        `CONTENT_MASTER_KEY does not open content key ${row.key_id}: it is not the master key the keys were wrapped with (or the key file was changed).`,
      );
    }
    return { id: row.key_id, streamName: row.stream_name, material };
  }

  /** Refuses at start, not at the first read, a master key that is missing or wrong. */
  private checkMasterKey(): void {
    const wrapped = this.statements.anyWrapped.get();
    if (wrapped === undefined) return;
    try {
      this.keyOf(wrapped);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  private readDataVersion(): number {
    return this.statements.dataVersion.get() ?? 0;
  }
}
