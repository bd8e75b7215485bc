import { hash } from 'node:crypto';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { canonicalJson } from './canonical-json';

/**
 * A short digest (128 bits) of a message's content: every field except `createdAt`, keys sorted.
 * Two sends of one message (a retry) have the same fingerprint even when the server stamped
 * `createdAt` twice or the client serialized keys in another order; any other difference changes it.
 */
export function messageFingerprint(message: RuntimeMessage): string {
  const { createdAt: _createdAt, ...content } = message;
  return hash('sha256', canonicalJson(content), 'base64url').slice(0, 22);
}
