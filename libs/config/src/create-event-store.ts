import path from 'node:path';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
// Types only: the adapter (and its gRPC client, ~170 modules) is loaded when it is asked for, so
// the embedded store's server and every CLI command start without it.
import type { EventStoreDbEventStore, SubscriptionLogger } from '@agent-ledger/eventstoredb';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { ConfigError, type ServerConfig } from './server-config';

/** Where the embedded store keeps its events. */
export function sqliteEventStorePath(config: ServerConfig): string {
  return path.join(config.dataDir, 'events.sqlite');
}

/** Options of {@link createEventStore}. */
export interface CreateEventStoreOptions {
  /**
   * Where the EventStoreDB adapter says that a subscription dropped and when it resubscribes
   * (the server passes Nest's `Logger`); default `console`.
   */
  logger?: SubscriptionLogger;
  /**
   * Open the embedded store read-only (`SqliteEventStoreOptions.readOnly`: a full disk); no
   * effect on EventStoreDB, whose disk is not this machine's.
   */
  readOnly?: boolean;
}

/**
 * The one place that turns `EVENT_STORE` into a store: the embedded SQLite file under `DATA_DIR`,
 * or EventStoreDB at `EVENTSTORE_CONNECTION_STRING`. Every event is checked against its JSON
 * Schema before it is written, whatever the store. Nothing is connected yet: EventStoreDB's client
 * connects on its first call, so a server whose EventStoreDB is down still starts, and says so on
 * `GET /health`. A connection string the client cannot parse is a `ConfigError`.
 */
export function createEventStore(
  config: ServerConfig,
  options: CreateEventStoreOptions = {},
): Promise<EventStore> {
  // A refusal is a rejected promise, as an asynchronous store's opening would be.
  return Promise.resolve().then(() => openEventStore(config, options));
}

async function openEventStore(
  config: ServerConfig,
  options: CreateEventStoreOptions,
): Promise<EventStore> {
  switch (config.eventStore) {
    case 'sqlite':
      return new SqliteEventStore({
        path: sqliteEventStorePath(config),
        validatePayload: validateSessionEventPayload,
        ...(options.readOnly === true ? { readOnly: true } : {}),
      });
    case 'eventstoredb':
      return openEventStoreDb(config.eventStoreConnectionString, options);
    default: {
      const unreachable: never = config.eventStore;
      return unreachable;
    }
  }
}

async function openEventStoreDb(
  connectionString: string | undefined,
  options: CreateEventStoreOptions,
): Promise<EventStoreDbEventStore> {
  if (connectionString === undefined) {
    throw new ConfigError(
      'EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false).',
    );
  }
  const { EventStoreDbEventStore } = await import('@agent-ledger/eventstoredb');
  try {
    return new EventStoreDbEventStore({
      connectionString,
      validatePayload: validateSessionEventPayload,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
  } catch (error) {
    throw new ConfigError(
      `EVENTSTORE_CONNECTION_STRING cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
