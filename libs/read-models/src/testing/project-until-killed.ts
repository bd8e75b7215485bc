/**
 * Child process of the crash test: runs the projection runner over an event-store file into a
 * read-model file, in batches of 7, and kills itself with SIGKILL at the chosen moment:
 * - `after-commit`: right after batch <n> has committed (between a read-model write and the next batch);
 * - `mid-batch`: while applying the 4th event of batch <n>, its earlier writes not yet committed.
 * Run: node -r ./scripts/ts-register.js libs/read-models/src/testing/project-until-killed.ts
 *      <events file> <read-models file> <after-commit|mid-batch> <n>
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
): Promise<void> {
  const store = new SqliteEventStore({ path: eventsPath });
  const db = openReadModelDatabase(readModelsPath);
  let batches = 0;
  let appliedInBatch = 0;
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
      if (mode === 'mid-batch' && batches === batch - 1 && appliedInBatch === 4) die();
    },
  }));
  const runner = new ProjectionRunner({
    store,
    db,
    handlers,
    batchSize: 7,
    onBatchCommitted: () => {
      batches += 1;
      appliedInBatch = 0;
      if (mode === 'after-commit' && batches === batch) die();
    },
  });
  await runner.catchUp();
  process.stdout.write('caught up without being killed\n');
}

const [eventsPath, readModelsPath, mode, batch] = process.argv.slice(2);
if (eventsPath === undefined || readModelsPath === undefined || mode === undefined) {
  process.stderr.write('usage: project-until-killed.ts <events> <read-models> <mode> <batch>\n');
  process.exit(2);
}
void projectUntilKilled(eventsPath, readModelsPath, mode, Number(batch ?? '1'));
