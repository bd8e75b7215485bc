import { StreamNotFoundError } from '@agent-ledger/event-store';
import {
  isMessageEventType,
  sessionStreamName,
  type ModelCallRecordedEvent,
  ModelCallNotFoundError,
  SessionNotFoundError,
} from '@agent-ledger/events';
import { parseLoggedEvent } from './parse-logged-event';
import type { SessionLog } from './session-log';

/** Where the session's model call N was made from, and with what the runtime recorded of it. */
export interface ModelCallContext {
  /** 1-based, in log order. */
  callNumber: number;
  call: ModelCallRecordedEvent['data'];
  /** The revision of the `ModelCallRecorded` event itself. */
  recordedAtRevision: number;
  /** The revision whose model context the call was made from. */
  contextRevision: number;
  /** `recorded`: the runtime said so (`contextRevision`); `inferred`: the revision before the step's first new message. */
  revisionSource: 'recorded' | 'inferred';
}

/**
 * Finds the session's model call N (1-based, `ModelCallRecorded` events in log order) and the
 * revision its context was computed at: the call's `contextRevision` when the runtime recorded
 * it, else the revision just before the first event that recorded one of the step's response
 * messages (the context cannot have held the answer), else the revision before the call event.
 */
export async function modelCallContext(
  store: SessionLog,
  sessionId: string,
  callNumber: number,
): Promise<ModelCallContext> {
  const firstRevisionOf = new Map<string, number>();
  let count = 0;
  let found: ModelCallContext | undefined;
  try {
    for await (const recorded of store.readStream(sessionStreamName(sessionId))) {
      const parsed = parseLoggedEvent(recorded);
      if (!parsed.ok) continue;
      const { event, revision } = parsed.event;
      if (
        isMessageEventType(event.type) &&
        'id' in event.data &&
        !firstRevisionOf.has(event.data.id)
      ) {
        firstRevisionOf.set(event.data.id, revision);
      }
      if (event.type !== 'ModelCallRecorded') continue;
      count += 1;
      if (count !== callNumber) continue;
      const call = event.data;
      const firstAnswer = Math.min(
        revision,
        ...call.messageIds.map((id) => firstRevisionOf.get(id) ?? revision),
      );
      found = {
        callNumber,
        call,
        recordedAtRevision: revision,
        contextRevision: call.contextRevision ?? Math.max(0, firstAnswer - 1),
        revisionSource: call.contextRevision === undefined ? 'inferred' : 'recorded',
      };
      break;
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) throw new SessionNotFoundError(sessionId);
    throw error;
  }
  if (found === undefined) throw new ModelCallNotFoundError(sessionId, callNumber, count);
  return found;
}
