import {
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ExportPolicy } from '../session-views/export-policy';
import { computeSessionReadModels } from './compute-session-read-models';
import { storedDifferences } from './stored-differences';

/**
 * Recomputes one session's read models from its stream in memory and compares them with the
 * stored ones (`storedDifferences`); returns the differences (empty: they agree). Only events at or before
 * `upToPosition` are replayed — pass the runner's position, so that events the runner has not
 * reached yet do not count as differences.
 */
export async function verifySessionReadModels(
  store: EventStore,
  db: ReadModelDatabase,
  sessionId: string,
  options: { upToPosition: number | null; exportPolicy?: ExportPolicy },
): Promise<string[]> {
  const events = await readSessionEvents(store, sessionId);
  const limit = options.upToPosition ?? -1;
  const expected = computeSessionReadModels(
    sessionId,
    events.filter((event) => event.position <= limit),
    options.exportPolicy === undefined ? {} : { exportPolicy: options.exportPolicy },
  );
  return storedDifferences(db, expected);
}

async function readSessionEvents(store: EventStore, sessionId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const event of store.readStream(sessionStreamName(sessionId))) events.push(event);
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return events;
}
