import { createCipheriv, type KeyObject } from 'node:crypto';
import type { SealedContentV1 } from './sealed-content';

/** What {@link sealContent} encrypts, and with what. */
export interface SealInput {
  /** The payload as UTF-8 JSON. */
  plaintext: string;
  keyId: string;
  /** 32 bytes, or the same as a secret `KeyObject` (made once per key: faster per seal). */
  key: Buffer | KeyObject;
  /**
   * 12 bytes, never used twice with one key: the caller draws it at random for every seal (with
   * 96-bit random IVs, NIST SP 800-38D allows 2^32 seals per key; a session stream stays far
   * below).
   */
  iv: Buffer;
  aad: Buffer;
}

/** AES-256-GCM of `plaintext` under `key`; pure but for the cipher (the IV is the caller's). */
export function sealContent(input: SealInput): SealedContentV1 {
  const cipher = createCipheriv('aes-256-gcm', input.key, input.iv);
  cipher.setAAD(input.aad);
  // Encoded as it goes (the cipher's base64 output carries partial blocks over to `final`).
  const ciphertext = cipher.update(input.plaintext, 'utf8', 'base64') + cipher.final('base64');
  return {
    v: 1,
    keyId: input.keyId,
    iv: input.iv.toString('base64'),
    ciphertext,
    tag: cipher.getAuthTag().toString('base64'),
  };
}
