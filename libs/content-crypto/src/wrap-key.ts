import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * A data key as the key store keeps it: raw, or wrapped (AES-256-GCM) by the master key, its AAD
 * the key id and stream so that a wrapped key cannot be swapped for another row's. Wrapped form:
 * IV (12 bytes), tag (16), ciphertext (32).
 */
export function wrapKey(
  material: Buffer,
  masterKey: Buffer,
  iv: Buffer,
  keyId: string,
  streamName: string,
): Buffer {
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv, { authTagLength: 16 });
  cipher.setAAD(wrappingAad(keyId, streamName));
  const ciphertext = Buffer.concat([cipher.update(material), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/** The data key in `wrapped`, or `undefined` when the master key (or the row) is not the right one. */
export function unwrapKey(
  wrapped: Buffer,
  masterKey: Buffer,
  keyId: string,
  streamName: string,
): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, 12), {
      authTagLength: 16,
    });
    decipher.setAAD(wrappingAad(keyId, streamName));
    decipher.setAuthTag(wrapped.subarray(12, 28));
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  } catch {
    return undefined;
  }
}

function wrappingAad(keyId: string, streamName: string): Buffer {
  return Buffer.from(`agent-ledger/content-key/v1\0${keyId}\0${streamName}`);
}
