import { randomUUID } from 'node:crypto';
import { StreamDeletedError } from '../errors';
import type { ExpectedRevision, StreamMetadata } from '../event-store';
import { encodeStreamMetadata } from '../stream-metadata-codec';
import { appendEvents, type AppendOutcome } from './append-events';
import type { SqliteStatements } from './prepare-statements';
import { readWriteState } from './read-write-state';
import { METADATA_TYPE, metadataStreamName } from './schema';

/**
 * Appends new metadata to the stream's metadata stream, `expectedRevision` applying to that
 * stream. Setting metadata on a soft-deleted stream undeletes it without bringing its old events
 * back: unless the new metadata says otherwise, `truncateBefore` becomes the next revision
 * (EventStoreDB writes a second metadata event for this; here it is folded into one).
 */
export function setMetadataRecords(
  statements: SqliteStatements,
  streamName: string,
  metadata: StreamMetadata,
  expectedRevision: ExpectedRevision,
  createdAt: string,
): AppendOutcome {
  const { state } = readWriteState(statements, streamName);
  if (state.tombstoned) throw new StreamDeletedError(streamName);
  const stored =
    state.softDeleted && metadata.truncateBefore === undefined
      ? { ...metadata, truncateBefore: state.lastRevision + 1 }
      : metadata;
  const record = {
    id: randomUUID(),
    type: METADATA_TYPE,
    data: JSON.stringify(encodeStreamMetadata(stored)),
    metadata: '{}',
  };
  return appendEvents(
    statements,
    metadataStreamName(streamName),
    [record],
    expectedRevision,
    createdAt,
  );
}
