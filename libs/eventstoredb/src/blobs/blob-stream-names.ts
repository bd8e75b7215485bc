/**
 * The streams an EventStoreDB blob store writes. A tenant or session key goes through
 * `encodeURIComponent`, which escapes `/`, so the `/` between the parts is unambiguous; none of
 * the names starts with `session-` (the read models' filter) or `$` (EventStoreDB's own). The
 * small JSON streams share the prefix `ledger-blob-`, the chunk streams have another
 * (`ledger-blobchunks-`), so that a subscription can follow the first by prefix without
 * receiving the bytes.
 */
export const blobStreamNames = {
  /** The record of one blob of a tenant: stored, referenced, released, erased (no content). */
  record: (tenant: string, sha256: string): string =>
    `ledger-blob-${encodeURIComponent(tenant)}/${sha256}`,
  /** The sealed chunks of one upload, chunk `i` at revision `i`; also the name of its key. */
  chunks: (uploadId: string): string => `ledger-blobchunks-${uploadId}`,
  /** The blobs a session refers to, written before the blob's record names the session. */
  references: (tenant: string, sessionKey: string): string =>
    `ledger-blob-references-${encodeURIComponent(tenant)}/${encodeURIComponent(sessionKey)}`,
  /**
   * The journal of every tenant's uploads and provisional references, which the sweep reads (one
   * stream, truncated as its entries are settled; no `/`, so no record's name).
   */
  uploads: 'ledger-blob-uploads',
};
