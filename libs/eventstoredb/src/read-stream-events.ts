import {
  BACKWARDS,
  END,
  FORWARDS,
  START,
  type EventStoreDBClient,
  type ReadRevision,
} from '@eventstore/db-client';
import type { ReadStreamOptions, RecordedEvent } from '@agent-ledger/event-store';
import { mapEventStoreDbError } from './map-eventstoredb-error';
import { toRecordedEvent } from './to-recorded-event';

/**
 * Reads one stream forwards or backwards from a revision (inclusive, in both directions, as in
 * EventStoreDB). A stream that never existed or was soft-deleted is `StreamNotFound`; a
 * tombstoned one is `StreamDeleted`. Leaving the loop early cancels the server read. EventStoreDB
 * has no type filter on stream reads: with `types`, the others are read and skipped here, and
 * `maxCount` counts the events kept.
 */
export async function* readStreamEvents(
  client: EventStoreDBClient,
  streamName: string,
  options: ReadStreamOptions = {},
): AsyncGenerator<RecordedEvent> {
  const backwards = options.direction === 'backwards';
  const fromRevision = toReadRevision(options.fromRevision, backwards);
  const types = options.types === undefined ? undefined : new Set(options.types);
  const read = client.readStream(streamName, {
    direction: backwards ? BACKWARDS : FORWARDS,
    fromRevision,
    ...(options.maxCount === undefined || types !== undefined
      ? {}
      : { maxCount: options.maxCount }),
  });
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  try {
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (event === undefined || (types !== undefined && !types.has(event.type))) continue;
      if (remaining <= 0) return;
      remaining -= 1;
      yield event;
    }
  } catch (error) {
    throw mapEventStoreDbError(error, { streamName });
  } finally {
    await read.cancel();
  }
}

function toReadRevision(from: ReadStreamOptions['fromRevision'], backwards: boolean): ReadRevision {
  if (from === undefined) return backwards ? END : START;
  if (from === 'start') return START;
  if (from === 'end') return END;
  return BigInt(from);
}
