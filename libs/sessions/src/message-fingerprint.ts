import { hash } from 'node:crypto';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { canonicalJson } from './canonical-json';

/**
 * The fingerprints of the messages the decider accepted lately, by message object. A message is
 * a value, never changed once built, and each accepted one is fingerprinted twice on every
 * append: when the decider checks the batch, and when the state folds in the events it decided
 * (whose data are those very objects). Only accepted messages are remembered: a fold of a long
 * stream (a cold start) would otherwise fill the map with objects it never sees again.
 */
const accepted = new WeakMap<RuntimeMessage, string>();

/**
 * A short digest (128 bits) of a message's content: every field except `createdAt`, keys sorted.
 * Two sends of one message (a retry) have the same fingerprint even when the server stamped
 * `createdAt` twice or the client serialized keys in another order; any other difference changes it.
 */
export function messageFingerprint(message: RuntimeMessage): string {
  const known = accepted.get(message);
  if (known !== undefined) return known;
  const { createdAt: _createdAt, ...content } = message;
  return hash('sha256', canonicalJson(content), 'base64url').slice(0, 22);
}

/**
 * `messageFingerprint` of a message the decider accepts, remembered for the fold of the event
 * it decides (see `accepted`).
 */
export function acceptedMessageFingerprint(message: RuntimeMessage): string {
  const fingerprint = messageFingerprint(message);
  accepted.set(message, fingerprint);
  return fingerprint;
}
