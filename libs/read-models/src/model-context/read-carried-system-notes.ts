import type { EventStore } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { parseSessionLogEvent } from '../runner/parse-session-log-event';
import type { SessionLogEvent } from '../runner/session-log-event';

/**
 * The `SystemNoteRecorded` events of a session before `beforeRevision`, in log order: the system
 * notes a compact boundary at `beforeRevision` carries over into the model view. Events of other
 * types are skipped before they are parsed, so the cost is one pass over the stream's rows.
 */
export async function readCarriedSystemNotes(
  store: EventStore,
  sessionId: string,
  beforeRevision: number,
): Promise<{ notes: SessionLogEvent[]; eventsRead: number }> {
  if (beforeRevision <= 0) return { notes: [], eventsRead: 0 };
  const notes: SessionLogEvent[] = [];
  let eventsRead = 0;
  for await (const recorded of store.readStream(sessionStreamName(sessionId), {
    direction: 'backwards',
    fromRevision: beforeRevision - 1,
  })) {
    eventsRead += 1;
    if (recorded.type !== 'SystemNoteRecorded') continue;
    const parsed = parseSessionLogEvent(recorded);
    if (parsed.ok) notes.push(parsed.event);
  }
  return { notes: notes.reverse(), eventsRead };
}
