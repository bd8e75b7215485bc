import type { EventStore } from '../event-store';
import { collect, newEvents, rejectionOf, uniquePrefix } from './contract-helpers';

/** Stream metadata and how stream reads honour it. */
export function describeMetadataContract(store: () => EventStore): void {
  describe('stream metadata', () => {
    let stream = '';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Counted', 5), { expectedRevision: 'no_stream' });
    });
    const revisions = async (direction: 'forwards' | 'backwards') =>
      (await collect(store().readStream(stream, { direction }))).map((event) => event.revision);

    it('is empty until set, then reads back as set', async () => {
      expect(await store().getStreamMetadata(stream)).toEqual({});
      const metadata = { maxAge: 3600, customMetadata: { owner: 'agent-1', tags: ['a'] } };
      await store().setStreamMetadata(stream, metadata);
      expect(await store().getStreamMetadata(stream)).toEqual(metadata);
    });

    it('maxCount keeps the last events visible to stream reads', async () => {
      await store().setStreamMetadata(stream, { maxCount: 2 });
      expect(await revisions('forwards')).toEqual([3, 4]);
      expect(await revisions('backwards')).toEqual([4, 3]);
    });

    it('truncateBefore hides the revisions below it', async () => {
      await store().setStreamMetadata(stream, { truncateBefore: 3 });
      expect(await revisions('forwards')).toEqual([3, 4]);
    });

    it('the tighter of maxCount and truncateBefore wins', async () => {
      await store().setStreamMetadata(stream, { truncateBefore: 1, maxCount: 2 });
      expect(await revisions('forwards')).toEqual([3, 4]);
    });

    it('maxAge leaves recent events visible', async () => {
      await store().setStreamMetadata(stream, { maxAge: 3600 });
      expect(await revisions('forwards')).toEqual([0, 1, 2, 3, 4]);
    });

    it('does not move the stream revision, nor touch $all', async () => {
      await store().setStreamMetadata(stream, { maxCount: 1 });
      expect(await store().getStreamRevision(stream)).toBe(4);
      const result = await store().append(stream, newEvents('Counted', 1), { expectedRevision: 4 });
      expect(result.nextExpectedRevision).toBe(5);
      const all = await collect(
        store().readAll({ filter: { on: 'streamName', prefixes: [stream] } }),
      );
      expect(all.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('checks the expected revision of the metadata stream', async () => {
      const first = await store().setStreamMetadata(
        stream,
        { maxCount: 3 },
        {
          expectedRevision: 'no_stream',
        },
      );
      expect(first.nextExpectedRevision).toBe(0);
      const error = await rejectionOf(
        store().setStreamMetadata(stream, { maxCount: 4 }, { expectedRevision: 'no_stream' }),
      );
      expect(error).toMatchObject({ code: 'WrongExpectedRevision', actualRevision: 0 });
      const second = await store().setStreamMetadata(
        stream,
        { maxCount: 4 },
        { expectedRevision: 0 },
      );
      expect(second.nextExpectedRevision).toBe(1);
      expect(await store().getStreamMetadata(stream)).toEqual({ maxCount: 4 });
    });
  });
}
