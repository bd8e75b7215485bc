import type { ToolResultsPrunedEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { MessageViews, SessionViewsStore } from './session-views-store';

/**
 * A pruning mark, incrementally: sets `metadata.compactedAt` on each named tool result recorded
 * before it that has none yet (first mark wins), and on the eligible-parts copy made of it, as
 * replaying the log would, rewriting their transcript and export rows (`viewsOf`). A name that is
 * unknown or not a tool result is a repair.
 */
export function applyPruningMark(
  store: SessionViewsStore,
  sessionId: string,
  data: ToolResultsPrunedEvent['data'],
  revision: number,
  viewsOf: (message: RuntimeMessage) => MessageViews,
): void {
  for (const id of new Set(data.messageIds)) {
    const target = store.recordedMessage(sessionId, id);
    if (target === undefined) {
      store.addRepair(sessionId, {
        type: 'unknown-prune-target',
        targetMessageId: id,
        revision,
        detail: `A pruning mark names "${id}", but no message with that id was recorded before it; the id was ignored.`,
      });
      continue;
    }
    if (target.message.kind !== 'tool_result') {
      store.addRepair(sessionId, {
        type: 'prune-target-not-tool-result',
        messageId: id,
        revision,
        detail: `A pruning mark names "${id}", a ${target.message.kind} message; only tool results are pruned, so it was left as it was.`,
      });
      continue;
    }
    if (target.message.metadata?.compactedAt !== undefined) continue;
    for (const stored of [target, ...store.copiesOf(sessionId, id)]) {
      const message = withCompactedAt(stored.message, data.compactedAt);
      // Keep the message as recorded, for telling a later retry of it from a different message.
      const recorded =
        stored.recorded ?? (stored.recordedId === null ? null : JSON.stringify(stored.message));
      store.updateMessage(sessionId, { ...stored, message, recorded }, viewsOf(message));
    }
  }
}

function withCompactedAt(message: RuntimeMessage, compactedAt: string): RuntimeMessage {
  return { ...message, metadata: { ...message.metadata, compactedAt } };
}
