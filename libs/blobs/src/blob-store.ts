/**
 * Large content (tool outputs and inputs, attachments, long texts) kept outside the event payload,
 * addressed by the SHA-256 of its bytes. Identical bytes are stored once per tenant. A message
 * refers to a blob by a {@link BlobRef}; the blob goes when the last session that refers to it is
 * erased.
 */

/** What an event holds in place of large content. */
export interface BlobRef {
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  /** Size in bytes. */
  size: number;
  /** IANA media type (`text/plain; charset=utf-8`, `image/png`, …). */
  mediaType: string;
  /** The first characters of a text blob (empty for binary content), for views and search. */
  preview: string;
}

/** A byte range, both ends inclusive, as HTTP `Range` gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What {@link BlobStore.put} stored. */
export interface StoredBlob {
  sha256: string;
  size: number;
  /** `false` when the tenant already held these bytes (nothing new was written). */
  created: boolean;
}

/**
 * The port both event stores' blob storage implements: the embedded store keeps chunks in SQLite,
 * EventStoreDB in a stream of its own per blob (chunks under the append limit, sealed under a key
 * the erasure destroys). Every method is scoped to a tenant: tenants never share blobs.
 */
export interface BlobStore {
  /**
   * Stores the bytes `source` yields, streaming (never whole in memory), and answers their hash.
   * The blob is visible only once whole and durable: a crash mid-put leaves nothing that `stat`
   * or `read` can see. With `expectedSha256`, bytes that hash otherwise are refused.
   */
  put(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    options: {
      mediaType: string;
      expectedSha256?: string;
      /**
       * The session that refers to the blob: its reference is recorded with the blob, in the
       * step that makes it visible (no erasure can take the blob between the two).
       */
      sessionKey?: string;
      /**
       * The session's reference is provisional (an upload no message refers to yet): it lasts
       * until a message refers to the blob (`addReference`) or, failing that, until
       * `collectUnreferenced` takes it. A reference the session held already stays as it was.
       */
      provisional?: boolean;
    },
  ): Promise<StoredBlob>;

  /** Size and media type of a stored blob, or `undefined` when the tenant has none with that hash. */
  stat(tenant: string, sha256: string): Promise<{ size: number; mediaType: string } | undefined>;

  /** The blob's bytes, or those of `range`, streamed in chunks. Throws `BlobNotFound` when absent. */
  read(tenant: string, sha256: string, range?: ByteRange): AsyncIterable<Uint8Array>;

  /**
   * Records that a session refers to a blob (idempotent), for good: a provisional reference of
   * the session's upload becomes a lasting one. The blob lives while any session refers to it.
   * Throws `BlobNotFound` when the tenant does not hold the blob.
   */
  addReference(tenant: string, sha256: string, sessionKey: string): Promise<void>;

  /** Whether the session refers to the blob (a session reads only the blobs it refers to). */
  isReferencedBy(tenant: string, sha256: string, sessionKey: string): Promise<boolean>;

  /**
   * Drops every reference `sessionKey` holds (its erasure) and deletes, so that no file keeps
   * their bytes, the blobs no other session refers to. Answers the hashes deleted.
   */
  releaseSession(tenant: string, sessionKey: string): Promise<string[]>;

  /**
   * Drops the provisional references (uploads no message came to refer to) recorded before
   * `uploadedBefore`, of every tenant, and deletes, as `releaseSession` does, the blobs no session
   * refers to any more. Answers the hashes deleted. Optional: a store without it keeps an
   * unreferenced upload until its session is erased. A store whose crashed puts leave bytes
   * behind (EventStoreDB: sealed chunks no record names) also takes here the puts started before
   * `uploadedBefore` that never became a blob. Safe to run on several nodes at once.
   */
  collectUnreferenced?(uploadedBefore: Date): Promise<string[]>;
}
