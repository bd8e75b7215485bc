import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BlobDigestMismatchError,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobStoreReadOnlyError,
  InvalidBlobHashError,
} from '../blob-errors';
import type { BlobStore, ByteRange, StoredBlob } from '../blob-store';
import { isSha256 } from '../is-sha256';
import { rechunk } from '../rechunk';
import { BLOB_SCHEMA } from './blob-schema';
import { truncateWal } from '@agent-ledger/event-store';

/** Options of {@link SqliteBlobStore}. Only `path` is required. */
export interface SqliteBlobStoreOptions {
  /** The blob file (created with its folder if missing); the server's is `DATA_DIR/blobs.sqlite`. */
  path: string;
  /** Bytes per stored chunk. Default 512 KiB. */
  chunkSize?: number;
  /** How long a write waits for another connection's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** The clock for `started_at`. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * Delete at open what interrupted puts left staged. Default `true`; `false` for a process that
   * opens the file beside the server writing it (the CLI), whose uploads in progress are staged.
   */
  deleteStaged?: boolean;
  /**
   * Open where nothing can be written (the server started on a full disk): an existing file is
   * read in exclusive locking mode (the WAL index in memory, not in a `-shm` file it could not
   * grow) with every write refused; a missing one reads as empty. Nothing staged is deleted.
   */
  readOnly?: boolean;
}

/** The put options the embedded store takes beyond the port's: see {@link SqliteBlobStore.put}. */
export interface PutBlobOptions {
  mediaType: string;
  expectedSha256?: string;
  /** The session that refers to the blob, recorded in the same commit that makes it visible. */
  sessionKey?: string;
  /** The session's reference is provisional (an upload): see `BlobStore.put`. */
  provisional?: boolean;
}

interface StoredRow {
  content_id: number;
  size: number;
  media_type: string;
  chunk_size: number;
}

/**
 * How a purge empties the WAL: up to 50 tries 10 ms apart, since the blob store's readers hold an
 * older snapshot for one statement only (`truncateWal`).
 */
const CHECKPOINT_ATTEMPTS = { attempts: 50, pauseMs: 10 };

/** Default bytes per chunk: a range read reads at most two more chunks than it needs. */
export const DEFAULT_BLOB_CHUNK_SIZE = 512 * 1024;

/**
 * The embedded blob store: chunks in a SQLite file of its own (WAL, `secure_delete` on). A put
 * writes its chunks under a `staging` row while hashing them, one chunk in memory at a time, and
 * makes the blob visible in one durable commit (`synchronous=FULL` for that commit) once whole;
 * when the tenant already holds the bytes, the staged chunks are deleted instead. Opening the
 * store deletes what a crash left staged. `releaseSession` (and `collectUnreferenced`, for
 * uploads no message came to refer to) deletes the blobs no other session refers to (their cells zeroed by `secure_delete`), then checkpoints and truncates the WAL, so no
 * file keeps their bytes.
 *
 * One process uploads to the file (the server); another may open it beside it (the CLI's
 * erasure) with `deleteStaged: false`, so as not to delete the server's uploads in progress.
 */
export class SqliteBlobStore implements BlobStore {
  private readonly db: Database.Database;
  private readonly chunkSize: number;
  private readonly readOnly: boolean;
  private readonly now: () => Date;
  private readonly statements;

  constructor(options: SqliteBlobStoreOptions) {
    const readOnly = options.readOnly === true;
    this.readOnly = readOnly;
    const file = readOnly && !existsSync(options.path) ? ':memory:' : options.path;
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
    if (readOnly && file !== ':memory:') this.db.pragma('locking_mode = EXCLUSIVE');
    // Before the first table: large pages keep a chunk's overflow chain short.
    this.db.pragma('page_size = 65536');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('secure_delete = ON');
    // A checkpoint every 1,000 pages (64 MiB) of WAL, cut back to 64 MiB then, and to nothing
    // after each put: an upload's bytes do not pile up in the WAL beside their copy in the file.
    this.db.pragma('wal_autocheckpoint = 1000');
    this.db.pragma('journal_size_limit = 67108864');
    if (!readOnly || file === ':memory:') this.db.exec(BLOB_SCHEMA);
    if (readOnly) this.db.pragma('query_only = ON');
    this.chunkSize = options.chunkSize ?? DEFAULT_BLOB_CHUNK_SIZE;
    this.now = options.now ?? (() => new Date());
    this.statements = {
      stored: this.db.prepare<[string, string], StoredRow>(
        "SELECT content_id, size, media_type, chunk_size FROM blob_contents WHERE tenant = ? AND sha256 = ? AND state = 'stored'",
      ),
      startStaging: this.db.prepare<[string, string, number, string]>(
        "INSERT INTO blob_contents (tenant, media_type, chunk_size, state, started_at) VALUES (?, ?, ?, 'staging', ?)",
      ),
      insertChunk: this.db.prepare<[number, number, Buffer]>(
        'INSERT INTO blob_chunks (content_id, chunk_index, bytes) VALUES (?, ?, ?)',
      ),
      markStored: this.db.prepare<[string, number, number]>(
        "UPDATE blob_contents SET sha256 = ?, size = ?, state = 'stored' WHERE content_id = ?",
      ),
      deleteChunks: this.db.prepare<[number]>('DELETE FROM blob_chunks WHERE content_id = ?'),
      deleteContent: this.db.prepare<[number]>('DELETE FROM blob_contents WHERE content_id = ?'),
      staged: this.db.prepare<[], { content_id: number }>(
        "SELECT content_id FROM blob_contents WHERE state = 'staging'",
      ),
      chunk: this.db.prepare<[number, number], { bytes: Buffer }>(
        'SELECT bytes FROM blob_chunks WHERE content_id = ? AND chunk_index = ?',
      ),
      addReference: this.db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO blob_references (tenant, sha256, session_key) VALUES (?, ?, ?)',
      ),
      referencesOf: this.db.prepare<[string, string], { sha256: string }>(
        'SELECT sha256 FROM blob_references WHERE tenant = ? AND session_key = ?',
      ),
      dropReferencesOf: this.db.prepare<[string, string]>(
        'DELETE FROM blob_references WHERE tenant = ? AND session_key = ?',
      ),
      isReferenced: this.db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM blob_references WHERE tenant = ? AND sha256 = ? LIMIT 1',
      ),
      isReferencedBy: this.db.prepare<[string, string, string], { one: number }>(
        'SELECT 1 AS one FROM blob_references WHERE tenant = ? AND sha256 = ? AND session_key = ?',
      ),
      isProvisional: this.db.prepare<[string, string, string], { one: number }>(
        'SELECT 1 AS one FROM blob_uploads WHERE tenant = ? AND sha256 = ? AND session_key = ?',
      ),
      markProvisional: this.db.prepare<[string, string, string, string]>(
        'INSERT INTO blob_uploads (tenant, sha256, session_key, uploaded_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, sha256, session_key) DO UPDATE SET uploaded_at = excluded.uploaded_at',
      ),
      confirmReference: this.db.prepare<[string, string, string]>(
        'DELETE FROM blob_uploads WHERE tenant = ? AND sha256 = ? AND session_key = ?',
      ),
      dropUploadsOf: this.db.prepare<[string, string]>(
        'DELETE FROM blob_uploads WHERE tenant = ? AND session_key = ?',
      ),
      expiredUploads: this.db.prepare<
        [string],
        { tenant: string; sha256: string; session_key: string }
      >('SELECT tenant, sha256, session_key FROM blob_uploads WHERE uploaded_at < ?'),
      dropReference: this.db.prepare<[string, string, string]>(
        'DELETE FROM blob_references WHERE tenant = ? AND sha256 = ? AND session_key = ?',
      ),
    };
    if (options.deleteStaged !== false && !readOnly) this.deleteStaged();
  }

  /**
   * The port's put, plus `sessionKey`: the session's reference is recorded in the commit that
   * makes the blob visible (no erasure can take the blob between the two).
   */
  async put(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    options: PutBlobOptions,
  ): Promise<StoredBlob> {
    // Refused before SQLite is asked (which would refuse too, `query_only`), with an error to act on.
    if (this.readOnly) throw new BlobStoreReadOnlyError();
    const expected = options.expectedSha256;
    if (expected !== undefined && !isSha256(expected)) throw new InvalidBlobHashError(expected);
    // Bytes the tenant already holds are only hashed (to check them), not written again.
    if (expected !== undefined && this.statements.stored.get(tenant, expected) !== undefined) {
      return this.putKnown(tenant, source, expected, options);
    }
    const contentId = Number(
      this.statements.startStaging.run(
        tenant,
        options.mediaType,
        this.chunkSize,
        this.now().toISOString(),
      ).lastInsertRowid,
    );
    const hash = createHash('sha256');
    let size = 0;
    let index = 0;
    try {
      for await (const chunk of rechunk(source, this.chunkSize)) {
        hash.update(chunk);
        size += chunk.length;
        this.statements.insertChunk.run(contentId, index, chunk);
        index += 1;
      }
    } catch (error) {
      this.discard(contentId);
      throw error;
    }
    const sha256 = hash.digest('hex');
    if (expected !== undefined && expected !== sha256) {
      this.discard(contentId);
      throw new BlobDigestMismatchError(expected, sha256);
    }
    const created = this.durably(() =>
      this.db
        .transaction(() => {
          const existing = this.statements.stored.get(tenant, sha256) !== undefined;
          if (existing) {
            this.statements.deleteChunks.run(contentId);
            this.statements.deleteContent.run(contentId);
          } else {
            this.statements.markStored.run(sha256, size, contentId);
          }
          if (options.sessionKey !== undefined) {
            this.recordReference(tenant, sha256, options.sessionKey, options.provisional === true);
          }
          return !existing;
        })
        .immediate(),
    );
    // A duplicate's staged bytes were freed: the WAL goes back to nothing rather than keep them
    // (one attempt; a reader in the way leaves it to the next checkpoint).
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return { sha256, size, created };
  }

  stat(tenant: string, sha256: string): Promise<{ size: number; mediaType: string } | undefined> {
    return Promise.resolve().then(() => {
      const row = this.statements.stored.get(tenant, sha256);
      return row === undefined ? undefined : { size: row.size, mediaType: row.media_type };
    });
  }

  async *read(tenant: string, sha256: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const row = this.statements.stored.get(tenant, sha256);
    if (row === undefined) throw new BlobNotFoundError(sha256);
    const { start, end } = range ?? { start: 0, end: row.size - 1 };
    if (range !== undefined && (start < 0 || start > end || end >= row.size)) {
      throw new BlobRangeNotSatisfiableError(row.size, range);
    }
    const chunkSize = row.chunk_size;
    const last = Math.floor(end / chunkSize);
    for (let index = Math.floor(start / chunkSize); index <= last; index += 1) {
      // One statement per chunk: no snapshot stays open between chunks (an erasure's checkpoint
      // would wait for it).
      const chunk = this.statements.chunk.get(row.content_id, index);
      if (chunk === undefined) throw new BlobNotFoundError(sha256);
      const chunkStart = index * chunkSize;
      const from = Math.max(start - chunkStart, 0);
      const to = Math.min(end - chunkStart + 1, chunk.bytes.length);
      yield from === 0 && to === chunk.bytes.length ? chunk.bytes : chunk.bytes.subarray(from, to);
      // Let other requests run between chunks.
      await Promise.resolve();
    }
  }

  /**
   * Records that a session refers to a blob (idempotent). A blob the tenant does not hold is a
   * `BlobNotFoundError`: a reference never outlives, nor precedes, its bytes.
   */
  addReference(tenant: string, sha256: string, sessionKey: string): Promise<void> {
    return this.reference(tenant, sha256, sessionKey, false);
  }

  /** Whether the session refers to the blob (what the HTTP reads check before serving it). */
  isReferencedBy(tenant: string, sha256: string, sessionKey: string): Promise<boolean> {
    return Promise.resolve().then(
      () => this.statements.isReferencedBy.get(tenant, sha256, sessionKey) !== undefined,
    );
  }

  releaseSession(tenant: string, sessionKey: string): Promise<string[]> {
    return Promise.resolve().then(() => {
      if (this.readOnly) throw new BlobStoreReadOnlyError();
      const deleted = this.durably(() =>
        this.db
          .transaction(() => {
            const hashes = this.statements.referencesOf
              .all(tenant, sessionKey)
              .map((row) => row.sha256);
            this.statements.dropReferencesOf.run(tenant, sessionKey);
            this.statements.dropUploadsOf.run(tenant, sessionKey);
            return hashes.filter((sha256) => this.deleteIfUnreferenced(tenant, sha256));
          })
          .immediate(),
      );
      // The deleted cells were zeroed in their pages (secure_delete); the WAL holds the pages as
      // they were until a checkpoint copies the zeroed ones back and truncates it.
      if (deleted.length > 0) truncateWal(this.db, CHECKPOINT_ATTEMPTS);
      return deleted;
    });
  }

  /**
   * Drops the provisional references recorded before `uploadedBefore` (uploads no message came to
   * refer to) and deletes the blobs no session refers to any more, as `releaseSession` does.
   */
  collectUnreferenced(uploadedBefore: Date): Promise<string[]> {
    return Promise.resolve().then(() => {
      if (this.readOnly) throw new BlobStoreReadOnlyError();
      const deleted = this.durably(() =>
        this.db
          .transaction(() => {
            const expired = this.statements.expiredUploads.all(uploadedBefore.toISOString());
            const gone: string[] = [];
            for (const { tenant, sha256, session_key: sessionKey } of expired) {
              this.statements.dropReference.run(tenant, sha256, sessionKey);
              this.statements.confirmReference.run(tenant, sha256, sessionKey);
              if (this.deleteIfUnreferenced(tenant, sha256)) gone.push(sha256);
            }
            return gone;
          })
          .immediate(),
      );
      if (deleted.length > 0) truncateWal(this.db, CHECKPOINT_ATTEMPTS);
      return deleted;
    });
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }

  /** Hashes the bytes of a blob the tenant holds, and checks them: nothing is written. */
  private async putKnown(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    expected: string,
    options: PutBlobOptions,
  ): Promise<StoredBlob> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const piece of source) {
      hash.update(piece);
      size += piece.byteLength;
    }
    const sha256 = hash.digest('hex');
    if (sha256 !== expected) throw new BlobDigestMismatchError(expected, sha256);
    if (options.sessionKey !== undefined) {
      await this.reference(tenant, sha256, options.sessionKey, options.provisional === true);
    }
    return { sha256, size, created: false };
  }

  /** Records a reference in a durable commit of its own; the blob must be stored. */
  private reference(
    tenant: string,
    sha256: string,
    sessionKey: string,
    provisional: boolean,
  ): Promise<void> {
    return Promise.resolve().then(() => {
      if (this.readOnly) throw new BlobStoreReadOnlyError();
      this.durably(() =>
        this.db
          .transaction(() => {
            if (this.statements.stored.get(tenant, sha256) === undefined) {
              throw new BlobNotFoundError(sha256);
            }
            this.recordReference(tenant, sha256, sessionKey, provisional);
          })
          .immediate(),
      );
    });
  }

  /**
   * Records a session's reference, inside a transaction: a lasting one confirms a provisional one;
   * a provisional one (an upload) is dated, unless the session already held the blob for good.
   */
  private recordReference(
    tenant: string,
    sha256: string,
    sessionKey: string,
    provisional: boolean,
  ): void {
    if (!provisional) {
      this.statements.confirmReference.run(tenant, sha256, sessionKey);
    } else if (
      this.statements.isReferencedBy.get(tenant, sha256, sessionKey) === undefined ||
      this.statements.isProvisional.get(tenant, sha256, sessionKey) !== undefined
    ) {
      this.statements.markProvisional.run(tenant, sha256, sessionKey, this.now().toISOString());
    }
    this.statements.addReference.run(tenant, sha256, sessionKey);
  }

  /** Deletes a stored blob no session refers to (inside a transaction); whether it did. */
  private deleteIfUnreferenced(tenant: string, sha256: string): boolean {
    if (this.statements.isReferenced.get(tenant, sha256) !== undefined) return false;
    const row = this.statements.stored.get(tenant, sha256);
    if (row === undefined) return false;
    this.statements.deleteChunks.run(row.content_id);
    this.statements.deleteContent.run(row.content_id);
    return true;
  }

  /** Runs `commit` with `synchronous=FULL`: the commit is on disk before it returns. */
  private durably<T>(commit: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return commit();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  /** Deletes a failed put's staged chunks, from the WAL too (they may hold anything). */
  private discard(contentId: number): void {
    if (!this.db.open) return;
    this.db.transaction(() => {
      this.statements.deleteChunks.run(contentId);
      this.statements.deleteContent.run(contentId);
    })();
    truncateWal(this.db, CHECKPOINT_ATTEMPTS);
  }

  /** Deletes what puts a crash interrupted left staged: never visible, now gone. */
  private deleteStaged(): void {
    const staged = this.statements.staged.all();
    if (staged.length === 0) return;
    this.db.transaction(() => {
      for (const { content_id: contentId } of staged) {
        this.statements.deleteChunks.run(contentId);
        this.statements.deleteContent.run(contentId);
      }
    })();
    truncateWal(this.db, CHECKPOINT_ATTEMPTS);
  }
}
