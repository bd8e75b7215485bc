/**
 * `PUT /v1/sessions/:sessionId/blobs`' answer: the stored blob's reference (the server's
 * `BlobRef`), which a tool output `{ type: 'blob', as, blob }` carries.
 */
export interface BlobRef {
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  size: number;
  mediaType: string;
  /** The first characters of a text blob; empty for binary content. */
  preview: string;
}

/** A byte range of a blob: `start` to `end`, both included (`end` absent: to the last byte). */
export interface BlobRange {
  start: number;
  end?: number;
}
