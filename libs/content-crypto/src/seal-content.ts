import { createCipheriv, type KeyObject } from 'node:crypto';
import type { SealedContent } from './sealed-content';

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
export function sealContent(input: SealInput): SealedContent {
  const cipher = createCipheriv('aes-256-gcm', input.key, input.iv);
  cipher.setAAD(input.aad);
  const ciphertext = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final()]);
  return {
    v: 1,
    keyId: input.keyId,
    iv: input.iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}
