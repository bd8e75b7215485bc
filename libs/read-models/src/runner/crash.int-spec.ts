import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { openReadModelDatabase } from '../database/open-read-model-database';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { listFailedEvents } from './list-failed-events';
import { ProjectionRunner } from './projection-runner';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const child = path.join(__dirname, '..', 'testing', 'project-until-killed.ts');
const sessionIds = ['a', 'b', 'c'];

/** Runs the child until it kills itself; resolves with the signal it died of. */
function runChild(args: string[]): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(
      process.execPath,
      ['-r', path.join(root, 'scripts', 'ts-register.js'), child, ...args],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    process_.once('error', reject);
    process_.once('exit', (_code, signal) => resolve({ signal, output }));
  });
}

describe('a runner killed between batches, or in the middle of one, and restarted', () => {
  let dir: string;
  let eventsPath: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'read-models-crash-'));
    eventsPath = path.join(dir, 'events.sqlite');
    const store = new SqliteEventStore({ path: eventsPath });
    // Three generated sessions (faults included), interleaved two events at a time.
    const histories = fc.sample(arbitrarySessionHistory({ minSteps: 25, maxSteps: 30 }), {
      numRuns: 3,
      seed: 42,
    });
    const queues = histories.map((events, index) =>
      events.map((event) => withSession(event, sessionIds[index]!)),
    );
    for (let turn = 0; queues.some((queue) => queue.length > 0); turn += 1) {
      const index = turn % queues.length;
      const chunk = queues[index]!.splice(0, 2);
      if (chunk.length > 0) await appendSessionEvents(store, sessionIds[index]!, chunk);
    }
    await store.close();
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['after-commit', 3],
    ['mid-batch', 4],
  ])('%s of batch %i: no event lost, none applied twice', async (mode, batch) => {
    const readModelsPath = path.join(dir, `read-models-${mode}.sqlite`);
    const { signal, output } = await runChild([eventsPath, readModelsPath, mode, String(batch)]);
    expect({ signal, output }).toEqual({ signal: 'SIGKILL', output: '' });

    const store = new SqliteEventStore({ path: eventsPath });
    const db = openReadModelDatabase(readModelsPath);
    try {
      const runner = new ProjectionRunner({ store, db, handlers: createReadModelHandlers(db) });
      // The child died part-way: the checkpoint it left is that of its last committed batch.
      const head = await store.headPosition();
      expect(runner.position).not.toBeNull();
      expect(runner.position).toBeLessThan(head ?? 0);

      await runner.catchUp();
      expect(runner.position).toBe(head);
      expect(listFailedEvents(db)).toEqual([]);
      for (const sessionId of sessionIds) {
        const events = [];
        for await (const event of store.readStream(sessionStreamName(sessionId)))
          events.push(event);
        expect(readSessionReadModels(db, sessionId)).toEqual(
          computeSessionReadModels(sessionId, events),
        );
      }
    } finally {
      db.close();
      await store.close();
    }
  });
});

function withSession(event: SessionEvent, sessionId: string): SessionEvent {
  return { ...event, data: { ...event.data, sessionId } } as SessionEvent;
}
