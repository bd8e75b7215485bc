/**
 * The write worker's thread (`WorkerWriter`): its own connection to the store's file, on which it
 * commits each batch of write requests it is sent in one transaction (`GroupCommit`, a savepoint
 * per write), then answers with each write's outcome. The commit and its fsync run here, so the
 * store's thread goes on serving requests meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { encodeWriteError } from './write-error-codec';
import { GroupCommit } from './group-commit';
import { openDatabase, type OpenDatabaseOptions } from './open-database';
import { prepareWriteRunner, type WriteRequest } from './write-request';
import type { WorkerMessage, WorkerReply } from './worker-writer';

const port = parentPort;
if (port === null) throw new Error('write-worker.ts runs as a worker thread only.');
const db = openDatabase(workerData as OpenDatabaseOptions);
const run = prepareWriteRunner(db);
let written = false;
const group = new GroupCommit(db, () => (written = true));

port.on('message', (message: WorkerMessage) => {
  if (message.kind === 'close') {
    db.close();
    port.close();
    return;
  }
  void commit(message.batch, message.requests);
});
port.postMessage({ kind: 'ready' } satisfies WorkerReply);

async function commit(batch: number, requests: readonly WriteRequest[]): Promise<void> {
  written = false;
  const outcomes = requests.map((request) => group.submit(request.streamName, () => run(request)));
  group.flush();
  const settled = await Promise.allSettled(outcomes);
  const reply: WorkerReply = {
    kind: 'batch',
    batch,
    written,
    outcomes: settled.map((outcome) =>
      outcome.status === 'fulfilled'
        ? { ok: true, result: outcome.value }
        : { ok: false, error: encodeWriteError(outcome.reason) },
    ),
  };
  port?.postMessage(reply);
}
