import { randomUUID } from 'node:crypto';
import type { AppendResult, EventStore } from '@agent-ledger/event-store';
import {
  SESSION_EVENT_SCHEMA_VERSION,
  sessionStreamName,
  type SessionEvent,
} from '@agent-ledger/events';

/**
 * Appends session events straight to a store (no decider: tests may record faulty histories),
 * each with a fresh event id and the current schema version.
 */
export function appendSessionEvents(
  store: EventStore,
  sessionId: string,
  events: readonly SessionEvent[],
): Promise<AppendResult> {
  return store.append(
    sessionStreamName(sessionId),
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: { schemaVersion: SESSION_EVENT_SCHEMA_VERSION },
    })),
  );
}
