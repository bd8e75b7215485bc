/** An event a handler could not process: recorded, logged and skipped. */
export interface FailedEvent {
  handler: string;
  position: number;
  streamName: string;
  /** Absent when the stream is not a session stream. */
  sessionId?: string;
  revision: number;
  eventId: string;
  eventType: string;
  /** The error message (schema complaints, or what the handler threw). */
  error: string;
  /** ISO-8601 time of the failure. */
  failedAt: string;
}
