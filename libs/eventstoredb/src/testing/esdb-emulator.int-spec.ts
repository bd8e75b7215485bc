import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  MaxAppendSizeExceededError,
  NO_STREAM,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  type AllStreamSubscription,
  type Position,
} from '@eventstore/db-client';
import { startEsdbEmulator, type EsdbEmulator } from './esdb-emulator';

/** The emulator seen through `@eventstore/db-client@6.2.1` itself: the protocol, not the adapter. */
describe('the EventStoreDB emulator, through the official client', () => {
  let emulator: EsdbEmulator;
  let client: EventStoreDBClient;
  beforeEach(async () => {
    emulator = await startEsdbEmulator({ maxAppendSize: 4096 });
    client = EventStoreDBClient.connectionString(emulator.connectionString);
  });
  afterEach(async () => {
    await client.dispose();
    await emulator.close();
  });

  const placed = (index: number) =>
    jsonEvent({ id: randomUUID(), type: 'Placed', data: { index } });
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );
  // Options with credentials make the client use the unary-stream `Append` instead of BatchAppend.
  const viaAppend = { credentials: { username: 'admin', password: 'changeit' } };

  it('advertises BatchAppend, so that the client appends through it', async () => {
    await client.appendToStream('order-1', [placed(0), placed(1)]);
    await client.appendToStream('order-1', [placed(2)]);
    expect(emulator.calls()).toEqual({
      'ServerFeatures.GetSupportedMethods': 1,
      'Streams.BatchAppend': 1,
    });
  });

  it('gives each event its own log position, commit equal to prepare, not consecutive', async () => {
    const result = await client.appendToStream('order-1', [placed(0), placed(1)]);
    const positions: (Position | undefined)[] = [];
    for await (const resolved of client.readStream('order-1'))
      positions.push(resolved.event?.position);
    const [first, second] = positions;
    expect(first?.commit).toBe(first?.prepare);
    expect(second).toEqual(result.position);
    expect(Number(second?.commit) - Number(first?.commit)).toBeGreaterThan(1);
  });

  it.each([
    ['BatchAppend', {}],
    ['Append', viaAppend],
  ])('answers a wrong expected version through %s with both revisions', async (_, options) => {
    await client.appendToStream('order-1', [placed(0), placed(1)], options);
    const error = await rejection(
      client.appendToStream('order-1', [placed(2)], { ...options, expectedRevision: 'no_stream' }),
    );
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ expectedVersion: 'no_stream', actualVersion: 1n });
    expect(emulator.calls()['Streams.Append'] ?? 0).toBe(options === viaAppend ? 2 : 0);
  });

  it.each([
    ['BatchAppend', {}],
    ['Append', viaAppend],
  ])('refuses an append over the maximum size through %s', async (_, options) => {
    const big = jsonEvent({ type: 'Big', data: { text: 'x'.repeat(5000) } });
    const error = await rejection(client.appendToStream('order-1', [big], options));
    expect(error).toBeInstanceOf(MaxAppendSizeExceededError);
    expect(error).toMatchObject({ maxAppendSize: 4096 });
  });

  it('reads $all backwards from before a position, forwards from it', async () => {
    await client.appendToStream('order-1', [placed(0), placed(1), placed(2)]);
    const all: bigint[] = [];
    for await (const resolved of client.readAll()) all.push(resolved.event!.position.commit);
    const middle = { commit: all[1]!, prepare: all[1]! };
    const forwards: bigint[] = [];
    for await (const resolved of client.readAll({ fromPosition: middle })) {
      forwards.push(resolved.event!.position.commit);
    }
    const backwards: bigint[] = [];
    for await (const resolved of client.readAll({ fromPosition: middle, direction: BACKWARDS })) {
      backwards.push(resolved.event!.position.commit);
    }
    expect(forwards).toEqual(all.slice(1));
    expect(backwards).toEqual([all[0]]);
  });

  it('soft-deletes with the $tb mark in the metastream, and a recreation truncates before it', async () => {
    await client.appendToStream('order-1', [placed(0), placed(1)]);
    await client.setStreamMetadata('order-1', { maxCount: 10 });
    await client.deleteStream('order-1', { expectedRevision: 1n });
    const readError = await rejection(
      (async () => {
        for await (const _ of client.readStream('order-1')) return;
      })(),
    );
    expect(readError).toBeInstanceOf(StreamNotFoundError);
    const deleted = emulator.store.records.at(-1)!;
    expect([deleted.streamName, deleted.eventType]).toEqual(['$$order-1', '$metadata']);
    expect(Buffer.from(deleted.data).toString()).toBe('{"$maxCount":10,"$tb":9223372036854775807}');
    const recreated = await client.appendToStream('order-1', [placed(2)], {
      expectedRevision: 'no_stream',
    });
    expect(recreated.nextExpectedRevision).toBe(2n);
    expect((await client.getStreamMetadata('order-1')).metadata).toEqual({
      maxCount: 10,
      truncateBefore: 2,
    });
  });

  it('tombstones with a $streamDeleted record, after which the stream and its metastream are deleted', async () => {
    await client.appendToStream('order-1', [placed(0)]);
    await client.tombstoneStream('order-1');
    const tombstone = emulator.store.records.at(-1)!;
    expect([tombstone.streamName, tombstone.eventType, tombstone.revision]).toEqual([
      'order-1',
      '$streamDeleted',
      9223372036854775807n,
    ]);
    expect(await rejection(client.appendToStream('order-1', [placed(1)]))).toBeInstanceOf(
      StreamDeletedError,
    );
    expect(await rejection(client.getStreamMetadata('order-1'))).toBeInstanceOf(StreamDeletedError);
  });

  it('tombstones at an expected revision: a stream that never existed with no_stream, a stream written since not at all', async () => {
    // As EventStoreDB's own tests: hard-deleting a missing stream with NoStream succeeds.
    await client.tombstoneStream('upload-1', { expectedRevision: NO_STREAM });
    expect(await rejection(client.appendToStream('upload-1', [placed(0)]))).toBeInstanceOf(
      StreamDeletedError,
    );
    await client.appendToStream('upload-2', [placed(0), placed(1)]);
    expect(
      await rejection(client.tombstoneStream('upload-2', { expectedRevision: 0n })),
    ).toBeInstanceOf(WrongExpectedVersionError);
    expect(
      await rejection(client.tombstoneStream('upload-2', { expectedRevision: NO_STREAM })),
    ).toBeInstanceOf(WrongExpectedVersionError);
    await client.tombstoneStream('upload-2', { expectedRevision: 1n });
    expect(
      await rejection(client.appendToStream('upload-2', [placed(2)], { expectedRevision: 1n })),
    ).toBeInstanceOf(StreamDeletedError);
  });

  it('truncates a stream before $tb set by setStreamMetadata, keeping its revisions', async () => {
    await client.appendToStream('journal', [placed(0), placed(1), placed(2)]);
    await client.setStreamMetadata('journal', { truncateBefore: 2 });
    const read: Array<[bigint, unknown]> = [];
    for await (const resolved of client.readStream('journal')) {
      if (resolved.event !== undefined) read.push([resolved.event.revision, resolved.event.data]);
    }
    expect(read).toEqual([[2n, { index: 2 }]]);
    await client.appendToStream('journal', [placed(3)], { expectedRevision: 2n });
  });

  describe('a filtered subscription to $all', () => {
    type Received = string;
    function follow(subscription: AllStreamSubscription, received: Received[]): Promise<unknown> {
      subscription.on('data', (resolved: { event?: { type: string } }) =>
        received.push(`event:${resolved.event?.type ?? ''}`),
      );
      subscription.on('caughtUp', () => received.push('caughtUp'));
      return new Promise((resolve) => subscription.on('error', resolve));
    }

    it('confirms, catches up with checkpoints, says it caught up, then goes live; a drop ends it with UNAVAILABLE', async () => {
      await client.appendToStream('order-1', [placed(0)]);
      const result = await client.appendToStream('other-1', [0, 1, 2, 3, 4].map(placed));
      const checkpoints: bigint[] = [];
      const received: Received[] = [];
      const subscription = client.subscribeToAll({
        filter: eventTypeFilter({
          prefixes: ['Placed', 'Live'],
          maxSearchWindow: 2,
          checkpointReached: (_subscription, position) => {
            checkpoints.push(position.commit);
            received.push('checkpoint');
          },
        }),
      });
      const dropped = follow(subscription, received);
      while (!received.includes('caughtUp')) await new Promise((resolve) => setTimeout(resolve, 5));
      await client.appendToStream('order-2', [jsonEvent({ type: 'Live', data: {} })]);
      while (!received.includes('event:Live'))
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(emulator.dropSubscriptions()).toBe(1);
      expect(await dropped).toMatchObject({ type: 'unavailable', code: 14 });
      expect(received).toEqual([
        'event:Placed',
        'event:Placed',
        'checkpoint',
        'event:Placed',
        'event:Placed',
        'checkpoint',
        'event:Placed',
        'event:Placed',
        'checkpoint',
        'caughtUp',
        'event:Live',
      ]);
      expect(checkpoints.at(-1)).toBe(result.position?.commit);
    });

    it('starts after its position, exclusive, and from the end with nothing', async () => {
      const first = await client.appendToStream('order-1', [placed(0)]);
      await client.appendToStream('order-1', [placed(1)]);
      const received: Received[] = [];
      const fromFirst = client.subscribeToAll({ fromPosition: first.position! });
      void follow(fromFirst, received);
      const fromEnd: Received[] = [];
      const atEnd = client.subscribeToAll({ fromPosition: END });
      void follow(atEnd, fromEnd);
      while (!received.includes('caughtUp') || !fromEnd.includes('caughtUp')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await fromFirst.unsubscribe();
      await atEnd.unsubscribe();
      expect(received).toEqual(['event:Placed', 'caughtUp']);
      expect(fromEnd).toEqual(['caughtUp']);
    });
  });
});
