import { createDecipheriv, type KeyObject } from 'node:crypto';
import type { SealedContentV1 } from './sealed-content';

/**
 * The plaintext of `sealed` under `key` and `aad`, or `undefined` when it does not authenticate
 * (changed ciphertext, IV or tag, another key, or another stream, event or type in `aad`).
 */
export function openContent(
  sealed: SealedContentV1,
  key: Buffer | KeyObject,
  aad: Buffer,
): string | undefined {
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.tag, 'base64');
  if (iv.length !== 12 || tag.length !== 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
