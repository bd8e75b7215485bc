/**
 * The lines a ledger JSONL export holds besides runtime messages, when it includes blobs
 * (`blobs=include`): a blob's header, then its bytes in chunk lines, all before the first message
 * that refers to it. A message line has a `kind`; these lines have a `type` and no `kind`, so the
 * two never collide.
 */

/** A blob's header line: what the chunk lines after it add up to. */
export interface LedgerJsonlBlobHeader {
  type: 'blob';
  /** Lower-case hex SHA-256 of the bytes (checked on import). */
  sha256: string;
  /** The bytes the chunk lines after this one add up to. */
  size: number;
  mediaType: string;
  /** How each chunk line's `data` is written. */
  encoding: 'base64';
}

/** One piece of a blob's bytes, in order, right after its header (or the chunk before it). */
export interface LedgerJsonlBlobChunk {
  type: 'blob-chunk';
  sha256: string;
  /** Base64 of the piece (each line decodes on its own). */
  data: string;
}

/**
 * Bytes per chunk line: a multiple of 3 (base64 without padding inside a blob), about 512 KiB of
 * base64 a line, so that a reader holds one small line at a time.
 */
export const LEDGER_JSONL_CHUNK_BYTES = 384 * 1024;

/** A tenant's blobs, as an export reads them (the `BlobStore` port bound to a tenant). */
export interface LedgerBlobReader {
  stat(sha256: string): Promise<{ size: number; mediaType: string } | undefined>;
  read(sha256: string): AsyncIterable<Uint8Array>;
}
