import type { RecordedEvent } from '@agent-ledger/event-store';
import { isSessionEventType } from './is-session-event-type';
import {
  SESSION_STREAM_PREFIX,
  type SessionEvent,
  type SessionEventMetadata,
} from './session-event';
import type { SessionLogEvent } from './session-log-event';
import { validateSessionEventPayload } from './validate-session-event-payload';

/** A stored event read as a session event, or why it cannot be. */
export type ParsedSessionLogEvent =
  { ok: true; event: SessionLogEvent } | { ok: false; sessionId?: string; error: string };

/**
 * Reads a stored event as a session event: its stream must be a session stream, its type known,
 * and its data and metadata must match the JSON Schema of its `schemaVersion`. Both routes to the
 * read models (the runner's handlers and the in-memory recomputation) read events through this
 * one function, so an event one of them refuses the other refuses too.
 */
export function parseSessionLogEvent(recorded: RecordedEvent): ParsedSessionLogEvent {
  if (!recorded.streamName.startsWith(SESSION_STREAM_PREFIX)) {
    return { ok: false, error: `Stream "${recorded.streamName}" is not a session stream.` };
  }
  const sessionId = recorded.streamName.slice(SESSION_STREAM_PREFIX.length);
  if (!isSessionEventType(recorded.type)) {
    return {
      ok: false,
      sessionId,
      error: `Event type "${recorded.type}" is unknown to this version; the event was skipped.`,
    };
  }
  const complaints = validateSessionEventPayload({
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
  });
  if (complaints.length > 0) {
    return {
      ok: false,
      sessionId,
      error: `Event ${recorded.id} (${recorded.type}) does not match its schema: ${complaints.join('; ')}.`,
    };
  }
  // The schema has just checked `data` for this `type`, and `metadata` (integer schemaVersion).
  const event = { type: recorded.type, data: recorded.data } as SessionEvent;
  return {
    ok: true,
    event: {
      event,
      sessionId,
      streamName: recorded.streamName,
      revision: recorded.revision,
      position: recorded.position,
      id: recorded.id,
      recordedAt: recorded.createdAt,
      metadata: sessionEventMetadata(recorded.metadata),
    },
  };
}

/** The metadata fields the event types define; the schema has checked their types. */
function sessionEventMetadata(metadata: Record<string, unknown>): SessionEventMetadata {
  const text = (key: string): Record<string, string> => {
    const value = metadata[key];
    return typeof value === 'string' ? { [key]: value } : {};
  };
  return {
    schemaVersion: Number(metadata['schemaVersion']),
    ...text('commandId'),
    ...text('correlationId'),
    ...text('causationId'),
  };
}
