import { StreamNotFoundError } from '../errors';
import type { EventFilter, EventStore, EventToAppend, RecordedEvent } from '../event-store';
import {
  collect,
  expected,
  expectedRun,
  newEvent,
  newEvents,
  rejectionOf,
  summary,
  uniquePrefix,
} from './contract-helpers';

/** Stream reads, `$all` reads and their filters. */
export function describeReadContract(store: () => EventStore): void {
  describe('readStream', () => {
    const events = newEvents('Counted', 5);
    let stream = '';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-counter`;
      await store().append(stream, events.slice(0, 2), { expectedRevision: 'no_stream' });
      await store().append(stream, events.slice(2), { expectedRevision: 1 });
    });

    it('reads forwards from the start by default', async () => {
      const read = await collect(store().readStream(stream));
      expect(read.map(summary)).toEqual(expectedRun(stream, 0, events));
    });

    it('reads forwards from a revision (inclusive), at most maxCount', async () => {
      const read = await collect(store().readStream(stream, { fromRevision: 1, maxCount: 2 }));
      expect(read.map(summary)).toEqual(expectedRun(stream, 1, events.slice(1, 3)));
    });

    it('reads backwards from the end by default', async () => {
      const read = await collect(store().readStream(stream, { direction: 'backwards' }));
      expect(read.map(summary)).toEqual(expectedRun(stream, 0, events).reverse());
    });

    it('reads backwards from a revision (inclusive), at most maxCount', async () => {
      const read = await collect(
        store().readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 }),
      );
      expect(read.map((event) => event.revision)).toEqual([3, 2]);
    });

    it('reads nothing past the end', async () => {
      expect(await collect(store().readStream(stream, { fromRevision: 9 }))).toEqual([]);
      expect(await collect(store().readStream(stream, { fromRevision: 'end' }))).toEqual([]);
    });

    it('gives positions in $all that grow with the revision', async () => {
      const positions = (await collect(store().readStream(stream))).map((event) => event.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(5);
    });

    it('throws StreamNotFound, when iterated, for a stream that never existed', async () => {
      const missing = `${uniquePrefix()}-missing`;
      const error = await rejectionOf(collect(store().readStream(missing)));
      expect(error).toBeInstanceOf(StreamNotFoundError);
      expect(error).toMatchObject({ code: 'StreamNotFound', streamName: missing });
    });
  });

  describe('readStream of some types', () => {
    let stream = '';
    /** Revisions 0..29: `Noted` at every third (0, 3, …, 27), `Flagged` at 10 and 20, else `Counted`. */
    const typeAt = (revision: number) =>
      revision % 3 === 0 ? 'Noted' : revision % 10 === 0 ? 'Flagged' : 'Counted';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-typed`;
      const events = Array.from({ length: 30 }, (_, revision) =>
        newEvent(typeAt(revision), { revision }),
      );
      await store().append(stream, events, { expectedRevision: 'no_stream' });
    });
    const revisionsOf = (read: RecordedEvent[]) => read.map((event) => event.revision);

    it('yields only the types asked for, in order, each as a full read gives it', async () => {
      const all = await collect(store().readStream(stream));
      const typed = await collect(store().readStream(stream, { types: ['Noted', 'Flagged'] }));
      expect(typed).toEqual(all.filter((event) => event.type !== 'Counted'));
      expect(revisionsOf(typed)).toEqual([0, 3, 6, 9, 10, 12, 15, 18, 20, 21, 24, 27]);
    });

    it('counts maxCount in the events yielded, forwards and backwards from a revision', async () => {
      const forwards = await collect(
        store().readStream(stream, { fromRevision: 4, maxCount: 3, types: ['Noted'] }),
      );
      expect(revisionsOf(forwards)).toEqual([6, 9, 12]);
      const backwards = await collect(
        store().readStream(stream, {
          direction: 'backwards',
          fromRevision: 20,
          maxCount: 2,
          types: ['Flagged'],
        }),
      );
      expect(revisionsOf(backwards)).toEqual([20, 10]);
    });

    it('yields nothing for no types or a type the stream lacks, and still throws for a missing stream', async () => {
      expect(await collect(store().readStream(stream, { types: [] }))).toEqual([]);
      expect(await collect(store().readStream(stream, { types: ['Absent'] }))).toEqual([]);
      const missing = `${uniquePrefix()}-missing`;
      const error = await rejectionOf(collect(store().readStream(missing, { types: ['Noted'] })));
      expect(error).toBeInstanceOf(StreamNotFoundError);
    });

    it('keeps to the revisions the metadata leaves visible', async () => {
      await store().setStreamMetadata(stream, { truncateBefore: 11 });
      const typed = await collect(store().readStream(stream, { types: ['Noted', 'Flagged'] }));
      expect(revisionsOf(typed)).toEqual([12, 15, 18, 20, 21, 24, 27]);
    });
  });

  it('reads a long stream of some types across internal pages', async () => {
    const stream = `${uniquePrefix()}-long-typed`;
    const batches = Array.from({ length: 12 }, (_, batch) =>
      Array.from({ length: 100 }, (_, index) =>
        newEvent((batch * 100 + index) % 7 === 0 ? 'Noted' : 'Counted'),
      ),
    );
    for (const [index, batch] of batches.entries()) {
      await store().append(stream, batch, {
        expectedRevision: index === 0 ? 'no_stream' : index * 100 - 1,
      });
    }
    const sevens = Array.from({ length: 172 }, (_, index) => index * 7);
    const forwards = await collect(store().readStream(stream, { types: ['Noted'] }));
    expect(forwards.map((event) => event.revision)).toEqual(sevens);
    const backwards = await collect(
      store().readStream(stream, { direction: 'backwards', types: ['Noted'] }),
    );
    expect(backwards.map((event) => event.revision)).toEqual([...sevens].reverse());
  });

  it('reads a long stream in order, across internal pages', async () => {
    const stream = `${uniquePrefix()}-long`;
    const batches = Array.from({ length: 12 }, () => newEvents('Counted', 100));
    for (const [index, batch] of batches.entries()) {
      await store().append(stream, batch, {
        expectedRevision: index === 0 ? 'no_stream' : index * 100 - 1,
      });
    }
    const forwards = await collect(store().readStream(stream));
    expect(forwards.map(summary)).toEqual(expectedRun(stream, 0, batches.flat()));
    const backwards = await collect(store().readStream(stream, { direction: 'backwards' }));
    expect(backwards.map((event) => event.revision)).toEqual(
      Array.from({ length: 1200 }, (_, index) => 1199 - index),
    );
  });

  describe('readAll', () => {
    let prefix = '';
    let appended: { streamName: string; event: EventToAppend; revision: number }[] = [];
    let firstPosition = 0;
    const own = (event: RecordedEvent): boolean => event.streamName.startsWith(prefix);

    beforeEach(async () => {
      prefix = uniquePrefix();
      const order: [string, number, string][] = [
        ['order-1', 0, 'OrderPlaced'],
        ['cart-1', 0, 'ItemAdded'],
        ['order-1', 1, 'OrderPaid'],
        ['order-2', 0, 'OrderPlaced'],
        ['cart-1', 1, 'ItemRemoved'],
      ];
      appended = [];
      for (const [suffix, revision, type] of order) {
        const streamName = `${prefix}-${suffix}`;
        const event = newEvent(type, { step: appended.length });
        const result = await store().append(streamName, [event]);
        if (appended.length === 0) firstPosition = result.position;
        appended.push({ streamName, event, revision });
      }
    });
    const all = () =>
      appended.map(({ streamName, event, revision }) => expected(streamName, revision, event));

    it('reads forwards across streams in the order of the appends', async () => {
      const read = await collect(store().readAll({ fromPosition: firstPosition }));
      expect(read.filter(own).map(summary)).toEqual(all());
      const positions = read.map((event) => event.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(read[0]!.position).toBe(firstPosition);
    });

    it('reads backwards from the end, at most maxCount', async () => {
      const read = await collect(store().readAll({ direction: 'backwards', maxCount: 3 }));
      expect(read.map(summary)).toEqual(all().reverse().slice(0, 3));
    });

    it('reads forwards from a position (inclusive), at most maxCount', async () => {
      const [, second] = await collect(
        store().readAll({ fromPosition: firstPosition, maxCount: 2 }),
      );
      const read = await collect(store().readAll({ fromPosition: second!.position, maxCount: 2 }));
      expect(read.map(summary)).toEqual(all().slice(1, 3));
    });

    const filters: [string, (prefix: string) => EventFilter, number[]][] = [
      [
        'stream-name prefixes',
        (p) => ({ on: 'streamName', prefixes: [`${p}-order-`, `${p}-cart-9`] }),
        [0, 2, 3],
      ],
      [
        'a stream-name regex',
        (p) => ({ on: 'streamName', regex: `^${p}-(cart|order-2)` }),
        [1, 3, 4],
      ],
      [
        'event-type prefixes',
        () => ({ on: 'eventType', prefixes: ['Item', 'OrderPa'] }),
        [1, 2, 4],
      ],
      [
        'an event-type regex',
        () => ({ on: 'eventType', regex: '^Order(Placed|Shipped)$' }),
        [0, 3],
      ],
    ];

    it.each(filters)('filters on %s, in the store', async (_, filter, indexes) => {
      const read = await collect(
        store().readAll({ fromPosition: firstPosition, filter: filter(prefix) }),
      );
      expect(read.filter(own).map(summary)).toEqual(indexes.map((index) => all()[index]));
    });

    it('filters backwards, maxCount counting matching events only', async () => {
      const read = await collect(
        store().readAll({
          direction: 'backwards',
          maxCount: 2,
          filter: { on: 'streamName', prefixes: [`${prefix}-order-`] },
        }),
      );
      expect(read.map(summary)).toEqual([all()[3], all()[2]]);
    });
  });
}
