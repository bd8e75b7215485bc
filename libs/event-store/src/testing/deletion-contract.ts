import { StreamDeletedError, StreamNotFoundError, WrongExpectedRevisionError } from '../errors';
import type { EventStore } from '../event-store';
import {
  collect,
  expectedRun,
  newEvent,
  newEvents,
  rejectionOf,
  summary,
  uniquePrefix,
} from './contract-helpers';

/** Soft deletion and tombstones, as EventStoreDB defines them. */
export function describeDeletionContract(store: () => EventStore): void {
  describe('deleteStream (soft delete)', () => {
    let stream = '';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Placed', 2), { expectedRevision: 'no_stream' });
    });

    it('makes the stream read as not found, with no revision', async () => {
      const { position } = await store().deleteStream(stream, { expectedRevision: 1 });
      expect(position).toBeGreaterThan(0);
      expect(await rejectionOf(collect(store().readStream(stream)))).toBeInstanceOf(
        StreamNotFoundError,
      );
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it.each([
      ['no_stream', 'no_stream' as const],
      ['any', 'any' as const],
      ['the last revision', 1],
    ])(
      'lets %s recreate it, revisions going on and old events hidden',
      async (_, expectedRevision) => {
        await store().deleteStream(stream);
        const events = newEvents('Placed', 3);
        const result = await store().append(stream, events, { expectedRevision });
        expect(result.nextExpectedRevision).toBe(4);
        const read = await collect(store().readStream(stream));
        expect(read.map(summary)).toEqual(expectedRun(stream, 2, events));
        expect(await store().getStreamMetadata(stream)).toEqual({ truncateBefore: 2 });
      },
    );

    it('refuses stream_exists on the deleted stream with StreamDeleted, as EventStoreDB', async () => {
      await store().deleteStream(stream);
      const error = await rejectionOf(
        store().append(stream, [newEvent('Placed')], { expectedRevision: 'stream_exists' }),
      );
      expect(error).toBeInstanceOf(StreamDeletedError);
    });

    it('is refused with a wrong expected revision, and the stream stays', async () => {
      const error = await rejectionOf(store().deleteStream(stream, { expectedRevision: 0 }));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ expectedRevision: 0, actualRevision: 1 });
      expect(await collect(store().readStream(stream))).toHaveLength(2);
    });

    it('accepts a stream that does not exist with any or no_stream', async () => {
      const missing = `${uniquePrefix()}-missing`;
      await store().deleteStream(missing);
      await store().deleteStream(`${missing}-2`, { expectedRevision: 'no_stream' });
      expect(await store().getStreamRevision(missing)).toBeUndefined();
    });

    it('leaves the events in $all', async () => {
      const before = await collect(
        store().readAll({ filter: { on: 'streamName', prefixes: [stream] } }),
      );
      await store().deleteStream(stream);
      const after = await collect(
        store().readAll({ filter: { on: 'streamName', prefixes: [stream] } }),
      );
      expect(after).toEqual(before);
      expect(after).toHaveLength(2);
    });
  });

  describe('tombstoneStream (hard delete)', () => {
    let stream = '';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Placed', 2), { expectedRevision: 'no_stream' });
    });

    it('makes every later read and write fail with StreamDeleted', async () => {
      const { position } = await store().tombstoneStream(stream, { expectedRevision: 1 });
      expect(position).toBeGreaterThan(0);
      const attempts: Promise<unknown>[] = [
        collect(store().readStream(stream)),
        store().append(stream, [newEvent('Placed')]),
        store().append(stream, [newEvent('Placed')], { expectedRevision: 'no_stream' }),
        store().deleteStream(stream),
        store().tombstoneStream(stream),
        store().getStreamMetadata(stream),
        store().setStreamMetadata(stream, { maxCount: 1 }),
        store().getStreamRevision(stream),
      ];
      for (const attempt of attempts) {
        const error = await rejectionOf(attempt);
        expect(error).toBeInstanceOf(StreamDeletedError);
        expect(error).toMatchObject({ code: 'StreamDeleted', streamName: stream });
      }
    });

    it('applies to a soft-deleted stream too', async () => {
      await store().deleteStream(stream);
      await store().tombstoneStream(stream);
      expect(await rejectionOf(collect(store().readStream(stream)))).toBeInstanceOf(
        StreamDeletedError,
      );
    });

    it('is refused with a wrong expected revision', async () => {
      const error = await rejectionOf(store().tombstoneStream(stream, { expectedRevision: 5 }));
      expect(error).toMatchObject({ code: 'WrongExpectedRevision', actualRevision: 1 });
      expect(await store().getStreamRevision(stream)).toBe(1);
    });
  });
}
