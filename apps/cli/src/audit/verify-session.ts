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
  const expected = computeSessionReadModels(
    sessionId,
    await sessionEvents(store, sessionId, position),
    { exportPolicy },
  );
  return storedDifferences(db, expected);
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
