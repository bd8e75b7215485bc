import type {
  DeleteResult,
  EventStoreDBClient,
  ExpectedRevision as ClientExpectedRevision,
} from '@eventstore/db-client';
import {
  SOFT_DELETED_TRUNCATE_BEFORE,
  StreamDeletedError,
  WrongExpectedRevisionError,
  type DeleteOptions,
  type ExpectedRevision,
} from '@agent-ledger/event-store';
import { mapEventStoreDbError } from './map-eventstoredb-error';
import { positionFromClient } from './position-from-client';
import { readStreamRevision } from './read-stream-revision';
import { streamMetadataFromClient } from './stream-metadata-from-client';

/**
 * Soft-deletes (`hard: false`) or tombstones (`hard: true`) a stream with an expected revision.
 * The position is that of the deletion record (a `$metadata` event for a soft delete, the
 * `$streamDeleted` record for a tombstone).
 *
 * The 6.2.1 client's delete options have no `stream_exists` (its soft delete would send the word
 * as a revision), so for that case the adapter reads the current revision and deletes at exactly
 * that revision: a concurrent append then fails the delete rather than being deleted with it. A
 * soft-deleted stream is refused with `StreamDeleted`, as EventStoreDB refuses `stream_exists`.
 */
export async function deleteStream(
  client: EventStoreDBClient,
  streamName: string,
  options: DeleteOptions,
  hard: boolean,
): Promise<{ position: number }> {
  const expectedRevision = options.expectedRevision ?? 'any';
  try {
    const expected = await toDeleteExpectedRevision(client, streamName, expectedRevision);
    const result: DeleteResult = hard
      ? await client.tombstoneStream(streamName, { expectedRevision: expected })
      : await client.deleteStream(streamName, { expectedRevision: expected });
    return { position: positionFromClient(result.position, `the delete of "${streamName}"`) };
  } catch (error) {
    throw mapEventStoreDbError(error, { streamName, expectedRevision });
  }
}

async function toDeleteExpectedRevision(
  client: EventStoreDBClient,
  streamName: string,
  expected: ExpectedRevision,
): Promise<ClientExpectedRevision> {
  if (typeof expected === 'number') return BigInt(expected);
  if (expected !== 'stream_exists') return expected;
  const current = await readStreamRevision(client, streamName);
  if (current !== undefined) return BigInt(current);
  const { metadata } = await client.getStreamMetadata(streamName);
  if (streamMetadataFromClient(metadata).truncateBefore === SOFT_DELETED_TRUNCATE_BEFORE) {
    throw new StreamDeletedError(streamName, true);
  }
  throw new WrongExpectedRevisionError(streamName, 'stream_exists', 'no_stream');
}
