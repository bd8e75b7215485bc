import { SOFT_DELETED_TRUNCATE_BEFORE, type StreamMetadata } from '../event-store';
import { decodeStreamMetadata } from '../stream-metadata-codec';
import type { StreamWriteState } from '../stream-write-state';
import type { SqliteStatements } from './prepare-statements';
import { TOMBSTONE_REVISION, metadataStreamName } from './schema';

/** A stream's state with its metadata, as read inside (or outside) a write transaction. */
export interface StreamSnapshot {
  state: StreamWriteState;
  metadata: StreamMetadata;
  /** Revision of the metadata stream, `-1` when it has no event. */
  metadataRevision: number;
}

/** Reads what decisions about `streamName` need: two index lookups. */
export function readWriteState(statements: SqliteStatements, streamName: string): StreamSnapshot {
  const last = statements.lastRevision.get(streamName)?.revision ?? -1;
  const metadataRecord = statements.lastRecord.get(metadataStreamName(streamName));
  const metadata =
    metadataRecord === undefined ? {} : decodeStreamMetadata(JSON.parse(metadataRecord.data));
  const tombstoned = last === TOMBSTONE_REVISION;
  return {
    state: {
      lastRevision: tombstoned ? -1 : last,
      tombstoned,
      softDeleted: metadata.truncateBefore === SOFT_DELETED_TRUNCATE_BEFORE,
      hasMetadata: metadataRecord !== undefined,
    },
    metadata,
    metadataRevision: metadataRecord?.revision ?? -1,
  };
}
