import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Logger, Module } from '@nestjs/common';
import { ContentSealingEventStore } from '@agent-ledger/content-crypto';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import {
  createReadModelHandlers,
  holdReadModels,
  openReadModelDatabase,
  ProjectionRunner,
  ProjectionRunnerThread,
  type LiveProjections,
  SessionListReader,
  SessionViewsReader,
  type ReadModelDatabase,
  type ReadModelHold,
} from '@agent-ledger/read-models';
import {
  loadReadModelConfig,
  sqliteBlobStorePath,
  sqliteEventStorePath,
  type ReadModelConfig,
  type ServerConfig,
} from '@agent-ledger/config';
import { BlobNotFoundError, type BlobStore } from '@agent-ledger/blobs';
import { ModelContextReader } from '@agent-ledger/model-context';
import { ViewRedaction } from '../access/view-redaction';
import { BLOB_STORE, EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { GetDebugViewHandler } from './handlers/get-debug-view.handler';
import { GetExportHandler } from './handlers/get-export.handler';
import { GetModelContextHandler } from './handlers/get-model-context.handler';
import { GetModelCallsHandler } from './handlers/get-model-calls.handler';
import { GetSessionEventsHandler } from './handlers/get-session-events.handler';
import { GetTranscriptEntryHandler } from './handlers/get-transcript-entry.handler';
import { GetTranscriptHandler } from './handlers/get-transcript.handler';
import { ListSessionsHandler } from './handlers/list-sessions.handler';
import { startedReadOnly } from '../health/storage-health';
import { FrozenProjections } from './read-models/frozen-projections';
import { ProjectionRunnerLifecycle } from './read-models/projection-runner.lifecycle';
import {
  LIVE_PROJECTIONS,
  READ_MODEL_CONFIG,
  READ_MODEL_DB,
  READ_MODEL_HOLD,
} from './read-models/read-model.tokens';
import { ReadYourWrites } from './read-models/read-your-writes';
import { RepairingReads } from './read-models/repairing-reads';
import { SessionQueriesController } from './session-queries.controller';
import { TranscriptFeed } from './transcript-feed';
import { TranscriptStreamController } from './transcript-stream.controller';

/**
 * The read side: the read models' SQLite file (`DATA_DIR/read-models.sqlite`), the projection
 * runner that maintains it from the event store (started with the app; on a worker thread of its
 * own over the embedded store unless `PROJECTION_RUNNER=inline`), and the query handlers and
 * controllers on the `QueryBus`.
 */
/** A blob reader with no blob: what the search index reads without a blob store. */
const NO_BLOBS: Pick<BlobStore, 'read'> = {
  read: (_tenant, sha256) => {
    throw new BlobNotFoundError(sha256);
  },
};

@Module({
  controllers: [TranscriptStreamController, SessionQueriesController],
  providers: [
    {
      provide: READ_MODEL_CONFIG,
      useFactory: (config: ServerConfig): ReadModelConfig =>
        loadReadModelConfig(process.env, config.dataDir),
      inject: [SERVER_CONFIG],
    },
    {
      // Before the file is opened: a rebuild started from now on is refused, and none can be
      // halfway through putting a new file in place under this server.
      provide: READ_MODEL_HOLD,
      useFactory: (config: ReadModelConfig): ReadModelHold => {
        // The folder may not exist yet: on EventStoreDB no other store creates `DATA_DIR` first.
        if (config.path !== ':memory:') mkdirSync(path.dirname(config.path), { recursive: true });
        return holdReadModels(config.path);
      },
      inject: [READ_MODEL_CONFIG],
    },
    {
      provide: READ_MODEL_DB,
      useFactory: (config: ReadModelConfig, _hold: ReadModelHold): ReadModelDatabase =>
        openReadModelDatabase(config.path, startedReadOnly() ? { readOnly: true } : {}),
      inject: [READ_MODEL_CONFIG, READ_MODEL_HOLD],
    },
    {
      provide: LIVE_PROJECTIONS,
      useFactory: (
        store: EventStore,
        db: ReadModelDatabase,
        config: ReadModelConfig,
        server: ServerConfig,
        blobs: BlobStore | undefined,
      ): LiveProjections => {
        const logger = new Logger('ProjectionRunner');
        const unreadable = (sha256: string, error: unknown): void =>
          logger.warn(
            `Search indexed the preview of blob ${sha256} only: ${error instanceof Error ? error.message : String(error)}`,
          );
        // Nothing can be written: the read models stay as they are (and say how far behind).
        if (startedReadOnly()) return new FrozenProjections(db);
        // Sealed content: the embedded store is below the wrapper, and the thread opens the
        // content through the same key store.
        const log = store instanceof ContentSealingEventStore ? store.sealedStore : store;
        if (config.runner === 'thread' && log instanceof SqliteEventStore) {
          const { keysPath, masterKey } = server.contentEncryption;
          return new ProjectionRunnerThread({
            eventStorePath: sqliteEventStorePath(server),
            readModelPath: config.path,
            // This thread has just opened the file (`READ_MODEL_DB`), checking it whole: once is enough.
            readModelCheck: 'header',
            exportPolicy: config.exportPolicy,
            sweepRowsPerSecond: config.sweepRowsPerSecond,
            appendSignal: log.appendSignal(),
            ...(log === store
              ? {}
              : {
                  contentKeys: {
                    path: keysPath,
                    ...(masterKey === undefined ? {} : { masterKey }),
                  },
                }),
            searchBlobText: {
              blobStorePath: sqliteBlobStorePath(server),
              maxBytes: config.searchBlobTextBytes,
            },
            logger,
          });
        }
        return new ProjectionRunner({
          store,
          db,
          // Without a blob store, blob outputs are indexed by their previews (same handler version).
          handlers: createReadModelHandlers(db, {
            exportPolicy: config.exportPolicy,
            searchBlobText: {
              blobs: blobs ?? NO_BLOBS,
              maxBytes: config.searchBlobTextBytes,
              onUnreadable: unreadable,
            },
          }),
          sweepRowsPerSecond: config.sweepRowsPerSecond,
          logger,
        });
      },
      inject: [
        EVENT_STORE,
        READ_MODEL_DB,
        READ_MODEL_CONFIG,
        SERVER_CONFIG,
        { token: BLOB_STORE, optional: true },
      ],
    },
    {
      provide: SessionViewsReader,
      useFactory: (db: ReadModelDatabase) => new SessionViewsReader(db),
      inject: [READ_MODEL_DB],
    },
    {
      // One per store: the session log cache, the histories and the incremental views it keeps.
      provide: ModelContextReader,
      useFactory: (store: EventStore, blobs: BlobStore | undefined) =>
        new ModelContextReader(store, blobs === undefined ? {} : { blobs }),
      inject: [EVENT_STORE, { token: BLOB_STORE, optional: true }],
    },
    {
      provide: SessionListReader,
      useFactory: (db: ReadModelDatabase) => new SessionListReader(db),
      inject: [READ_MODEL_DB],
    },
    ProjectionRunnerLifecycle,
    ReadYourWrites,
    RepairingReads,
    ViewRedaction,
    TranscriptFeed,
    ListSessionsHandler,
    GetTranscriptHandler,
    GetTranscriptEntryHandler,
    GetDebugViewHandler,
    GetExportHandler,
    GetModelContextHandler,
    GetModelCallsHandler,
    GetSessionEventsHandler,
  ],
  exports: [
    ModelContextReader,
    READ_MODEL_DB,
    READ_MODEL_CONFIG,
    LIVE_PROJECTIONS,
    ReadYourWrites,
    SessionListReader,
    SessionViewsReader,
    ViewRedaction,
    ModelContextReader,
    TranscriptFeed,
  ],
})
export class QueriesModule {}
