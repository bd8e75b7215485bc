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
 * covers every message of the session before it; its non-empty text is the readable summary.
 * The copies the provider kept of covered messages (`metadata.repeatsMessageId` naming a recorded
 * message) are its `retainedMessageIds`: those after it (up to the next artifact), and the
 * unbroken run of copies right before it in the same append (OpenAI's compacted output lists the
 * user messages it keeps, then its item). Such a run is not covered: the artifact covers through
 * the message before the run. Pure.
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
    const copiesBefore = retainedBefore(accepted, index, state);
    const start = index - copiesBefore.length;
    const before = start > 0 ? accepted[start - 1]?.id : lastRecordedMessageId(state);
    const retainedMessageIds = [...copiesBefore, ...retainedAfter(accepted, index, state)];
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
 * The unbroken run of copies of recorded messages right before `accepted[index]` in the batch,
 * in order (none when the message before it is not such a copy).
 */
function retainedBefore(
  accepted: readonly RuntimeMessage[],
  index: number,
  state: SessionState,
): string[] {
  const run: string[] = [];
  for (let at = index - 1; at >= 0; at -= 1) {
    const message = accepted[at];
    if (message === undefined || !repeatsRecorded(message, accepted, at, state)) break;
    run.unshift(message.id);
  }
  return run;
}

/** Whether `message` (at `at` in the batch) repeats a message recorded before it. */
function repeatsRecorded(
  message: RuntimeMessage,
  accepted: readonly RuntimeMessage[],
  at: number,
  state: SessionState,
): boolean {
  const repeated = message.metadata?.repeatsMessageId;
  if (repeated === undefined || artifactOf(message) !== undefined) return false;
  return (
    state.messageFingerprints.has(repeated) ||
    accepted.slice(0, at).some((earlier) => earlier.id === repeated)
  );
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
