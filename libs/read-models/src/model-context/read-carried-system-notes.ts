import type { EventStore } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { parseSessionLogEvent } from '../runner/parse-session-log-event';
import type { SessionLogEvent } from '../runner/session-log-event';

/** The system notes of one session found so far, and up to which revision the stream was read. */
interface ScannedNotes {
  notes: SessionLogEvent[];
  /** Every revision up to this one (inclusive) has been read. */
  readThrough: number;
}

/** Sessions whose scanned system notes are kept, per store (least recently used first out). */
const MAX_SESSIONS = 1_000;
const scansByStore = new WeakMap<EventStore, Map<string, ScannedNotes>>();

/**
 * The `SystemNoteRecorded` events of a session before `beforeRevision`, in log order: the system
 * notes a compact boundary at `beforeRevision` carries over into the model view.
 *
 * The log is append-only, so what was read once stays true: the notes found are kept in memory
 * per session with the revision read through, and a later request reads only the events after
 * it. The first request for a session in a process reads the stream up to the boundary once;
 * `eventsRead` says how many events this call read.
 */
export async function readCarriedSystemNotes(
  store: EventStore,
  sessionId: string,
  beforeRevision: number,
): Promise<{ notes: SessionLogEvent[]; eventsRead: number }> {
  if (beforeRevision <= 0) return { notes: [], eventsRead: 0 };
  const scans = scansOf(store);
  const scanned = scans.get(sessionId) ?? { notes: [], readThrough: -1 };
  scans.delete(sessionId);
  let eventsRead = 0;
  if (scanned.readThrough < beforeRevision - 1) {
    const from = scanned.readThrough + 1;
    for await (const recorded of store.readStream(sessionStreamName(sessionId), {
      fromRevision: from,
      maxCount: beforeRevision - from,
    })) {
      eventsRead += 1;
      scanned.readThrough = recorded.revision;
      if (recorded.type !== 'SystemNoteRecorded') continue;
      const parsed = parseSessionLogEvent(recorded);
      if (parsed.ok) scanned.notes.push(parsed.event);
    }
  }
  scans.set(sessionId, scanned);
  if (scans.size > MAX_SESSIONS) {
    const oldest = scans.keys().next().value;
    if (oldest !== undefined) scans.delete(oldest);
  }
  return {
    notes: scanned.notes.filter((logged) => logged.revision < beforeRevision),
    eventsRead,
  };
}

function scansOf(store: EventStore): Map<string, ScannedNotes> {
  const existing = scansByStore.get(store);
  if (existing !== undefined) return existing;
  const created = new Map<string, ScannedNotes>();
  scansByStore.set(store, created);
  return created;
}
