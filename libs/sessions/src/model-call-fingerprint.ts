import { hash } from 'node:crypto';
import type { ModelCallRecordedEvent } from '@agent-ledger/events';
import { canonicalJson } from './canonical-json';

/**
 * A short digest (128 bits) of what a model call says of itself: every field of its data but
 * `recordedAt` (the server's clock), `latencyMs` (a measurement, which a re-sent step may take
 * again), `contextTokens` (an estimate, which a calibration may move) and `messageIds` (which depend on what was recorded before).
 * A re-sent step has the same fingerprint; another call under the same `callId` does not.
 */
export function modelCallFingerprint(data: ModelCallRecordedEvent['data']): string {
  const {
    recordedAt: _recordedAt,
    latencyMs: _latencyMs,
    contextTokens: _contextTokens,
    messageIds: _messageIds,
    ...facts
  } = data;
  return hash('sha256', canonicalJson(facts), 'base64url').slice(0, 22);
}
