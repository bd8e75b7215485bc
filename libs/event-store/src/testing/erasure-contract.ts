import { StreamNotFoundError } from '../errors';
import type { EventStore } from '../event-store';
import { collect, newEvents, rejectionOf, uniquePrefix } from './contract-helpers';

/**
 * Erasure (`eraseStream`): the stream is gone for its readers and can be started again; where the
 * store says the erasure is `physical`, `$all` no longer yields its events either.
 */
export function describeErasureContract(store: () => EventStore): void {
  describe('eraseStream', () => {
    let stream = '';
    beforeEach(async () => {
      stream = `${uniquePrefix()}-erased`;
      await store().append(stream, newEvents('Placed', 3), { expectedRevision: 'no_stream' });
      await store().setStreamMetadata(stream, { customMetadata: { owner: 'u1' } });
    });

    it('makes the stream read as not found, with no revision, and counts what it erased', async () => {
      const result = await store().eraseStream(stream);
      expect(result.erasedEvents).toBeGreaterThanOrEqual(3);
      expect(await rejectionOf(collect(store().readStream(stream)))).toBeInstanceOf(
        StreamNotFoundError,
      );
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it('removes the events from $all when it says it is physical (else they stay until the store reclaims them)', async () => {
      const { physical } = await store().eraseStream(stream);
      const left = await collect(
        store().readAll({ filter: { on: 'streamName', prefixes: [stream] } }),
      );
      expect(left.filter((event) => event.streamName === stream)).toHaveLength(physical ? 0 : 3);
    });

    it('lets no_stream start the stream again, with none of its old events', async () => {
      await store().eraseStream(stream);
      const events = newEvents('Placed', 2);
      await store().append(stream, events, { expectedRevision: 'no_stream' });
      const read = await collect(store().readStream(stream));
      expect(read.map((event) => event.id)).toEqual(events.map((event) => event.id));
    });

    it('erases nothing, and succeeds, for a stream that does not exist or was erased', async () => {
      await store().eraseStream(stream);
      expect((await store().eraseStream(stream)).erasedEvents).toBe(0);
      expect((await store().eraseStream(`${uniquePrefix()}-never`)).erasedEvents).toBe(0);
    });
  });
}
