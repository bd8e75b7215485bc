import { pruningMarkTargets, type ToolResultsPrunedEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { messageViews, type ExportSettings } from './message-views';
import type { SessionViewsStore } from './session-views-store';

/**
 * A pruning mark, incrementally: sets `metadata.compactedAt` on each named tool result recorded
 * before it that has none yet (first mark wins), and on the eligible-parts copy made of it, as
 * replaying the log would, rewriting their transcript and export rows (`messageViews`). Which names
 * it prunes is the events lib's rule (`pruningMarkTargets`): unknown or not a tool result, a repair.
 */
export function applyPruningMark(
  store: SessionViewsStore,
  sessionId: string,
  data: ToolResultsPrunedEvent['data'],
  revision: number,
  exportSettings: ExportSettings,
): void {
  const mark = pruningMarkTargets(data.messageIds, store.recordedSoFar(sessionId));
  for (const repair of mark.repairs) store.addRepair(sessionId, { ...repair, revision });
  for (const { id, target } of mark.targets) {
    for (const stored of [target.stored, ...store.copiesOf(sessionId, id)]) {
      const message = withCompactedAt(stored.message, data.compactedAt);
      // Keep the message as recorded, for telling a later retry of it from a different message.
      const recorded =
        stored.recorded ?? (stored.recordedId === null ? null : JSON.stringify(stored.message));
      store.updateMessage(
        sessionId,
        { ...stored, message, recorded },
        messageViews(message, revision, exportSettings),
      );
    }
  }
}

function withCompactedAt(message: RuntimeMessage, compactedAt: string): RuntimeMessage {
  return { ...message, metadata: { ...message.metadata, compactedAt } };
}
