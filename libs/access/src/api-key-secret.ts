import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API key's secret: `alk_<id>_<random>`, where the id (12 hex characters) is what logs, event
 * metadata and `keys list` show and the random part (32 bytes, base64url) is known only to whoever
 * holds the key. The store keeps the SHA-256 of the whole secret: the random part has 256 bits of
 * entropy, so a slow password hash would add nothing but per-request cost.
 */
const SECRET_PATTERN = /^alk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewKeySecret {
  keyId: string;
  secret: string;
  hash: string;
}

export function newKeySecret(): NewKeySecret {
  const keyId = randomBytes(6).toString('hex');
  const secret = `alk_${keyId}_${randomBytes(32).toString('base64url')}`;
  return { keyId, secret, hash: hashOfSecret(secret) };
}

/** The key id a secret claims, or `undefined` when it is not shaped like one of ours. */
export function keyIdOfSecret(secret: string): string | undefined {
  return SECRET_PATTERN.exec(secret)?.[1];
}

export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares in constant time, so the answer's timing says nothing about the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashOfSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
