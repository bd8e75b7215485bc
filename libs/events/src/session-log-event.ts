import type { RecordedSessionEvent } from './session-event';

/**
 * A session event as the read models receive it: the parsed, schema-checked event with its place
 * in the log, the session it belongs to and the time the store wrote it.
 */
export interface SessionLogEvent extends RecordedSessionEvent {
  sessionId: string;
  streamName: string;
  /** ISO-8601 time the store wrote the event (`RecordedEvent.createdAt`). */
  recordedAt: string;
}
