import type { JSONEventData } from '@eventstore/db-client';

/**
 * The size of an append as EventStoreDB measures it against `MaxAppendSize` (`Event.SizeOnDisk`):
 * UTF-8 bytes of data and metadata, plus twice the length of the event type.
 */
export function measureAppendSize(events: readonly JSONEventData[]): number {
  return events.reduce(
    (total, event) =>
      total +
      Buffer.byteLength(JSON.stringify(event.data)) +
      (event.metadata === undefined ? 0 : Buffer.byteLength(JSON.stringify(event.metadata))) +
      event.type.length * 2,
    0,
  );
}
