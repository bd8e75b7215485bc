import type { EventStore, RecordedEvent } from '@agent-ledger/event-store';
import {
  sessionStreamName,
  parseSessionLogEvent,
  RevisionNotFoundError,
  SessionNotFoundError,
  type SessionLogEvent,
} from '@agent-ledger/events';

/** A session's stream read forwards up to some revision. */
export interface SessionLog {
  sessionId: string;
  /** The stream's latest revision (whatever `toRevision` was). */
  latestRevision: number;
  /** Every stored event up to `toRevision`, in order. */
  recorded: RecordedEvent[];
  /** The same, parsed as the read models parse them; events they refuse are left out. */
  events: SessionLogEvent[];
}

/**
 * Reads a session's stream from its start up to `toRevision` (default: its end).
 * `SessionNotFound` when the stream does not exist, `RevisionNotFound` past its latest revision.
 */
export async function readSessionLog(
  store: EventStore,
  sessionId: string,
  options: { toRevision?: number } = {},
): Promise<SessionLog> {
  const streamName = sessionStreamName(sessionId);
  const latestRevision = await store.getStreamRevision(streamName);
  if (latestRevision === undefined) throw new SessionNotFoundError(sessionId);
  const toRevision = options.toRevision ?? latestRevision;
  if (toRevision > latestRevision) {
    throw new RevisionNotFoundError(sessionId, toRevision, latestRevision);
  }
  const recorded: RecordedEvent[] = [];
  const events: SessionLogEvent[] = [];
  for await (const event of store.readStream(streamName)) {
    if (event.revision > toRevision) break;
    recorded.push(event);
    const parsed = parseSessionLogEvent(event);
    if (parsed.ok) events.push(parsed.event);
  }
  return { sessionId, latestRevision, recorded, events };
}
