import type { BlobStore } from './blob-store';
import { isTextMediaType } from './blob-preview';

/**
 * The text of a text blob's first `maxBytes` bytes (one range read, never more of the blob), with
 * a character cut by the end of the range dropped; empty for binary content (`isTextMediaType`).
 * What search indexes of a blob output (`SEARCH_BLOB_TEXT_BYTES`).
 */
export async function readBlobTextHead(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  blob: { sha256: string; size: number; mediaType: string },
  maxBytes: number,
): Promise<string> {
  if (blob.size === 0 || maxBytes <= 0 || !isTextMediaType(blob.mediaType)) return '';
  const end = Math.min(blob.size, maxBytes) - 1;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let text = '';
  // `stream: true` holds back the bytes of a character the range ends inside of.
  for await (const chunk of blobs.read(tenant, blob.sha256, { start: 0, end })) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text;
}
