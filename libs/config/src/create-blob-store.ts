import path from 'node:path';
import { SqliteBlobStore, type BlobStore } from '@agent-ledger/blobs';
import { openContentKeyStore } from './create-event-store';
import { ConfigError, type ServerConfig } from './server-config';

/** Where the embedded store keeps its blobs. */
export function sqliteBlobStorePath(config: ServerConfig): string {
  return path.join(config.dataDir, 'blobs.sqlite');
}

/** A blob store, and how to close it. */
export interface OpenedBlobStore {
  store: BlobStore;
  close(): Promise<void>;
}

/**
 * The blob store of the configuration, beside the event store: with `EVENT_STORE=sqlite`, the
 * embedded one, `DATA_DIR/blobs.sqlite` (`readOnly`: the server started on a full disk,
 * `SqliteBlobStoreOptions`); with `EVENT_STORE=eventstoredb`, the same EventStoreDB, each blob's
 * chunks sealed under a data key of the content key store (`CONTENT_KEYS_PATH`,
 * `CONTENT_MASTER_KEY`) that the erasure destroys, whatever `CONTENT_ENCRYPTION` says.
 */
export function createBlobStore(
  config: ServerConfig,
  options: { readOnly?: boolean } = {},
): Promise<OpenedBlobStore> {
  return Promise.resolve().then(() => openBlobStore(config, options));
}

async function openBlobStore(
  config: ServerConfig,
  options: { readOnly?: boolean },
): Promise<OpenedBlobStore> {
  switch (config.eventStore) {
    case 'sqlite': {
      const store = new SqliteBlobStore({
        path: sqliteBlobStorePath(config),
        ...(options.readOnly === true ? { readOnly: true } : {}),
      });
      return { store, close: () => store.close() };
    }
    case 'eventstoredb': {
      const connectionString = config.eventStoreConnectionString;
      if (connectionString === undefined) {
        throw new ConfigError(
          'EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false).',
        );
      }
      // Loaded when asked for, as the event store's adapter is.
      const { EventStoreDbBlobStore } = await import('@agent-ledger/eventstoredb');
      const keys = openContentKeyStore(config);
      const store = new EventStoreDbBlobStore({ connectionString, keys });
      return {
        store,
        close: async () => {
          await store.close();
          await keys.close();
        },
      };
    }
    default: {
      const unreachable: never = config.eventStore;
      return unreachable;
    }
  }
}
