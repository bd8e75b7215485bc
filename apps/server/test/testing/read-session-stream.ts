import { StreamNotFoundError } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import type { TestStore } from './test-store';

/** What a test checks of a stored event. */
export interface StoredEvent {
  revision: number;
  id: string;
  type: string;
  data: unknown;
}

/**
 * Reads a session's stream through the port (`EventStore.readStream`) with the test's own client
 * on the store the server writes (a second SQLite connection, which WAL lets read while the server
 * writes, or a second EventStoreDB client): `[]` when the stream does not exist.
 */
export async function readSessionStream(
  store: TestStore,
  sessionId: string,
): Promise<StoredEvent[]> {
  try {
    const events: StoredEvent[] = [];
    for await (const event of store.client().readStream(sessionStreamName(sessionId))) {
      events.push({ revision: event.revision, id: event.id, type: event.type, data: event.data });
    }
    return events;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}
