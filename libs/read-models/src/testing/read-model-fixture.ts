import { SqliteEventStore, type EventStore, type RecordedEvent } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { createReadModelHandlers } from '../create-read-model-handlers';
import {
  openReadModelDatabase,
  type ReadModelDatabase,
} from '../database/open-read-model-database';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../runner/projection-runner';

/** An in-memory event store, an in-memory read-model database and a runner over both. */
export interface ReadModelFixture {
  store: SqliteEventStore;
  db: ReadModelDatabase;
  runner: ProjectionRunner;
  /** Every event of a session's stream, in order. */
  sessionEvents(sessionId: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

/** `wrapStore`: what the runner subscribes through (a test may make it fail). */
export function createReadModelFixture(
  options: Partial<Omit<ProjectionRunnerOptions, 'store' | 'db'>> & {
    wrapStore?: (store: EventStore) => EventStore;
  } = {},
): ReadModelFixture {
  const store = new SqliteEventStore({ path: ':memory:', pollIntervalMs: 20 });
  const db = openReadModelDatabase(':memory:');
  const { wrapStore, ...runnerOptions } = options;
  const runner = new ProjectionRunner({
    ...runnerOptions,
    store: wrapStore === undefined ? store : wrapStore(store),
    db,
    handlers: options.handlers ?? createReadModelHandlers(db),
  });
  return {
    store,
    db,
    runner,
    sessionEvents: async (sessionId) => {
      const events: RecordedEvent[] = [];
      for await (const event of store.readStream(sessionStreamName(sessionId))) events.push(event);
      return events;
    },
    close: async () => {
      await runner.stop();
      await store.close();
      db.close();
    },
  };
}
