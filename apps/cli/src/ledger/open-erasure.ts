import { existsSync } from 'node:fs';
import path from 'node:path';
import { SqliteBlobStore } from '@agent-ledger/blobs';
import { createBlobStore, sqliteBlobStorePath } from '@agent-ledger/config';
import { ContentSealingEventStore } from '@agent-ledger/content-crypto';
import { ProjectionRunner, truncateDataDirWals } from '@agent-ledger/read-models';
import { SessionErasure, SqliteDeciderSnapshots } from '@agent-ledger/session-commands';
import type { Ledger } from './open-ledger';

/**
 * The erasure as the CLI runs it, on the server's stores: the decider snapshots of `DATA_DIR`
 * forget the session, and the read models (when their file exists) are brought up to the
 * erasure's journal entry by a catch-up in this process, which purges the sessions (a server
 * running beside it purges its own, as every node does, through its runner). When the log is
 * sealed, the session's content keys are destroyed through the store's key store, as a server does.
 * The blobs only the erased sessions referred to are deleted from `DATA_DIR/blobs.sqlite` (when it
 * exists), leaving a running server's uploads in progress alone; on EventStoreDB, their keys are
 * destroyed and their streams deleted, as a server does.
 */
export async function openErasure(ledger: Ledger): Promise<SessionErasure> {
  const store = await ledger.store();
  const snapshotsFile = path.join(ledger.config.dataDir, 'decider-snapshots.sqlite');
  return new SessionErasure({
    store,
    clock: () => new Date().toISOString(),
    destroyContentKeys: (streamName) =>
      store instanceof ContentSealingEventStore
        ? store.keyStore.destroyKeysOf(streamName)
        : Promise.resolve(0),
    releaseBlobs: async (tenant, key) => {
      if (ledger.config.eventStore === 'eventstoredb') {
        // On EventStoreDB the blobs are in the log, their keys in the content key store.
        const opened = await createBlobStore(ledger.config);
        try {
          return (await opened.store.releaseSession(tenant, key)).length;
        } finally {
          await opened.close();
        }
      }
      const blobsFile = sqliteBlobStorePath(ledger.config);
      if (!existsSync(blobsFile)) return 0;
      const blobs = new SqliteBlobStore({ path: blobsFile, deleteStaged: false });
      try {
        return (await blobs.releaseSession(tenant, key)).length;
      } finally {
        await blobs.close();
      }
    },
    forgetSession: (key) => {
      if (!existsSync(snapshotsFile)) return Promise.resolve();
      const snapshots = SqliteDeciderSnapshots.open(snapshotsFile);
      try {
        snapshots.erase(key);
      } finally {
        snapshots.close();
      }
      return Promise.resolve();
    },
    awaitReadModels: async () => {
      if (existsSync(ledger.readModelConfig.path)) {
        const db = ledger.readModels();
        const runner = new ProjectionRunner({ store, db, handlers: ledger.handlers(db) });
        await runner.catchUp();
      }
      await truncateDataDirWals(ledger.config.dataDir);
    },
    // Running servers on the store read the journal every 250 ms and forget the sessions.
    journalGraceMs: 500,
  });
}
