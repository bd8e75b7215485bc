import { randomUUID } from 'node:crypto';
import type { StreamMetadata } from '../event-store';
import { encodeStreamMetadata } from '../stream-metadata-codec';
import type { SqliteStatements } from './prepare-statements';
import { METADATA_TYPE, metadataStreamName } from './schema';

/**
 * Writes a `$metadata` record at `revision` of the stream's metadata stream and returns its
 * position. The caller has checked the expected revision, inside the same transaction.
 */
export function writeMetadataRecord(
  statements: SqliteStatements,
  streamName: string,
  metadata: StreamMetadata,
  revision: number,
  createdAt: string,
): number {
  const { lastInsertRowid } = statements.insert.run(
    metadataStreamName(streamName),
    revision,
    randomUUID(),
    METADATA_TYPE,
    JSON.stringify(encodeStreamMetadata(metadata)),
    '{}',
    createdAt,
  );
  return Number(lastInsertRowid);
}
