import type { EventStoreDBClient } from '@eventstore/db-client';
import {
  StreamDeletedError,
  WrongExpectedRevisionError,
  type EraseStreamResult,
} from '@agent-ledger/event-store';
import { deleteStream } from './delete-stream';
import { readStreamRevision } from './read-stream-revision';
import { streamMetadataFromClient } from './stream-metadata-from-client';
import { toClientStreamMetadata } from './to-client-stream-metadata';

/** Times an erasure deletes again when an append moved the stream between its read and its delete. */
const ATTEMPTS = 5;

/**
 * Erasure on EventStoreDB: a soft delete at exactly the stream's current revision (an append that
 * slips in between fails the delete, which is then tried again on the new revision), so the
 * stream reads as not found and can be started again. EventStoreDB keeps the bytes until a
 * scavenge (and in archived chunks for good): `physical: false`, and the content must be
 * unreadable by other means (the application's crypto-shredding). A missing, soft-deleted or
 * tombstoned stream has nothing left to erase.
 */
export async function eraseStream(
  client: EventStoreDBClient,
  streamName: string,
): Promise<EraseStreamResult> {
  for (let attempt = 1; ; attempt += 1) {
    let current: number | undefined;
    try {
      current = await readStreamRevision(client, streamName);
    } catch (error) {
      if (error instanceof StreamDeletedError) return { erasedEvents: 0, physical: false };
      throw error;
    }
    if (current === undefined) return { erasedEvents: 0, physical: false };
    const { metadata } = await client.getStreamMetadata(streamName);
    const truncateBefore = streamMetadataFromClient(metadata).truncateBefore ?? 0;
    try {
      // Counted first: a soft delete keeps the other metadata, and metadata set on a deleted
      // stream would bring it back.
      await countErasure(client, streamName);
      await deleteStream(client, streamName, { expectedRevision: current }, false);
      return { erasedEvents: Math.max(0, current + 1 - truncateBefore), physical: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Counts the erasure in the stream's metadata (`customMetadata.erasures`), which the soft delete
 * then keeps: the events of the stream's next life get ids of their own (`sessionIncarnation`),
 * which EventStoreDB, still holding the erased events, will not take for retries of them.
 */
async function countErasure(client: EventStoreDBClient, streamName: string): Promise<void> {
  const { metadata } = await client.getStreamMetadata(streamName);
  const current = streamMetadataFromClient(metadata);
  const erasures = current.customMetadata?.['erasures'];
  const next = (typeof erasures === 'number' ? erasures : 0) + 1;
  await client.setStreamMetadata(
    streamName,
    toClientStreamMetadata({
      ...current,
      customMetadata: { ...current.customMetadata, erasures: next },
    }),
  );
}
