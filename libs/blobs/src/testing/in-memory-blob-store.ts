import { createHash } from 'node:crypto';
import type { BlobStore, ByteRange, StoredBlob } from '../blob-store';
import { BlobDigestMismatchError, BlobNotFoundError } from '../blob-errors';

interface Held {
  bytes: Buffer;
  mediaType: string;
  sessions: Set<string>;
}

/**
 * A `BlobStore` in memory, for unit tests of what uses the port (not a store to run: it holds
 * every blob whole). It keeps the port's rules: per tenant, one copy of identical bytes, reads
 * by inclusive range in chunks of `chunkBytes`, a blob gone with the last session that refers
 * to it. It also counts what it was asked to read (`bytesRead`), so a test can say that a
 * reader read only part of a blob.
 */
export class InMemoryBlobStore implements BlobStore {
  /** Bytes handed out by `read` since the store was made. */
  bytesRead = 0;
  private readonly blobs = new Map<string, Held>();

  constructor(private readonly chunkBytes = 64 * 1024) {}

  async put(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    options: { mediaType: string; expectedSha256?: string; sessionKey?: string },
  ): Promise<StoredBlob> {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    for await (const chunk of source) {
      hash.update(chunk);
      chunks.push(Buffer.from(chunk));
    }
    const sha256 = hash.digest('hex');
    if (options.expectedSha256 !== undefined && options.expectedSha256 !== sha256) {
      throw new BlobDigestMismatchError(options.expectedSha256, sha256);
    }
    const bytes = Buffer.concat(chunks);
    const key = keyOf(tenant, sha256);
    const held = this.blobs.get(key);
    const sessions = held?.sessions ?? new Set<string>();
    if (options.sessionKey !== undefined) sessions.add(options.sessionKey);
    if (held !== undefined) return { sha256, size: bytes.length, created: false };
    this.blobs.set(key, { bytes, mediaType: options.mediaType, sessions });
    return { sha256, size: bytes.length, created: true };
  }

  stat(tenant: string, sha256: string): Promise<{ size: number; mediaType: string } | undefined> {
    const held = this.blobs.get(keyOf(tenant, sha256));
    return Promise.resolve(
      held === undefined ? undefined : { size: held.bytes.length, mediaType: held.mediaType },
    );
  }

  // The port streams: an async iterable, even where every chunk is at hand.
  // eslint-disable-next-line @typescript-eslint/require-await
  async *read(tenant: string, sha256: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const held = this.blobs.get(keyOf(tenant, sha256));
    if (held === undefined) throw new BlobNotFoundError(sha256);
    const end = Math.min(range?.end ?? held.bytes.length - 1, held.bytes.length - 1);
    for (let at = range?.start ?? 0; at <= end; at += this.chunkBytes) {
      const chunk = held.bytes.subarray(at, Math.min(end + 1, at + this.chunkBytes));
      this.bytesRead += chunk.length;
      yield chunk;
    }
  }

  addReference(tenant: string, sha256: string, sessionKey: string): Promise<void> {
    const held = this.blobs.get(keyOf(tenant, sha256));
    if (held === undefined) return Promise.reject(new BlobNotFoundError(sha256));
    held.sessions.add(sessionKey);
    return Promise.resolve();
  }

  isReferencedBy(tenant: string, sha256: string, sessionKey: string): Promise<boolean> {
    return Promise.resolve(
      this.blobs.get(keyOf(tenant, sha256))?.sessions.has(sessionKey) ?? false,
    );
  }

  releaseSession(tenant: string, sessionKey: string): Promise<string[]> {
    const deleted: string[] = [];
    for (const [key, held] of this.blobs) {
      if (!key.startsWith(`${tenant}/`) || !held.sessions.delete(sessionKey)) continue;
      if (held.sessions.size > 0) continue;
      this.blobs.delete(key);
      deleted.push(key.slice(tenant.length + 1));
    }
    return Promise.resolve(deleted);
  }

  /** The sessions that refer to a blob (for tests of who recorded a reference). */
  referencesOf(tenant: string, sha256: string): string[] {
    return [...(this.blobs.get(keyOf(tenant, sha256))?.sessions ?? [])];
  }

  /** How many blobs, and bytes, the store holds. */
  get size(): { blobs: number; bytes: number } {
    let bytes = 0;
    for (const held of this.blobs.values()) bytes += held.bytes.length;
    return { blobs: this.blobs.size, bytes };
  }
}

function keyOf(tenant: string, sha256: string): string {
  return `${tenant}/${sha256}`;
}
