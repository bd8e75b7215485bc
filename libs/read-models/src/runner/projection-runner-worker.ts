/**
 * The projection runner's thread (`ProjectionRunnerThread`): its own connections to the event
 * store's file and to the read models' file, the read models' handlers, and a `ProjectionRunner`
 * following `$all` over them. It tells the thread that started it when its checkpoints are loaded,
 * after every committed batch, and what its runner logs; that thread's store's append signal
 * wakes its subscription at each commit, and a message tells it when to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteBlobStore } from '@agent-ledger/blobs';
import { ContentSealingEventStore, SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { retryWhileBusy, SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import { schemaValidators } from '@agent-ledger/events';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { openReadModelDatabase } from '../database/open-read-model-database';
import { ProjectionRunner } from './projection-runner';
import type {
  RunnerThreadMessage,
  RunnerThreadReply,
  RunnerThreadSetup,
} from './runner-thread-protocol';

/** How long the thread's start may wait for another process holding the read models' file. */
const STARTUP_BUSY_TIMEOUT_MS = 10_000;

const port = parentPort;
if (port === null) throw new Error('projection-runner-worker.ts runs as a worker thread only.');
const setup = workerData as RunnerThreadSetup;
const say = (reply: RunnerThreadReply): void => port.postMessage(reply);

const log = new SqliteEventStore({
  path: setup.eventStorePath,
  // This thread only reads: the server's thread writes, and bumps the signal when it has.
  writer: 'inline',
  appendSignal: setup.appendSignal,
  ...(setup.pollIntervalMs === undefined ? {} : { pollIntervalMs: setup.pollIntervalMs }),
});
// Sealed content is opened with the server's key store (its own connection to the same file):
// this thread never seals, it only reads.
const store: EventStore =
  setup.contentKeys === undefined
    ? log
    : new ContentSealingEventStore({
        inner: log,
        keys: new SqliteContentKeyStore({
          path: setup.contentKeys.path,
          ...(setup.contentKeys.masterKey === undefined
            ? {}
            : { masterKey: Buffer.from(setup.contentKeys.masterKey) }),
        }),
        seal: false,
      });
const db = openReadModelDatabase(setup.readModelPath, { check: setup.readModelCheck });
// Only reads: the server's thread writes the blob file, and what it has staged stays staged.
const blobs =
  setup.searchBlobText === undefined
    ? undefined
    : new SqliteBlobStore({ path: setup.searchBlobText.blobStorePath, deleteStaged: false });
const runner = new ProjectionRunner({
  store,
  db,
  handlers: createReadModelHandlers(db, {
    ...(setup.exportPolicy === undefined ? {} : { exportPolicy: setup.exportPolicy }),
    ...(setup.searchBlobText === undefined || blobs === undefined
      ? {}
      : {
          searchBlobText: {
            blobs,
            maxBytes: setup.searchBlobText.maxBytes,
            onUnreadable: (sha256, error) =>
              say({
                kind: 'log',
                level: 'warn',
                message: `Search indexed the preview of blob ${sha256} only: ${error instanceof Error ? error.message : String(error)}`,
              }),
          },
        }),
  }),
  ...(setup.batchSize === undefined ? {} : { batchSize: setup.batchSize }),
  ...(setup.sweepRowsPerSecond === undefined
    ? {}
    : { sweepRowsPerSecond: setup.sweepRowsPerSecond }),
  onRepair: (repair) => say({ kind: 'repair', repair }),
  logger: {
    log: (message) => say({ kind: 'log', level: 'log', message }),
    warn: (message) => say({ kind: 'log', level: 'warn', message }),
    error: (message) => say({ kind: 'log', level: 'error', message }),
  },
  onBatchCommitted: (batch) =>
    say({
      kind: 'batch',
      events: batch.events,
      position: batch.position,
      reached: runner.position,
      handlers: runner.handlerPositions,
      ...(batch.timing === undefined ? {} : { timing: batch.timing }),
    }),
});

port.on('message', (message: RunnerThreadMessage) => {
  if (message.kind === 'stop') void stop();
  if (message.kind === 'repair') void runner.repairSession(message.sessionId, message.foundBy);
});

// Loads the checkpoints (creating the tables, resetting a handler whose version changed) before
// saying ready, so that the server's queries find every table from its first request.
// Retried while busy: another server starting on the same files may be creating the same tables
// (SQLite answers SQLITE_BUSY at once, without waiting, when a read turns into a write meanwhile).
const reached = retryWhileBusy(() => runner.position, STARTUP_BUSY_TIMEOUT_MS);
runner.start();
say({ kind: 'ready', reached, handlers: runner.handlerPositions });
// Compiles the event schemas now, while the server starts, rather than on the first append's
// batch (hundreds of milliseconds): that append reaches the read models as quickly as the next.
setImmediate(() => schemaValidators());

async function stop(): Promise<void> {
  await runner.stop();
  await store.close();
  await blobs?.close();
  if (db.open) db.close();
  say({ kind: 'stopped', reached: runner.position });
  port?.close();
}
