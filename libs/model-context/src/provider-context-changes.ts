import {
  isMessageEventType,
  type ProviderContextEdit,
  type SessionLogEvent,
} from '@agent-ledger/events';
import type { ProviderCompactionFamily } from '@agent-ledger/messages';
import type { DebugMessage } from '@agent-ledger/projections';

/**
 * What a provider dropped on its side, between two revisions: a compaction whose artifact stands
 * for the messages before it (`coveredMessageIds`: those the model view showed, less the copies
 * the provider kept, `retainedMessageIds`), or context edits
 * it applied to a call (`clearedToolResultIds`: the oldest tool results the call's context
 * showed, as many as the provider says it cleared; the provider reports counts, and clears the
 * oldest first).
 */
export type ProviderContextChange =
  | {
      change: 'provider-compacted';
      revision: number;
      compactionId: string;
      provider: string;
      family: ProviderCompactionFamily;
      artifactMessageId: string;
      coveredMessageIds: string[];
    }
  | {
      change: 'provider-edited';
      revision: number;
      callId: string;
      provider: string;
      edits: ProviderContextEdit[];
      clearedToolResultIds: string[];
    };

/**
 * The provider compactions and context edits recorded after `from` up to `to` on the session's
 * line (`line`, in log order), with what each dropped among the messages `debug` (the debug view
 * at `to`) shows the model. Pure.
 */
export function providerContextChanges(
  line: readonly SessionLogEvent[],
  from: number,
  debug: readonly DebugMessage[],
): ProviderContextChange[] {
  const recordedAt = new Map<string, number>();
  const contextRevisionOf = new Map<string, number>();
  for (const logged of line) {
    const { event } = logged;
    if (isMessageEventType(event.type) && 'id' in event.data) {
      recordedAt.set(event.data.id, logged.revision);
    }
    if (event.type === 'ModelCallRecorded' && event.data.contextRevision !== undefined) {
      contextRevisionOf.set(event.data.callId, event.data.contextRevision);
    }
  }
  const shown = debug.filter((message) => message.model.status === 'shown');
  const shownBefore = (revision: number) =>
    shown.filter((message) => (recordedAt.get(message.id) ?? Infinity) < revision);
  return line.flatMap((logged): ProviderContextChange[] => {
    const { event, revision } = logged;
    if (revision <= from) return [];
    if (event.type === 'ProviderCompactionRecorded') {
      const { compactionId, provider, family, artifactMessageId } = event.data;
      const artifactRevision = recordedAt.get(artifactMessageId) ?? revision;
      const retained = new Set(event.data.retainedMessageIds ?? []);
      return [
        {
          change: 'provider-compacted',
          revision,
          compactionId,
          provider,
          family,
          artifactMessageId,
          coveredMessageIds: shownBefore(artifactRevision)
            .filter((message) => message.role !== 'system' && !retained.has(message.id))
            .map((message) => message.id),
        },
      ];
    }
    if (event.type === 'ProviderContextEdited') {
      const { callId, provider, edits } = event.data;
      const cleared = edits.reduce((total, edit) => total + (edit.clearedToolUses ?? 0), 0);
      const contextRevision = contextRevisionOf.get(callId);
      const before = contextRevision === undefined ? revision : contextRevision + 1;
      return [
        {
          change: 'provider-edited',
          revision,
          callId,
          provider,
          edits,
          clearedToolResultIds: shownBefore(before)
            .filter((message) => message.kind === 'tool_result')
            .slice(0, cleared)
            .map((message) => message.id),
        },
      ];
    }
    return [];
  });
}
