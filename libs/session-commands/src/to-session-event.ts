import type { RecordedEvent } from '@agent-ledger/event-store';
import {
  isSessionEventType,
  validateSessionEventPayload,
  type SessionEvent,
} from '@agent-ledger/events';
import { UnreadableSessionEventError } from './unreadable-session-event.error';

/**
 * A stored event as a session event, after checking it against its JSON Schema (by type and
 * `metadata.schemaVersion`). Throws `UnreadableSessionEventError` otherwise.
 */
export function toSessionEvent(recorded: RecordedEvent): SessionEvent {
  const complaints = validateSessionEventPayload(recorded);
  if (complaints.length > 0 || !isSessionEventType(recorded.type)) {
    throw new UnreadableSessionEventError(recorded.streamName, recorded.revision, complaints);
  }
  // Checked just above: the type is a session event type and the data matches its schema.
  return { type: recorded.type, data: recorded.data } as SessionEvent;
}
