import { createCipheriv, type KeyObject } from 'node:crypto';

/** Bytes of the IV and of the tag around a sealed chunk's ciphertext. */
export const SEALED_CHUNK_OVERHEAD = 12 + 16;

/**
 * AES-256-GCM of one chunk under its upload's data key: IV (12 bytes, fresh and random, the
 * caller's), ciphertext (as long as the chunk), tag (16).
 */
export function sealBlobChunk(
  chunk: Buffer,
  key: Buffer | KeyObject,
  iv: Buffer,
  aad: Buffer,
): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(aad);
  return Buffer.concat([iv, cipher.update(chunk), cipher.final(), cipher.getAuthTag()]);
}
