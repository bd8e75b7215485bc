import {
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ExportPolicy } from '../session-views/export-policy';
import { computeSessionReadModels } from './compute-session-read-models';
import { jsonDifferences } from './json-differences';
import { readSessionReadModels } from './read-session-read-models';
import { storedReadModelsMatch } from './stored-read-models-match';

/**
 * Recomputes one session's read models from its stream in memory and compares them with the
 * stored ones (`storedReadModelsMatch` first, then the whole comparison when it cannot tell);
 * returns the differences (empty: they agree). Only events at or before
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
  // Read back whole and diffed only when the rows, compared as they are, may differ.
  if (storedReadModelsMatch(db, expected)) return [];
  return jsonDifferences(expected, readSessionReadModels(db, sessionId));
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
