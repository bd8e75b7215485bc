import { BLOB_PREVIEW_BYTES, blobPreview } from '@agent-ledger/blobs';
import type { ContentBlobRef } from '@agent-ledger/messages';
import type { LargeOutputStorage } from './store-large-outputs';

/** The media type of the blob a text (an output, an input value, a text part) becomes. */
export const TEXT_MEDIA_TYPE = 'text/plain; charset=utf-8';

/** Characters of a string encoded per chunk handed to the store (a few MiB of UTF-8 at most). */
const CHUNK_CHARS = 1024 * 1024;

/**
 * Stores `text` as a blob of its UTF-8 (encoded chunk by chunk, never whole twice) with the
 * session's reference, and answers the reference an event holds: hash, size, media type,
 * preview and the text's length in UTF-16 code units.
 */
export async function storeTextBlob(
  text: string,
  mediaType: string,
  { blobs, tenant, sessionKey }: LargeOutputStorage,
): Promise<ContentBlobRef> {
  const { sha256, size } = await blobs.put(tenant, utf8Chunks(text), { mediaType, sessionKey });
  const head = Buffer.from(text.slice(0, BLOB_PREVIEW_BYTES), 'utf8');
  return {
    sha256,
    size,
    mediaType,
    preview: blobPreview(head, mediaType),
    textLength: text.length,
  };
}

/** The UTF-8 of `text` in chunks, never split inside a surrogate pair. */
// The port takes an async iterable; the chunks are made as they are asked for.
// eslint-disable-next-line @typescript-eslint/require-await
async function* utf8Chunks(text: string): AsyncIterable<Uint8Array> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
  }
}
