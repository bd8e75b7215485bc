import type { BlobStore } from '@agent-ledger/blobs';

/** Default of `SEARCH_BLOB_TEXT_BYTES`: how much of a blob output's text search indexes. */
export const DEFAULT_SEARCH_BLOB_TEXT_BYTES = 64 * 1024;

/**
 * Where the search index reads the text of blob outputs: the blob store, up to `maxBytes` of each
 * blob's head (`readBlobTextHead`). Without it (or when a blob cannot be read) a blob output is
 * indexed by its preview, the only text its event holds, and `onUnreadable` is told.
 */
export interface SearchBlobText {
  blobs: Pick<BlobStore, 'read'>;
  maxBytes: number;
  /** A blob that could not be read; default: nothing (the handler's caller logs). */
  onUnreadable?: (sha256: string, error: unknown) => void;
}
