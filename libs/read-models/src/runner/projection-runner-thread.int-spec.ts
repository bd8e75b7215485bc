import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SqliteEventStore, type RecordedEvent } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { seedExampleEvents } from '@agent-ledger/testing';
import {
  openReadModelDatabase,
  type ReadModelDatabase,
} from '../database/open-read-model-database';
import { SessionViewsReader } from '../session-views/session-views-reader';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import type { CommittedBatch } from './projection-runner';
import { ProjectionRunnerThread, startRunnerWorker } from './projection-runner-thread';

describe('ProjectionRunnerThread', () => {
  let dir: string;
  let store: SqliteEventStore;
  let db: ReadModelDatabase;
  let runner: ProjectionRunnerThread | undefined;
  const errors: string[] = [];

  const startRunner = (): ProjectionRunnerThread =>
    new ProjectionRunnerThread({
      eventStorePath: path.join(dir, 'events.sqlite'),
      readModelPath: path.join(dir, 'read-models.sqlite'),
      appendSignal: store.appendSignal(),
      // Appends by this process must arrive by message: polling would take a minute.
      pollIntervalMs: 60_000,
      logger: { log: () => undefined, warn: () => undefined, error: (line) => errors.push(line) },
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'runner-thread-'));
    store = new SqliteEventStore({ path: path.join(dir, 'events.sqlite') });
    db = openReadModelDatabase(path.join(dir, 'read-models.sqlite'));
    errors.length = 0;
  });

  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the read models as the runner on this thread would, and says when a batch committed', async () => {
    // Appended before it starts: caught up from the log.
    await appendSessionEvents(store, 's1', seedExampleEvents().slice(0, 3));
    runner = startRunner();
    await runner.start();
    // Its tables exist once it is ready, so this thread can query at once.
    expect(new SessionViewsReader(db).transcript('absent').messages).toEqual([]);
    const batches: CommittedBatch[] = [];
    runner.onBatchCommitted((batch) => batches.push(batch));

    // Appended while it runs: told by this thread's store, not found by polling.
    const { position } = await appendSessionEvents(store, 's1', seedExampleEvents().slice(3));
    expect(await runner.waitForPosition(position, 5000)).toBe(true);
    expect(runner.position).toBeGreaterThanOrEqual(position);
    expect(batches.at(-1)?.position).toBeGreaterThanOrEqual(position);

    const events: RecordedEvent[] = [];
    for await (const event of store.readStream(sessionStreamName('s1'))) events.push(event);
    expect(readSessionReadModels(db, 's1')).toEqual(computeSessionReadModels('s1', events));
    expect(errors).toEqual([]);
  });

  it('resumes from its checkpoints after a stop, and a wait past the log times out', async () => {
    runner = startRunner();
    await runner.start();
    const first = await appendSessionEvents(store, 's1', seedExampleEvents().slice(0, 2));
    expect(await runner.waitForPosition(first.position, 5000)).toBe(true);
    await runner.stop();

    const second = await appendSessionEvents(store, 's1', seedExampleEvents().slice(2));
    runner = startRunner();
    await runner.start();
    expect(await runner.waitForPosition(second.position, 5000)).toBe(true);
    expect(await runner.waitForPosition(second.position + 1000, 50)).toBe(false);
    expect(new SessionViewsReader(db).transcript('s1').messages.length).toBeGreaterThan(0);
  });

  it('starts a thread that died again from its checkpoints, checking the whole file then, and says so', async () => {
    let started = 0;
    const checks: string[] = [];
    runner = new ProjectionRunnerThread({
      eventStorePath: path.join(dir, 'events.sqlite'),
      readModelPath: path.join(dir, 'read-models.sqlite'),
      readModelCheck: 'header',
      appendSignal: store.appendSignal(),
      restartDelayMs: 10,
      logger: { log: () => undefined, warn: () => undefined, error: (line) => errors.push(line) },
      startWorker: (setup) => {
        started += 1;
        checks.push(setup.readModelCheck);
        if (started > 1) return startRunnerWorker(setup);
        // The first thread says it is ready, then dies.
        return new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.postMessage({ kind: 'ready', reached: null });
           setTimeout(() => process.exit(3), 20);`,
          { eval: true },
        );
      },
    });
    await runner.start();
    const { position } = await appendSessionEvents(store, 's1', seedExampleEvents());
    expect(await runner.waitForPosition(position, 10_000)).toBe(true);
    expect(started).toBe(2);
    // The file was checked by whoever asked for 'header'; after a death nothing says it still is.
    expect(checks).toEqual(['header', 'quick']);
    expect(errors).toEqual([
      'Projection runner thread exited (code 3); starting it again from its checkpoints in 10 ms.',
    ]);
  });

  it('refuses to start, saying why, when it cannot open the read models', async () => {
    // Its folder would be a file.
    const blocked = path.join(dir, 'blocked');
    writeFileSync(blocked, '');
    runner = new ProjectionRunnerThread({
      eventStorePath: path.join(dir, 'events.sqlite'),
      readModelPath: path.join(blocked, 'read-models.sqlite'),
      appendSignal: store.appendSignal(),
    });
    await expect(runner.start()).rejects.toThrow();
    expect(runner.position).toBeNull();
  });
});
