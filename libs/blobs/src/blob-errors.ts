/** Base of the blob store's errors: each has a stable `code` a caller can act on. */
export abstract class BlobError extends Error {
  abstract readonly code: string;
}

/** The tenant holds no blob with this hash (or the session does not refer to it). */
export class BlobNotFoundError extends BlobError {
  readonly code = 'BlobNotFound';
  constructor(readonly sha256: string) {
    super(`No blob with SHA-256 ${sha256} is stored for this session.`);
  }
}

/** The bytes went past the size limit; nothing of them was kept. */
export class BlobTooLargeError extends BlobError {
  readonly code = 'BlobTooLarge';
  constructor(readonly limit: number) {
    super(
      `The blob is larger than ${limit} bytes (MAX_BLOB_BYTES); nothing was stored. Split it, or raise the limit.`,
    );
  }
}

/** The bytes did not hash to the SHA-256 the caller announced; nothing of them was kept. */
export class BlobDigestMismatchError extends BlobError {
  readonly code = 'BlobDigestMismatch';
  constructor(
    readonly expectedSha256: string,
    readonly actualSha256: string,
  ) {
    super(
      `The bytes received hash to SHA-256 ${actualSha256}, not the ${expectedSha256} announced; nothing was stored. Send the bytes again.`,
    );
  }
}

/** A byte range outside the blob (HTTP 416). */
export class BlobRangeNotSatisfiableError extends BlobError {
  readonly code = 'RangeNotSatisfiable';
  constructor(
    readonly size: number,
    readonly range: { start: number; end: number },
  ) {
    super(
      `The range ${range.start}-${range.end} is not within the blob's ${size} bytes (0-${size - 1}).`,
    );
  }
}

/** A hash that is not 64 lower-case hexadecimal digits. */
export class InvalidBlobHashError extends BlobError {
  readonly code = 'InvalidBlobHash';
  constructor(readonly given: string) {
    super(
      `${JSON.stringify(given.slice(0, 80))} is not a SHA-256: expected 64 lower-case hexadecimal digits.`,
    );
  }
}

/** The store was opened read-only (the server started on a full disk): nothing can be written. */
export class BlobStoreReadOnlyError extends BlobError {
  readonly code = 'StorageReadOnly';
  constructor() {
    super(
      'The blob store is read-only (the server started on a full disk); nothing was stored. Free space under DATA_DIR, then restart the server.',
    );
  }
}

/**
 * A stored blob whose bytes do not authenticate or are missing a chunk: the store was changed
 * outside the ledger (HTTP 500; nothing of the damaged chunk is served).
 */
export class BlobUnreadableError extends BlobError {
  readonly code = 'BlobUnreadable';
  constructor(
    readonly sha256: string,
    readonly chunkIndex: number,
  ) {
    super(
      `Chunk ${chunkIndex} of blob ${sha256} is missing or does not authenticate: the blob's streams were changed outside the ledger. Upload the bytes again under a new session, or restore the store from a backup.`,
    );
  }
}

/**
 * The upload was cut off: the sweep of uploads left unfinished past `BLOB_UNREFERENCED_TTL_MS`
 * took its chunks while it was still being written (HTTP 409). Nothing of it was kept; sending
 * the bytes again starts a new upload.
 */
export class BlobUploadCutOffError extends BlobError {
  readonly code = 'BlobUploadCutOff';
  constructor(readonly uploadId: string) {
    super(
      `The upload ${uploadId} was swept as unfinished (older than BLOB_UNREFERENCED_TTL_MS) before it completed; nothing was kept. Send the bytes again.`,
    );
  }
}
