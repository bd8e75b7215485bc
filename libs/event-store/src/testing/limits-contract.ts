import { randomUUID } from 'node:crypto';
import { AppendTooLargeError, InvalidEventPayloadError } from '../errors';
import type { EventStore } from '../event-store';
import { newEvent, rejectionOf, uniquePrefix } from './contract-helpers';

/** What an append refuses before writing anything. */
export function describeLimitsContract(store: () => EventStore): void {
  describe('append refusals that write nothing', () => {
    it('refuses an append over 1 MiB (EventStoreDB default) with AppendTooLarge', async () => {
      const stream = `${uniquePrefix()}-big`;
      const events = [newEvent('Small'), newEvent('Big', { text: 'x'.repeat(1024 * 1024) })];
      const error = await rejectionOf(store().append(stream, events));
      expect(error).toBeInstanceOf(AppendTooLargeError);
      expect(error).toMatchObject({
        code: 'AppendTooLarge',
        streamName: stream,
        limit: 1024 * 1024,
      });
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it('refuses an event its payload validator complains about, and the whole append', async () => {
      const stream = `${uniquePrefix()}-checked`;
      const good = newEvent('Checked', { text: 'fine' });
      const bad = newEvent('Checked', { text: 42 });
      const error = await rejectionOf(store().append(stream, [good, bad]));
      expect(error).toBeInstanceOf(InvalidEventPayloadError);
      expect(error).toMatchObject({
        code: 'InvalidEventPayload',
        streamName: stream,
        eventType: 'Checked',
        eventId: bad.id,
        complaints: ['/text must be a string'],
      });
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it.each([
      ['an id that is not a UUID', { id: 'not-a-uuid', type: 'Placed', data: {} }],
      ['a reserved $ type', { id: randomUUID(), type: '$metadata', data: {} }],
    ])('refuses %s', async (_, event) => {
      const stream = `${uniquePrefix()}-order`;
      const error = await rejectionOf(store().append(stream, [event]));
      expect(error).toMatchObject({ code: 'InvalidEventPayload', eventId: event.id });
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it('refuses an empty append as a caller bug', async () => {
      const error = await rejectionOf(store().append(`${uniquePrefix()}-order`, []));
      expect(error).toBeInstanceOf(RangeError);
    });
  });
}
