import path from 'node:path';
import { SqliteEventStore, StreamNotFoundError } from '@agent-ledger/event-store';

/** What a test checks of a stored event. */
export interface StoredEvent {
  revision: number;
  id: string;
  type: string;
  data: unknown;
}

/**
 * Reads a session's stream straight from the server's SQLite file (a second connection; SQLite's
 * WAL lets it read while the server writes): `[]` when the stream does not exist.
 */
export async function readSessionStream(
  dataDir: string,
  sessionId: string,
): Promise<StoredEvent[]> {
  const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
  try {
    const events: StoredEvent[] = [];
    for await (const event of store.readStream(`session-${sessionId}`)) {
      events.push({ revision: event.revision, id: event.id, type: event.type, data: event.data });
    }
    return events;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  } finally {
    await store.close();
  }
}
