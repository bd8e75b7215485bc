import { createDecipheriv, type KeyObject } from 'node:crypto';
import { SEALED_CHUNK_OVERHEAD } from './seal-blob-chunk';

/**
 * The bytes of a chunk sealed by `sealBlobChunk`, or `undefined` when it does not authenticate
 * (changed, moved to another index or upload, or sealed under another key).
 */
export function openBlobChunk(
  sealed: Uint8Array,
  key: Buffer | KeyObject,
  aad: Buffer,
): Buffer | undefined {
  if (sealed.byteLength < SEALED_CHUNK_OVERHEAD) return undefined;
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), {
      authTagLength: 16,
    });
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(12, bytes.length - 16)),
      decipher.final(),
    ]);
  } catch {
    return undefined;
  }
}
