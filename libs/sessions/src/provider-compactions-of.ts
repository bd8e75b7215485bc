import type { ProviderCompactionRecordedEvent } from '@agent-ledger/events';
import { providerCompactionFamilyOf, type RuntimeMessage } from '@agent-ledger/messages';
import type { SessionState } from './session-state';

/** Where the artifacts came from: a recorded model call, or appended messages. */
export interface ProviderCompactionSource {
  /** The AI SDK provider id of the call; absent for appended messages (then: the family). */
  provider?: string;
  /** The model call that returned them; absent for appended messages. */
  callId?: string;
}

/**
 * A `ProviderCompactionRecorded` for each provider compaction artifact among the newly recorded
 * messages (`accepted`, in order): an `assistant_text` with a text part that
 * `providerCompactionFamilyOf` names (Anthropic's compaction block, OpenAI's compaction item). It
 * covers every message of the session before it; its non-empty text is the readable summary. The
 * messages after it (up to the next artifact) that repeat a covered message
 * (`metadata.repeatsMessageId`) are its `retainedMessageIds`: the provider keeps them after its
 * artifact. Pure.
 */
export function providerCompactionsOf(
  sessionId: string,
  accepted: readonly RuntimeMessage[],
  state: SessionState,
  source: ProviderCompactionSource,
  recordedAt: string,
): ProviderCompactionRecordedEvent[] {
  const events: ProviderCompactionRecordedEvent[] = [];
  accepted.forEach((message, index) => {
    const artifact = artifactOf(message);
    if (artifact === undefined) return;
    const before = index > 0 ? accepted[index - 1]?.id : lastRecordedMessageId(state);
    const retainedMessageIds = retainedAfter(accepted, index, state);
    events.push({
      type: 'ProviderCompactionRecorded',
      data: {
        sessionId,
        compactionId: message.id,
        provider: source.provider ?? artifact.family,
        family: artifact.family,
        artifactMessageId: message.id,
        ...(before === undefined ? {} : { coversThroughMessageId: before }),
        ...(retainedMessageIds.length === 0 ? {} : { retainedMessageIds }),
        ...(artifact.text === '' ? {} : { summary: artifact.text }),
        ...(source.callId === undefined ? {} : { callId: source.callId }),
        recordedAt,
      },
    });
  });
  return events;
}

function artifactOf(message: RuntimeMessage) {
  if (message.kind !== 'assistant_text' || typeof message.content === 'string') return undefined;
  for (const part of message.content) {
    if (part.type !== 'text') continue;
    const family = providerCompactionFamilyOf(part);
    if (family !== undefined) return { family, text: part.text };
  }
  return undefined;
}

/**
 * The messages after `accepted[index]` (up to the next artifact) that repeat a message recorded
 * before it: in the session already, or earlier in the same batch.
 */
function retainedAfter(
  accepted: readonly RuntimeMessage[],
  index: number,
  state: SessionState,
): string[] {
  const earlierInBatch = new Set(accepted.slice(0, index).map((message) => message.id));
  const retained: string[] = [];
  for (const message of accepted.slice(index + 1)) {
    if (artifactOf(message) !== undefined) break;
    const repeated = message.metadata?.repeatsMessageId;
    if (repeated === undefined) continue;
    if (state.messageFingerprints.has(repeated) || earlierInBatch.has(repeated)) {
      retained.push(message.id);
    }
  }
  return retained;
}

/** The message recorded last (the fingerprints keep recording order). */
function lastRecordedMessageId(state: SessionState): string | undefined {
  let last: string | undefined;
  for (const id of state.messageFingerprints.keys()) last = id;
  return last;
}
