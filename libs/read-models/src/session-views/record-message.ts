import { pairMessage, recordMessageOnce } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { messageViews, type ExportSettings } from './message-views';
import type { SessionViewsStore, StoredMessage } from './session-views-store';

/**
 * Normalizes one recorded message incrementally, exactly as `normalizeSessionEvents` would place
 * it at the end of the session so far: the events lib's record-once rule (`recordMessageOnce`)
 * drops a retried copy (same id, same content) and keeps a message whose id is taken (by a stored
 * message or a copy normalization made) under the first free `<id>#n`, and its pairing step
 * (`pairMessage`) pairs its tool parts against the stored pairing state and fills a missing
 * `toolName` on a result. Writes what pairing placed (the message, and a copy it made: eligible
 * parts, or a result recorded before its call) with its transcript and export rows (`messageViews`),
 * and the repairs.
 */
export function recordMessage(
  store: SessionViewsStore,
  message: RuntimeMessage,
  revision: number,
  sessionId: string,
  exportSettings: ExportSettings,
): void {
  const once = recordMessageOnce(message, store.recordedSoFar(sessionId));
  if (once.repair !== undefined) store.addRepair(sessionId, { ...once.repair, revision });
  const placed = once.placed;
  if (placed === undefined) return;
  const seq = store.nextSeq(sessionId);
  const paired = pairMessage(store.pairingState(sessionId), placed, { seq, revision });
  for (const repair of paired.repairs) store.addRepair(sessionId, { ...repair, revision });
  paired.entries.forEach((entry, index) => {
    const stored: StoredMessage = {
      seq: seq + index,
      revision,
      recordedId: entry.copyOf === undefined ? message.id : null,
      recorded:
        entry.copyOf !== undefined || entry.message === message ? null : JSON.stringify(message),
      copyOf: entry.copyOf ?? null,
      message: entry.message,
    };
    store.insertMessage(sessionId, stored, messageViews(stored.message, revision, exportSettings));
  });
}
