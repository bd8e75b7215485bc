import type { SqliteStatements } from './prepare-statements';
import { metadataStreamName } from './schema';

/**
 * Deletes every record of a stream (its events and its metadata stream's records; a tombstone
 * stays, so a tombstoned stream stays one) and returns how many were deleted. Runs inside an
 * immediate transaction on a connection with `secure_delete` on, so the freed cells and pages are
 * overwritten with zeros; the store truncates the WAL after the commit (`SqliteEventStore.eraseStream`).
 */
export function eraseStreamRecords(statements: SqliteStatements, streamName: string): number {
  const events = statements.eraseStream.run(streamName).changes;
  const metadata = statements.eraseStream.run(metadataStreamName(streamName)).changes;
  return events + metadata;
}
