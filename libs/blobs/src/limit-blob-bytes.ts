import { BlobTooLargeError } from './blob-errors';

/**
 * Passes `source`'s chunks through, and throws `BlobTooLargeError` as soon as they add up to more
 * than `maxBytes` (before the chunk that goes past it is passed on), so a store stops writing.
 */
export async function* limitBlobBytes(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new BlobTooLargeError(maxBytes);
    yield chunk;
  }
}
