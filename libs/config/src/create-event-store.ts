import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ContentKeyStoreConfigError,
  ContentSealingEventStore,
  SqliteContentKeyStore,
  sealedAppendSizeLimit,
} from '@agent-ledger/content-crypto';
import {
  DEFAULT_MAX_APPEND_SIZE,
  SqliteEventStore,
  type EventPayloadValidator,
  type EventStore,
} from '@agent-ledger/event-store';
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
 * Schema before it is written, whatever the store. With `CONTENT_ENCRYPTION=on`, or when the
 * content key store exists (sealed events are in the log), the store is wrapped in a
 * `ContentSealingEventStore` over the key store at `CONTENT_KEYS_PATH`: it checks the plain
 * payloads, seals session content on append (when on) and opens it on every read. Nothing is connected yet: EventStoreDB's client
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

/**
 * True when the store `createEventStore` opens reads through the content key store: encryption
 * is on, or its key file exists (sealing was on once; turned off, it is still needed to read).
 */
export function usesContentKeys(config: ServerConfig): boolean {
  return config.contentEncryption.enabled || existsSync(config.contentEncryption.keysPath);
}

/** Opens the content key store of the configuration (`CONTENT_KEYS_PATH`, `CONTENT_MASTER_KEY`). */
export function openContentKeyStore(config: ServerConfig): SqliteContentKeyStore {
  const { keysPath, masterKey } = config.contentEncryption;
  try {
    return new SqliteContentKeyStore({
      path: keysPath,
      ...(masterKey === undefined ? {} : { masterKey }),
    });
  } catch (error) {
    // A missing or wrong CONTENT_MASTER_KEY is the configuration's fault, said at start.
    if (error instanceof ContentKeyStoreConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

async function openEventStore(
  config: ServerConfig,
  options: CreateEventStoreOptions,
): Promise<EventStore> {
  if (!usesContentKeys(config)) return openStore(config, options, validateSessionEventPayload);
  // The wrapper checks the plain payloads; the store below takes the sealed ones as they are.
  // The store first: a configuration it refuses creates no key file.
  const inner = await openStore(config, options, undefined);
  let keys: SqliteContentKeyStore;
  try {
    keys = openContentKeyStore(config);
  } catch (error) {
    await inner.close();
    throw error;
  }
  return new ContentSealingEventStore({
    inner,
    keys,
    validatePayload: validateSessionEventPayload,
    maxAppendSize: DEFAULT_MAX_APPEND_SIZE,
    seal: config.contentEncryption.enabled,
  });
}

function openStore(
  config: ServerConfig,
  options: CreateEventStoreOptions,
  validatePayload: EventPayloadValidator | undefined,
): Promise<EventStore> | EventStore {
  const checks = validatePayload === undefined ? {} : { validatePayload };
  switch (config.eventStore) {
    case 'sqlite':
      return new SqliteEventStore({
        path: sqliteEventStorePath(config),
        ...checks,
        // Sealed, a payload is larger than plain; the plain size was checked by the wrapper.
        ...(validatePayload === undefined ? { maxAppendSize: sealedAppendSizeLimit() } : {}),
        ...(options.readOnly === true ? { readOnly: true } : {}),
      });
    case 'eventstoredb':
      return openEventStoreDb(config.eventStoreConnectionString, options, validatePayload);
    default: {
      const unreachable: never = config.eventStore;
      return unreachable;
    }
  }
}

async function openEventStoreDb(
  connectionString: string | undefined,
  options: CreateEventStoreOptions,
  validatePayload: EventPayloadValidator | undefined,
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
      ...(validatePayload === undefined ? {} : { validatePayload }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
  } catch (error) {
    throw new ConfigError(
      `EVENTSTORE_CONNECTION_STRING cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
