import {
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import {
  computeSessionReadModels,
  storedDifferences,
  type ExportPolicy,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';

/**
 * One session's differences between its read models recomputed from the log up to `position`
 * (`computeSessionReadModels`) and the stored ones (`readSessionReadModels`, read through `db`,
 * which the caller keeps in a read transaction). Empty when they agree (`storedDifferences`: rows
 * no reader can read are a difference too).
 */
export async function verifySession(
  store: EventStore,
  db: ReadModelDatabase,
  sessionId: string,
  position: number | null,
  exportPolicy: ExportPolicy,
): Promise<string[]> {
  const events = await sessionEvents(store, sessionId, position);
  const expected = computeSessionReadModels(sessionId, events, { exportPolicy });
  const differences = storedDifferences(db, expected);
  // A session whose content a retention run stripped has no event left to recompute from: its
  // session list row (structure only, marked) is all it may keep, and nothing else.
  if (events.length === 0 && contentErased(db, sessionId)) {
    return differences.filter((difference) => !difference.startsWith('$.summary'));
  }
  return differences;
}

/** Whether the session list keeps the session as one whose content was stripped. */
function contentErased(db: ReadModelDatabase, sessionId: string): boolean {
  const row = db
    .prepare<[string], { summary: string }>('SELECT summary FROM rm_sessions WHERE session_id = ?')
    .get(sessionId);
  if (row === undefined) return false;
  const summary: unknown = JSON.parse(row.summary);
  return typeof summary === 'object' && summary !== null && 'contentErased' in summary;
}

/**
 * One session's events up to `position`. A stream deleted since has none: its stored read models
 * then show as differences.
 */
async function sessionEvents(
  store: EventStore,
  sessionId: string,
  position: number | null,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  if (position === null) return events;
  try {
    for await (const event of store.readStream(sessionStreamName(sessionId))) {
      if (event.position > position) break;
      events.push(event);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return events;
}
