import { setImmediate as nextTurn } from 'node:timers/promises';
import fc from 'fast-check';
import type { EventStore, RecordedEvent } from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from '@agent-ledger/eventstoredb';
import { SESSION_STREAM_PREFIX, sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import {
  openReadModelDatabase,
  type ReadModelDatabase,
} from '../database/open-read-model-database';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { listFailedEvents } from './list-failed-events';
import type { ProjectionHandler } from './projection-handler';
import { ProjectionRunner } from './projection-runner';

const sessionIds = ['a', 'b', 'c'];

/** Three generated sessions (faults included), each as chunks of two events to append. */
function sessionChunks(seed: number): Array<{ sessionId: string; events: SessionEvent[] }> {
  const [histories] = fc.sample(
    fc.tuple(
      ...sessionIds.map((sessionId) =>
        arbitrarySessionHistory({ sessionId, minSteps: 25, maxSteps: 30 }),
      ),
    ),
    { numRuns: 1, seed },
  );
  const queues = (histories ?? []).map((events) => [...events]);
  const chunks: Array<{ sessionId: string; events: SessionEvent[] }> = [];
  for (let turn = 0; queues.some((queue) => queue.length > 0); turn += 1) {
    const index = turn % queues.length;
    const events = queues[index]!.splice(0, 2);
    if (events.length > 0) chunks.push({ sessionId: sessionIds[index]!, events });
  }
  return chunks;
}

/** Each handler, recording the position of every event it applies. */
function recording(handlers: ProjectionHandler[], applied: Map<string, number[]>) {
  return handlers.map((handler): ProjectionHandler => {
    const positions: number[] = [];
    applied.set(handler.name, positions);
    return {
      name: handler.name,
      version: handler.version,
      setUp: () => handler.setUp(),
      drop: () => handler.drop(),
      endBatch: () => handler.endBatch?.(),
      abortBatch: () => handler.abortBatch?.(),
      apply: (event) => {
        handler.apply(event);
        positions.push(event.position);
      },
    };
  });
}

async function collect(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const collected: RecordedEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

describe('the projection runner on EventStoreDB (the emulator), its subscription dropped', () => {
  let emulator: EsdbEmulator;
  let writer: EventStore;
  let store: EventStore;
  let db: ReadModelDatabase;
  let warnings: string[];

  beforeEach(async () => {
    // Few records per turn: the catch-up spans many turns, so appends interleave with it.
    emulator = await startEsdbEmulator({ recordsPerTurn: 4 });
    writer = new EventStoreDbEventStore({ connectionString: emulator.connectionString });
    warnings = [];
    store = new EventStoreDbEventStore({
      connectionString: emulator.connectionString,
      logger: { warn: (message) => warnings.push(message) },
      resubscribeInitialDelayMs: 1,
      resubscribeMaxDelayMs: 20,
    });
    db = openReadModelDatabase(':memory:');
  });

  afterEach(async () => {
    await store.close();
    await writer.close();
    db.close();
    await emulator.close();
  });

  it.each([
    ['after 1 event', 1, 11],
    ['in the middle of its catch-up', 23, 12],
    ['at the end of the first batch', 7, 13],
  ])(
    'dropped %s and again while appends go on: once resumed, every read model equals the pure projection of its replayed stream, no event skipped or applied twice',
    async (_when, dropAfterEvents, seed) => {
      const chunks = sessionChunks(seed);
      const before = chunks.slice(0, Math.ceil(chunks.length / 2));
      const during = chunks.slice(before.length);
      for (const chunk of before) await appendSessionEvents(writer, chunk.sessionId, chunk.events);

      emulator.planSubscriptionDrop(dropAfterEvents);
      const applied = new Map<string, number[]>();
      const runner = new ProjectionRunner({
        store,
        db,
        handlers: recording(createReadModelHandlers(db), applied),
        batchSize: 7,
      });
      runner.start();
      let laterDrops = 0;
      try {
        for (const [index, chunk] of during.entries()) {
          await appendSessionEvents(writer, chunk.sessionId, chunk.events);
          if (index === Math.floor(during.length / 2)) laterDrops = emulator.dropSubscriptions();
          await nextTurn();
        }
        const head = await writer.headPosition();
        expect(await runner.waitForPosition(head ?? 0, 20_000)).toBe(true);
      } finally {
        await runner.stop();
      }

      // The planned drop, and the later one if the subscription was running then.
      expect(warnings).toHaveLength(1 + laterDrops);
      for (const warning of warnings) {
        expect(warning).toMatch(
          /^EventStoreDB subscription to \$all dropped \(14 UNAVAILABLE: Subscription dropped by the emulator\.\); resubscribing after position \d+ in \d+ ms \(attempt \d+\)\.$/,
        );
      }
      const sessionEvents = await collect(
        writer.readAll({ filter: { on: 'streamName', prefixes: [SESSION_STREAM_PREFIX] } }),
      );
      const positions = sessionEvents.map((event) => event.position);
      expect(Object.fromEntries(applied)).toEqual({
        'session-views': positions,
        'session-list': positions,
        'recorded-messages': positions,
        'analytics-timeline': positions,
      });
      expect(listFailedEvents(db)).toEqual([]);
      for (const sessionId of sessionIds) {
        const events = await collect(writer.readStream(sessionStreamName(sessionId)));
        expect(readSessionReadModels(db, sessionId)).toEqual(
          computeSessionReadModels(sessionId, events),
        );
      }
    },
  );
});
