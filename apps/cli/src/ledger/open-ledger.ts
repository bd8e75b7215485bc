import { existsSync } from 'node:fs';
import { BlobNotFoundError, SqliteBlobStore, type BlobStore } from '@agent-ledger/blobs';
import type { EventStore } from '@agent-ledger/event-store';
import {
  createReadModelHandlers,
  openReadModelDatabase,
  ReadModelFileDamagedError,
  type ProjectionHandler,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
// The CLI reads the store the server writes, configured by the same environment: it reads the
// configuration and opens the store with the server's own `@agent-ledger/config`.
import {
  ConfigError,
  createEventStore,
  loadReadModelConfig,
  loadServerConfig,
  sqliteBlobStorePath,
  sqliteEventStorePath,
  type ReadModelConfig,
  type ServerConfig,
} from '@agent-ledger/config';
import { CliError } from '../cli-error';
import { cliHint } from '../cli-hint';

/** The server's stores, opened by the CLI from the server's environment variables. */
export interface Ledger {
  config: ServerConfig;
  readModelConfig: ReadModelConfig;
  /** The event store (`EVENT_STORE`, `DATA_DIR`), opened on first use. */
  store(): Promise<EventStore>;
  /**
   * The read models' file (`DATA_DIR/read-models.sqlite`), opened on first use; it must exist
   * (`rebuild` builds a new one apart: `openFreshReadModelFile`). The file is only opened (its
   * header and schema read), and `checkFile` runs the whole check too (`PRAGMA quick_check`): the
   * commands that only read do not pay a pass over the whole file, and a damaged file is left where
   * it is (an audit does not change what it audits) and is a `CliError`, at open or when a
   * statement meets the damage (`toCliError`).
   */
  readModels(options?: { checkFile?: boolean }): ReadModelDatabase;
  /**
   * The server's embedded blob file (`DATA_DIR/blobs.sqlite`), read beside the server, opened on
   * first use; with no file yet, no blob is held.
   */
  blobs: Pick<BlobStore, 'read' | 'stat'>;
  /** The read-model handlers the server runs, with the same export policy (hence the same versions). */
  handlers(db: ReadModelDatabase): ProjectionHandler[];
  /** Closes whatever was opened. */
  close(): Promise<void>;
}

/**
 * Reads the configuration as the server does (`DATA_DIR`, `EVENT_STORE`,
 * `EVENTSTORE_CONNECTION_STRING`, `EXPORT_REDACTION`, …). Nothing is opened until asked for, and
 * nothing is created by accident: an embedded store that does not exist is an error naming the
 * path, not a fresh empty store.
 */
export function openLedger(env: Record<string, string | undefined>): Ledger {
  const config = loadServerConfig(env);
  const readModelConfig = loadReadModelConfig(env, config.dataDir);
  let store: Promise<EventStore> | undefined;
  let db: ReadModelDatabase | undefined;
  let blobs: SqliteBlobStore | undefined;
  // The server's blob file, read beside the server (what it has staged stays staged); none yet:
  // no blob output to read, search indexes previews. Same handler versions as the server either way.
  const blobFile = (): SqliteBlobStore | undefined => {
    const path = sqliteBlobStorePath(config);
    if (blobs === undefined && existsSync(path)) {
      blobs = new SqliteBlobStore({ path, deleteStaged: false });
    }
    return blobs;
  };
  const blobReader: Pick<BlobStore, 'read' | 'stat'> = {
    read: (tenant, sha256, range) => {
      const file = blobFile();
      if (file === undefined) throw new BlobNotFoundError(sha256);
      return file.read(tenant, sha256, range);
    },
    stat: (tenant, sha256) => blobFile()?.stat(tenant, sha256) ?? Promise.resolve(undefined),
  };
  return {
    config,
    readModelConfig,
    blobs: blobReader,
    store: () => (store ??= openStore(config)),
    readModels: (readOptions = {}) => {
      if (db !== undefined) return db;
      if (!existsSync(readModelConfig.path)) {
        throw new CliError(
          `No read models at ${readModelConfig.path}: start the server (it builds them from the log) or run ${cliHint('rebuild', env)}.`,
        );
      }
      try {
        db = openReadModelDatabase(readModelConfig.path, {
          check: readOptions.checkFile === true ? 'quick' : 'header',
          whenDamaged: 'refuse',
        });
      } catch (error) {
        if (error instanceof ReadModelFileDamagedError) {
          throw new CliError(
            `The read models at ${error.path} are damaged (${error.reason}); the file was left as it is. Run ${cliHint('rebuild', env)} (or start the server) to rebuild them from the log.`,
          );
        }
        throw error;
      }
      return db;
    },
    handlers: (database) =>
      createReadModelHandlers(database, {
        exportPolicy: readModelConfig.exportPolicy,
        searchBlobText: {
          blobs: blobReader,
          maxBytes: readModelConfig.searchBlobTextBytes,
          onUnreadable: (sha256, error) =>
            process.stderr.write(
              `Search indexed the preview of blob ${sha256} only: ${error instanceof Error ? error.message : String(error)}\n`,
            ),
        },
      }),
    close: async () => {
      if (db?.open === true) db.close();
      await blobs?.close();
      if (store !== undefined) await (await store.catch(() => undefined))?.close();
    },
  };
}

async function openStore(config: ServerConfig): Promise<EventStore> {
  if (config.eventStore === 'sqlite') {
    const path = sqliteEventStorePath(config);
    if (!existsSync(path)) {
      throw new CliError(
        `No event store at ${path}: set DATA_DIR to the folder the server writes to (DATA_DIR is ${config.dataDir}).`,
      );
    }
  }
  try {
    return await createEventStore(config);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new CliError(
      `Cannot open the event store (EVENT_STORE=${config.eventStore}, DATA_DIR=${config.dataDir}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
