import type { EventStoreDBClient } from '@eventstore/db-client';
import { StreamNotFoundError } from '@agent-ledger/event-store';
import { readStreamEvents } from './read-stream-events';

/**
 * The revision of a stream's last event, or `undefined` when the stream does not exist or was
 * soft-deleted: a backwards read of one event from the end. Tombstoned streams throw
 * `StreamDeleted`.
 */
export async function readStreamRevision(
  client: EventStoreDBClient,
  streamName: string,
): Promise<number | undefined> {
  try {
    for await (const event of readStreamEvents(client, streamName, {
      direction: 'backwards',
      fromRevision: 'end',
      maxCount: 1,
    })) {
      return event.revision;
    }
    return undefined;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
}
