import { hash } from 'node:crypto';
import { canonicalJson } from '@agent-ledger/sessions';

/**
 * A short, stable digest of a request's content (keys sorted, `undefined` left out): the same
 * request sent twice gives the same digest, so ids derived from it make retries recognizable.
 */
export function requestDigest(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'base64url').slice(0, 16);
}
