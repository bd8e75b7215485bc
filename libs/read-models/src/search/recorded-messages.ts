import {
  firstFreeId,
  handleSessionEvent,
  pruneTargetVerdict,
  recordMessageOnce,
  type SessionEventHandlers,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { RecordedModelCall } from '@agent-ledger/projections';
import type { SessionLogEvent } from '../runner/session-log-event';

/**
 * A session's recorded messages and model calls, from its parsed events in order, as the search
 * and analytics handlers keep them: a retried message (same id, same content) dropped, another
 * message reusing an id kept as `<id>#2` (minted against the ids seen so far, as the read models
 * do), pruning marks applied (first mark wins), a model call recorded twice under one `callId`
 * kept once. Not normalization's pairing: search and analytics are about what was recorded.
 */
export function recordedMessages(events: readonly SessionLogEvent[]): {
  messages: RuntimeMessage[];
  modelCalls: RecordedModelCall[];
} {
  const messages: RuntimeMessage[] = [];
  const indexById = new Map<string, number>();
  const versions = new Map<string, RuntimeMessage[]>();
  const modelCalls = new Map<string, RecordedModelCall>();
  const handlers: SessionEventHandlers<[], void> = {
    SessionStarted: () => undefined,
    SessionEnded: () => undefined,
    ModelCallRecorded: (event) => {
      if (!modelCalls.has(event.data.callId)) modelCalls.set(event.data.callId, event.data);
    },
    ToolResultsPruned: (event) => {
      for (const id of new Set(event.data.messageIds)) {
        const index = indexById.get(id);
        const target = index === undefined ? undefined : messages[index];
        if (index === undefined || pruneTargetVerdict(id, target).verdict !== 'prune') continue;
        messages[index] = {
          ...target!,
          metadata: { ...target!.metadata, compactedAt: event.data.compactedAt },
        };
      }
    },
    MessageRecorded: ({ data: message }) => {
      const earlier = versions.get(message.id) ?? [];
      const once = recordMessageOnce(message, earlier, (id) =>
        firstFreeId(id, (candidate) => indexById.has(candidate), 2),
      );
      if (once.placed === undefined) return;
      versions.set(message.id, [...earlier, message]);
      indexById.set(once.placed.id, messages.push(once.placed) - 1);
    },
  };
  for (const { event } of events) handleSessionEvent(handlers, event);
  return { messages, modelCalls: [...modelCalls.values()] };
}
