import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import {
  AppendTooLargeError,
  SOFT_DELETED_TRUNCATE_BEFORE,
  StreamDeletedError,
  type EventToAppend,
} from '@agent-ledger/event-store';
import { describeEventStoreContract } from '@agent-ledger/event-store/testing';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { startEsdbEmulator, type EsdbEmulator } from './testing';

describeEventStoreContract(
  'EventStoreDbEventStore on the emulator',
  async ({ validatePayload }) => {
    const emulator = await startEsdbEmulator();
    const store = new EventStoreDbEventStore({
      connectionString: emulator.connectionString,
      validatePayload,
      logger: { warn: () => undefined },
    });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await emulator.close();
      },
    };
  },
);

describe('EventStoreDbEventStore, beyond the contract', () => {
  let emulator: EsdbEmulator;
  let store: EventStoreDbEventStore;
  beforeEach(async () => {
    emulator = await startEsdbEmulator();
    store = new EventStoreDbEventStore({ connectionString: emulator.connectionString });
  });
  afterEach(async () => {
    await store.close();
    await emulator.close();
  });

  const event = (type: string, data: Record<string, unknown> = {}): EventToAppend => ({
    id: randomUUID(),
    type,
    data,
  });

  it("appends through BatchAppend, and its positions are the log's commit positions", async () => {
    const result = await store.append('order-1', [event('Placed'), event('Paid')]);
    expect(emulator.calls()['Streams.BatchAppend']).toBe(1);
    expect(emulator.calls()['Streams.Append']).toBeUndefined();
    const logged = emulator.store.records.map((record) => record.position);
    const read = await collect(store.readStream('order-1'));
    expect(read.map((recorded) => recorded.position)).toEqual(logged);
    expect(result.position).toBe(logged[1]);
  });

  it("hides EventStoreDB's own records from $all, and from the head position", async () => {
    const last = await store.append('order-1', [event('Placed')]);
    await store.setStreamMetadata('order-1', { maxCount: 5 });
    await store.append('order-2', [event('Placed')]);
    const head = await store.append('order-3', [event('Placed')]);
    await store.deleteStream('order-2');
    await store.tombstoneStream('order-3');
    expect(emulator.store.records.map((record) => record.eventType)).toEqual([
      'Placed',
      '$metadata',
      'Placed',
      'Placed',
      '$metadata',
      '$streamDeleted',
    ]);
    const all = await collect(store.readAll());
    expect(all.map((recorded) => [recorded.streamName, recorded.type])).toEqual([
      ['order-1', 'Placed'],
      ['order-2', 'Placed'],
      ['order-3', 'Placed'],
    ]);
    expect(all[0]!.position).toBe(last.position);
    expect(await store.headPosition()).toBe(head.position);
  });

  it('tells a soft-deleted stream from a tombstoned one when stream_exists meets StreamDeleted', async () => {
    await store.append('order-1', [event('Placed')]);
    await store.append('order-2', [event('Placed')]);
    await store.deleteStream('order-1');
    await store.tombstoneStream('order-2');
    const attempts = await Promise.all([
      rejectionOf(store.append('order-1', [event('Paid')], { expectedRevision: 'stream_exists' })),
      rejectionOf(store.deleteStream('order-1', { expectedRevision: 'stream_exists' })),
      rejectionOf(store.append('order-2', [event('Paid')], { expectedRevision: 'stream_exists' })),
    ]);
    expect(attempts).toEqual([
      new StreamDeletedError('order-1', true),
      new StreamDeletedError('order-1', true),
      new StreamDeletedError('order-2', false),
    ]);
  });

  it('reads the soft-delete mark as SOFT_DELETED_TRUNCATE_BEFORE, keeping the other metadata', async () => {
    await store.append('order-1', [event('Placed')]);
    await store.setStreamMetadata('order-1', { maxCount: 5, customMetadata: { owner: 'agent-1' } });
    await store.deleteStream('order-1');
    expect(await store.getStreamMetadata('order-1')).toEqual({
      maxCount: 5,
      truncateBefore: SOFT_DELETED_TRUNCATE_BEFORE,
      customMetadata: { owner: 'agent-1' },
    });
  });

  it('measures an oversized append as the server does', async () => {
    const big = event('Big', { text: 'x'.repeat(1024 * 1024) });
    const error = await rejectionOf(store.append('order-1', [big]));
    expect(error).toBeInstanceOf(AppendTooLargeError);
    const size = Buffer.byteLength(JSON.stringify(big.data)) + 'Big'.length * 2;
    expect(error).toMatchObject({ size, limit: 1024 * 1024 });
  });

  it('ends the iteration of open subscriptions when it closes', async () => {
    await store.append('order-1', [event('Placed')]);
    const subscription = store.subscribeToAll();
    const kinds: string[] = [];
    for await (const message of subscription) {
      kinds.push(message.kind);
      if (message.kind === 'caughtUp') void store.close();
    }
    expect(kinds).toEqual(['event', 'caughtUp']);
    // The cancellation reaches the server a moment later; a store that never cancels times out here.
    while (emulator.activeSubscriptions() > 0) await setTimeout(5);
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('Expected a rejection, but the promise fulfilled.'),
    (error: unknown) => error,
  );
}
