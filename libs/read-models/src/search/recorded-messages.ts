import { foldSessionEvents, type SessionLogEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { RecordedModelCall } from '@agent-ledger/projections';

/**
 * A session's recorded messages and model calls, from its parsed events in order, as the search
 * and analytics handlers keep them: the messages are the first step of a replay
 * (`foldSessionEvents`: a retried message dropped, a message whose id is taken kept under the
 * first free `<id>#n`, pruning marks applied, first mark wins), the rule the handlers follow event
 * by event; a model call recorded twice under one `callId` is kept once. Not normalization's
 * pairing: search and analytics are about what was recorded.
 */
export function recordedMessages(events: readonly SessionLogEvent[]): {
  messages: RuntimeMessage[];
  modelCalls: RecordedModelCall[];
} {
  const modelCalls = new Map<string, RecordedModelCall>();
  for (const { event } of events) {
    if (event.type === 'ModelCallRecorded' && !modelCalls.has(event.data.callId)) {
      modelCalls.set(event.data.callId, event.data);
    }
  }
  const folded = foldSessionEvents(events.map((logged) => logged.event));
  return {
    messages: folded.entries.map((entry) => entry.message),
    modelCalls: [...modelCalls.values()],
  };
}
