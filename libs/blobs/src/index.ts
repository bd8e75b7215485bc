export type { BlobRef, BlobStore, ByteRange, StoredBlob } from './blob-store';
export {
  BlobDigestMismatchError,
  BlobError,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobStoreReadOnlyError,
  BlobTooLargeError,
  BlobUnreadableError,
  BlobUploadCutOffError,
  InvalidBlobHashError,
} from './blob-errors';
export { isSha256 } from './is-sha256';
export { limitBlobBytes } from './limit-blob-bytes';
export { rechunk } from './rechunk';
export {
  blobPreview,
  isTextMediaType,
  BLOB_PREVIEW_BYTES,
  BLOB_PREVIEW_CHARACTERS,
} from './blob-preview';
export { readBlobTextHead } from './read-blob-text-head';
export {
  SqliteBlobStore,
  DEFAULT_BLOB_CHUNK_SIZE,
  type PutBlobOptions,
  type SqliteBlobStoreOptions,
} from './sqlite/sqlite-blob-store';
