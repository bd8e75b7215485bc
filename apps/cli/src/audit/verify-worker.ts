import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ContentSealingEventStore, SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import { registerPackedText } from '@agent-ledger/read-models';
import { checkpointRows } from './checkpoint-rows';
import { SessionClaims } from './session-claims';
import type { VerifyWorkerData, VerifyWorkerReply } from './verify-helper-protocol';
import { verifySession } from './verify-session';

/**
 * A helper thread of `verify` (started by `startVerifyHelper`): its own connections to the event
 * store and, read-only, to the read models, in one read transaction whose snapshot must show the
 * same checkpoints as the first thread's; then it verifies the sessions it claims until none is
 * left, and says each verdict.
 */
async function run(data: VerifyWorkerData, say: (reply: VerifyWorkerReply) => void): Promise<void> {
  const db = new Database(data.readModelPath, { readonly: true, fileMustExist: true });
  registerPackedText(db);
  // Opening a file that is not there would make an empty store: every session would differ.
  if (!existsSync(data.eventStorePath)) {
    db.close();
    throw new Error(`No event store at ${data.eventStorePath} to verify against.`);
  }
  const store = openStore(data);
  try {
    db.exec('BEGIN');
    if (checkpointRows(db) !== data.checkpoints) {
      say({ kind: 'snapshotMoved' });
      return;
    }
    const { sessionIds } = data;
    const claims = new SessionClaims(data.next);
    const count = sessionIds.length;
    for (let index = claims.claim(count); index !== undefined; index = claims.claim(count)) {
      const sessionId = sessionIds[index] ?? '';
      say({
        kind: 'verdict',
        index,
        differences: await verifySession(store, db, sessionId, data.position, data.exportPolicy),
      });
    }
    say({ kind: 'done' });
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
    db.close();
    await store.close();
  }
}

/** The embedded store, read through the content key store when the log has sealed events. */
function openStore(data: VerifyWorkerData): EventStore {
  const log = new SqliteEventStore({ path: data.eventStorePath });
  const { contentKeys } = data;
  if (contentKeys === undefined) return log;
  return new ContentSealingEventStore({
    inner: log,
    keys: new SqliteContentKeyStore({
      path: contentKeys.path,
      ...(contentKeys.masterKey === undefined
        ? {}
        : { masterKey: Buffer.from(contentKeys.masterKey) }),
    }),
    seal: false,
  });
}

const port = parentPort;
if (port !== null) {
  run(workerData as VerifyWorkerData, (reply) => port.postMessage(reply)).catch(
    (error: unknown) => {
      // Thrown outside the promise, it ends the thread with an 'error' event: the first thread
      // then verifies the sessions this one had claimed and not answered.
      setImmediate(() => {
        throw error;
      });
    },
  );
}
