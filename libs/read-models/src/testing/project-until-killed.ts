/**
 * Child process of the crash test: runs the projection runner over an event-store file into a
 * read-model file, in batches of 7, and kills itself with SIGKILL at the chosen moment:
 * - `after-commit`: right after batch <n> has committed (between a read-model write and the next batch);
 * - `mid-batch`: while applying the 4th event of batch <n>, its earlier writes not yet committed.
 * With `read-ahead`, the log is read on a second thread (`readAhead`) and <n> counts the batches
 * after the runner handed reading over to it (batches are slowed until then, so that it does).
 * Run: node -r ./scripts/ts-register.js libs/read-models/src/testing/project-until-killed.ts
 *      <events file> <read-models file> <after-commit|mid-batch> <n> [read-ahead]
 */
import { SqliteEventStore } from '@agent-ledger/event-store';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { openReadModelDatabase } from '../database/open-read-model-database';
import type { ProjectionHandler } from '../runner/projection-handler';
import { ProjectionRunner } from '../runner/projection-runner';

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL was sent');
}

async function projectUntilKilled(
  eventsPath: string,
  readModelsPath: string,
  mode: string,
  batch: number,
  readAhead: boolean,
): Promise<void> {
  const store = new SqliteEventStore({ path: eventsPath });
  const db = openReadModelDatabase(readModelsPath);
  let batches = 0;
  let appliedInBatch = 0;
  let handedOver = !readAhead;
  const handlers = createReadModelHandlers(db).map((handler): ProjectionHandler => ({
    name: handler.name,
    version: handler.version,
    setUp: () => handler.setUp(),
    drop: () => handler.drop(),
    endBatch: () => handler.endBatch?.(),
    abortBatch: () => handler.abortBatch?.(),
    apply: (event) => {
      handler.apply(event);
      appliedInBatch += 1;
      if (mode === 'mid-batch' && handedOver && batches === batch - 1 && appliedInBatch === 4) {
        die();
      }
    },
  }));
  const slowUntilHandedOver: ProjectionHandler = {
    name: 'slow-until-handed-over',
    version: '1',
    setUp: () => undefined,
    drop: () => undefined,
    apply: () => undefined,
    endBatch: () => {
      const until = Date.now() + 200;
      while (!handedOver && Date.now() < until);
    },
  };
  const runner = new ProjectionRunner({
    store,
    db,
    handlers: readAhead ? [...handlers, slowUntilHandedOver] : handlers,
    batchSize: 7,
    ...(readAhead ? { readAhead: { eventStorePath: eventsPath } } : {}),
    logger: {
      log: () => {
        // The one line the runner logs: it has handed reading over to the second thread.
        handedOver = true;
      },
      warn: () => undefined,
      error: () => undefined,
    },
    onBatchCommitted: () => {
      appliedInBatch = 0;
      if (!handedOver) return;
      batches += 1;
      if (mode === 'after-commit' && batches === batch) die();
    },
  });
  await runner.catchUp();
  process.stdout.write('caught up without being killed\n');
}

const [eventsPath, readModelsPath, mode, batch, readAhead] = process.argv.slice(2);
if (eventsPath === undefined || readModelsPath === undefined || mode === undefined) {
  process.stderr.write('usage: project-until-killed.ts <events> <read-models> <mode> <batch>\n');
  process.exit(2);
}
void projectUntilKilled(
  eventsPath,
  readModelsPath,
  mode,
  Number(batch ?? '1'),
  readAhead === 'read-ahead',
);
