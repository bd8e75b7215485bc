import fc from 'fast-check';
import { StreamDeletedError } from '../errors';
import type { EventFilter, EventStore, ListStreamsInAllOptions, StreamInAll } from '../event-store';
import { collect, newEvent, newEvents, uniquePrefix } from './contract-helpers';

/**
 * `listStreamsInAll`: the streams a forward `$all` read meets, in the order it meets them,
 * bounded by a position and filtered as `readAll` filters.
 */
export function describeListStreamsContract(store: () => EventStore): void {
  describe('listStreamsInAll', () => {
    it('lists nothing in an empty store', async () => {
      expect(await store().listStreamsInAll()).toEqual([]);
      expect(await store().listStreamsInAll({ toPosition: 1000 })).toEqual([]);
    });

    it('lists nothing for a store holding only its own records (metadata, a tombstone)', async () => {
      const prefix = uniquePrefix();
      await store().setStreamMetadata(`${prefix}-configured`, { maxCount: 3 });
      await store().tombstoneStream(`${prefix}-never-written`);
      await store().deleteStream(`${prefix}-never-written-either`);
      expect(await store().listStreamsInAll()).toEqual([]);
      expect(await store().listStreamsInAll({ filter: { on: 'streamName', regex: '.' } })).toEqual(
        [],
      );
    });

    it('lists each stream once, in the order of its first event, with its position', async () => {
      const prefix = uniquePrefix();
      const [b, a, c] = [`${prefix}-b`, `${prefix}-a`, `${prefix}-c`];
      const first = await store().append(b, [newEvent('Counted')]);
      await store().append(b, [newEvent('Counted')]);
      const second = await store().append(a, [newEvent('Counted')]);
      await store().append(b, [newEvent('Counted')]);
      const third = await store().append(c, [newEvent('Counted')]);
      await store().append(a, newEvents('Counted', 3));
      expect(await store().listStreamsInAll()).toEqual([
        { streamName: b, firstPosition: first.position },
        { streamName: a, firstPosition: second.position },
        { streamName: c, firstPosition: third.position },
      ]);
    });

    it('counts only events at or before toPosition (inclusive)', async () => {
      const prefix = uniquePrefix();
      const first = await store().append(`${prefix}-1`, [newEvent('Counted')]);
      const second = await store().append(`${prefix}-2`, [newEvent('Counted')]);
      await store().append(`${prefix}-1`, [newEvent('Counted')]);
      await store().append(`${prefix}-3`, [newEvent('Counted')]);
      const names = async (toPosition: number) =>
        (await store().listStreamsInAll({ toPosition })).map((stream) => stream.streamName);
      expect(await names(first.position - 1)).toEqual([]);
      expect(await names(first.position)).toEqual([`${prefix}-1`]);
      expect(await names(second.position)).toEqual([`${prefix}-1`, `${prefix}-2`]);
      expect(await names(second.position + 1)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    });

    describe('with a filter', () => {
      let prefix = '';
      let positions: Record<string, number> = {};
      beforeEach(async () => {
        prefix = uniquePrefix();
        positions = {};
        const appends: [string, string][] = [
          ['order-1', 'OrderPlaced'],
          ['cart-1', 'ItemAdded'],
          ['order-1', 'OrderPaid'],
          ['order-2', 'OrderPlaced'],
          ['cart-1', 'ItemRemoved'],
          ['order-2', 'OrderPaid'],
        ];
        for (const [index, [suffix, type]] of appends.entries()) {
          const result = await store().append(`${prefix}-${suffix}`, [newEvent(type)]);
          positions[`${suffix}@${index}`] = result.position;
        }
      });
      const listed = (suffix: string, step: number): StreamInAll => ({
        streamName: `${prefix}-${suffix}`,
        firstPosition: positions[`${suffix}@${step}`] ?? -1,
      });

      it.each<[string, (prefix: string) => EventFilter, [string, number][]]>([
        [
          'stream-name prefixes',
          (p) => ({ on: 'streamName', prefixes: [`${p}-order-`, `${p}-cart-9`] }),
          [
            ['order-1', 0],
            ['order-2', 3],
          ],
        ],
        [
          'a stream-name regex',
          (p) => ({ on: 'streamName', regex: `^${p}-(cart|order-2)` }),
          [
            ['cart-1', 1],
            ['order-2', 3],
          ],
        ],
        [
          // order-1's first event is not an OrderPaid: it is listed from its first that is.
          'event-type prefixes, from the first matching event',
          () => ({ on: 'eventType', prefixes: ['ItemR', 'OrderPa'] }),
          [
            ['order-1', 2],
            ['cart-1', 4],
            ['order-2', 5],
          ],
        ],
        [
          'an event-type regex',
          () => ({ on: 'eventType', regex: '^Item(Added|Shipped)$' }),
          [['cart-1', 1]],
        ],
      ])('lists the streams of %s', async (_, filter, streams) => {
        const all = await store().listStreamsInAll({ filter: filter(prefix) });
        const own = all.filter((stream) => stream.streamName.startsWith(prefix));
        expect(own).toEqual(streams.map(([suffix, step]) => listed(suffix, step)));
      });

      it('applies the filter and the bound together', async () => {
        const filter: EventFilter = { on: 'eventType', prefixes: ['OrderPaid'] };
        const toPosition = positions['order-1@2'] ?? -1;
        expect(await store().listStreamsInAll({ filter, toPosition })).toEqual([
          listed('order-1', 2),
        ]);
      });
    });

    it('lists deleted, tombstoned and truncated streams by their events, as $all yields them', async () => {
      const prefix = uniquePrefix();
      const name = (suffix: string) => `${prefix}-${suffix}`;
      const deleted = await store().append(name('deleted'), [newEvent('Counted')]);
      await store().append(name('deleted'), [newEvent('Counted')]);
      const tombstoned = await store().append(name('tombstoned'), [newEvent('Counted')]);
      const truncated = await store().append(name('truncated'), [newEvent('Counted')]);
      await store().append(name('truncated'), newEvents('Counted', 2));
      const recreated = await store().append(name('recreated'), [newEvent('Counted')]);
      await store().deleteStream(name('deleted'));
      await store().tombstoneStream(name('tombstoned'));
      await store().setStreamMetadata(name('truncated'), { truncateBefore: 2, maxCount: 1 });
      await store().deleteStream(name('recreated'));
      await store().append(name('recreated'), [newEvent('Counted')]);
      await store().setStreamMetadata(name('metadata-only'), { maxAge: 60 });
      await store().tombstoneStream(name('tombstone-only'));
      const expected: StreamInAll[] = [
        { streamName: name('deleted'), firstPosition: deleted.position },
        { streamName: name('tombstoned'), firstPosition: tombstoned.position },
        { streamName: name('truncated'), firstPosition: truncated.position },
        { streamName: name('recreated'), firstPosition: recreated.position },
      ];
      expect(await store().listStreamsInAll()).toEqual(expected);
      expect(await firstSeenInReadAll(store(), {})).toEqual(expected);
      // The metadata streams (`$$<stream>`) hold only the store's records: never listed.
      expect(
        await store().listStreamsInAll({ filter: { on: 'streamName', prefixes: ['$$'] } }),
      ).toEqual([]);
    });

    it('lists what a forward readAll meets first, for any history, filter and bound', async () => {
      const prefix = uniquePrefix();
      const streams = ['a', 'b', 'c', 'd'].map((suffix) => `${prefix}-${suffix}`);
      const operation = fc.record({
        kind: fc.constantFrom('append', 'append', 'append', 'delete', 'tombstone', 'metadata'),
        stream: fc.integer({ min: 0, max: streams.length - 1 }),
        type: fc.constantFrom('Placed', 'Paid', 'Shipped'),
      });
      const filters: (EventFilter | undefined)[] = [
        undefined,
        { on: 'streamName', prefixes: [`${prefix}-a`, `${prefix}-c`] },
        { on: 'streamName', regex: `^${prefix}-[bd]$` },
        { on: 'eventType', prefixes: ['Pa'] },
        { on: 'eventType', regex: '^(Placed|Shipped)$' },
      ];
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(operation, { minLength: 1, maxLength: 10 }),
          fc.nat(),
          async (operations, boundPick) => {
            // Each run writes streams of its own; the comparison covers the whole store.
            run += 1;
            const stream = (index: number) => `${streams[index] ?? ''}-${run}`;
            const positions: number[] = [];
            for (const { kind, stream: index, type } of operations) {
              positions.push(await apply(store(), kind, stream(index), type));
            }
            const bound = positions[boundPick % positions.length] ?? 0;
            for (const filter of filters) {
              for (const toPosition of [undefined, bound]) {
                const options = {
                  ...(filter === undefined ? {} : { filter }),
                  ...(toPosition === undefined ? {} : { toPosition }),
                };
                expect(await store().listStreamsInAll(options)).toEqual(
                  await firstSeenInReadAll(store(), options),
                );
              }
            }
          },
        ),
        { numRuns: 8 },
      );
    });
  });
}

/** One step of a generated history; its position (the record's, for the store's own records). */
async function apply(
  store: EventStore,
  kind: 'append' | 'delete' | 'tombstone' | 'metadata',
  streamName: string,
  type: string,
): Promise<number> {
  const revision = await store.getStreamRevision(streamName).catch((error: unknown) => {
    if (error instanceof StreamDeletedError) return 'tombstoned' as const;
    throw error;
  });
  if (revision === 'tombstoned') return (await store.headPosition()) ?? 0;
  switch (kind) {
    case 'append':
      return (await store.append(streamName, [newEvent(type)])).position;
    case 'delete':
      return (await store.deleteStream(streamName)).position;
    case 'tombstone':
      return (await store.tombstoneStream(streamName)).position;
    case 'metadata':
      return (await store.setStreamMetadata(streamName, { truncateBefore: 1 })).position;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

/** The streams a forward `readAll` with the same filter meets, in order, up to the bound. */
async function firstSeenInReadAll(
  store: EventStore,
  options: ListStreamsInAllOptions,
): Promise<StreamInAll[]> {
  const read = await collect(
    store.readAll(options.filter === undefined ? {} : { filter: options.filter }),
  );
  const first = new Map<string, number>();
  for (const event of read) {
    if (options.toPosition !== undefined && event.position > options.toPosition) break;
    if (!first.has(event.streamName)) first.set(event.streamName, event.position);
  }
  return [...first].map(([streamName, firstPosition]) => ({ streamName, firstPosition }));
}
