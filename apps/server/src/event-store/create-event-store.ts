import path from 'node:path';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { ConfigError, type ServerConfig } from '../config';

/** Where the embedded store keeps its events. */
export function sqliteEventStorePath(config: ServerConfig): string {
  return path.join(config.dataDir, 'events.sqlite');
}

/**
 * The one place that turns `EVENT_STORE` into a store. Every event is checked against its JSON
 * Schema before it is written, whatever the store.
 */
export async function createEventStore(config: ServerConfig): Promise<EventStore> {
  switch (config.eventStore) {
    case 'sqlite':
      return Promise.resolve(
        new SqliteEventStore({
          path: sqliteEventStorePath(config),
          validatePayload: validateSessionEventPayload,
        }),
      );
    case 'eventstoredb':
      throw new ConfigError(
        'EVENT_STORE=eventstoredb: the EventStoreDB adapter is not part of this build yet; use EVENT_STORE=sqlite (the default).',
      );
    default: {
      const unreachable: never = config.eventStore;
      return unreachable;
    }
  }
}
