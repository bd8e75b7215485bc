import type { RuntimeMessage } from '@agent-ledger/messages';
import { agentNameOf } from './agent-name-of';
import { providerCompactionEntryOf } from './provider-compaction-entry-of';
import type { ProjectionContext, ProjectionResult, TranscriptMessage } from './types';

/**
 * The transcript view: the whole process for people, in log order. Compact boundaries show as
 * `compact_boundary` entries, pruned tool results keep their complete content with
 * `metadata.compacted: true` and `compactedAt`, a provider's compaction artifact carries
 * `providerCompaction` (and the copies it kept `repeatsMessageId`), and only messages with
 * `metadata.visibleInTranscript === false` are left out (reported in `hiddenMessageIds`).
 * The context is accepted for a uniform signature; no option changes the transcript.
 */
export function projectToTranscript(
  messages: readonly RuntimeMessage[],
  _context: ProjectionContext,
): ProjectionResult<TranscriptMessage> {
  const result: ProjectionResult<TranscriptMessage> = {
    messages: [],
    diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
  };
  for (const message of messages) {
    if (message.metadata?.visibleInTranscript === false) {
      result.diagnostics.hiddenMessageIds.push(message.id);
      continue;
    }
    const compactedAt = message.metadata?.compactedAt;
    const agentName = agentNameOf(message);
    const providerCompaction = providerCompactionEntryOf(message);
    const repeatsMessageId = message.metadata?.repeatsMessageId;
    result.messages.push({
      view: 'transcript',
      role: message.role,
      semanticType: message.kind,
      sourceMessageIds: [message.id],
      id: message.id,
      kind: message.kind,
      createdAt: message.createdAt,
      ...(message.runId === undefined ? {} : { runId: message.runId }),
      ...(agentName === undefined ? {} : { agentName }),
      ...(compactedAt === undefined ? {} : { compactedAt, metadata: { compacted: true } }),
      ...(providerCompaction === undefined ? {} : { providerCompaction }),
      ...(repeatsMessageId === undefined ? {} : { repeatsMessageId }),
      content: message.content,
    });
  }
  return result;
}
