import { hash } from 'node:crypto';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { canonicalJson } from './canonical-json';

/**
 * The fingerprints already taken, by message object. A message is a value, never changed once
 * built, and the same objects are fingerprinted twice on every append: when the decider checks
 * the batch, and when the state folds in the events it decided (whose data are those messages).
 */
const taken = new WeakMap<RuntimeMessage, string>();

/**
 * A short digest (128 bits) of a message's content: every field except `createdAt`, keys sorted.
 * Two sends of one message (a retry) have the same fingerprint even when the server stamped
 * `createdAt` twice or the client serialized keys in another order; any other difference changes it.
 */
export function messageFingerprint(message: RuntimeMessage): string {
  const known = taken.get(message);
  if (known !== undefined) return known;
  const { createdAt: _createdAt, ...content } = message;
  const fingerprint = hash('sha256', canonicalJson(content), 'base64url').slice(0, 22);
  taken.set(message, fingerprint);
  return fingerprint;
}
