import { BLOB_PREVIEW_BYTES, BlobNotFoundError, blobPreview } from '@agent-ledger/blobs';
import type { ContentBlobRef } from '@agent-ledger/messages';
import type { LargeOutputStorage } from './store-large-outputs';
import { UnknownBlobError } from './unknown-blob.error';

/** What a caller's reference to a text blob it uploaded before may say. */
export interface SentTextBlobRef {
  sha256: string;
  /** The text's length in UTF-16 code units, as the caller counted it (kept when plausible). */
  textLength?: number;
}

/**
 * The reference an event holds for a text blob the caller uploaded before (`PUT …/blobs`),
 * filled in from the store: size and media type from its record, the preview from its first
 * bytes (one ranged read of `BLOB_PREVIEW_BYTES`), never from the caller. The text length is the
 * caller's when it is one its size allows (a UTF-8 text of `size` bytes has between `size / 3`
 * and `size` UTF-16 code units), so a step sent again costs no pass over the blob; else it is
 * counted in one streamed pass. A wrong but plausible length only changes how much of the
 * caller's own text its model view keeps, and reads stay bounded by the soft limit. The session
 * gets a lasting reference to the blob.
 */
export async function textBlobReference(
  sent: SentTextBlobRef,
  messageId: string,
  { blobs, tenant, sessionKey }: LargeOutputStorage,
): Promise<ContentBlobRef> {
  const { sha256 } = sent;
  const stat = await blobs.stat(tenant, sha256);
  if (stat === undefined) throw new UnknownBlobError(sha256, messageId);
  try {
    await blobs.addReference(tenant, sha256, sessionKey);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw new UnknownBlobError(sha256, messageId);
    throw error;
  }
  const textLength = isPlausibleTextLength(sent.textLength, stat.size)
    ? sent.textLength
    : await countTextLength(blobs.read(tenant, sha256));
  const head: Uint8Array[] = [];
  if (stat.size > 0) {
    const end = Math.min(stat.size, BLOB_PREVIEW_BYTES) - 1;
    for await (const chunk of blobs.read(tenant, sha256, { start: 0, end })) head.push(chunk);
  }
  return {
    sha256,
    size: stat.size,
    mediaType: stat.mediaType,
    preview: blobPreview(Buffer.concat(head), stat.mediaType),
    textLength,
  };
}

function isPlausibleTextLength(textLength: number | undefined, size: number): textLength is number {
  return (
    textLength !== undefined &&
    Number.isSafeInteger(textLength) &&
    textLength * 3 >= size &&
    textLength <= size
  );
}

/** The UTF-16 length of the UTF-8 text `chunks` hold, decoded as it streams. */
async function countTextLength(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder();
  let textLength = 0;
  for await (const chunk of chunks) textLength += decoder.decode(chunk, { stream: true }).length;
  return textLength + decoder.decode().length;
}
