import { randomUUID } from 'node:crypto';
import { actualRevision } from '../actual-revision';
import { decideDelete } from '../decide-delete';
import { StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import { SOFT_DELETED_TRUNCATE_BEFORE, type ExpectedRevision } from '../event-store';
import type { SqliteStatements } from './prepare-statements';
import { readWriteState } from './read-write-state';
import { STREAM_DELETED_TYPE, TOMBSTONE_REVISION } from './schema';
import { writeMetadataRecord } from './write-metadata-record';

/**
 * Soft-deletes (a `$metadata` record whose `$tb` is the soft-delete mark, other metadata kept) or
 * tombstones (a `$streamDeleted` record at the tombstone revision) a stream, and returns the
 * record's position. Runs inside an immediate transaction. The events stay in the file: `$all`
 * still yields them, as EventStoreDB does until it scavenges.
 */
export function deleteStreamRecords(
  statements: SqliteStatements,
  streamName: string,
  mode: 'soft' | 'tombstone',
  expectedRevision: ExpectedRevision,
  createdAt: string,
): number {
  const { state, metadata, metadataRevision } = readWriteState(statements, streamName);
  const decision = decideDelete(expectedRevision, state);
  switch (decision.kind) {
    case 'wrongExpectedRevision':
      throw new WrongExpectedRevisionError(streamName, expectedRevision, actualRevision(state));
    case 'streamDeleted':
      throw new StreamDeletedError(streamName, decision.softDeleted);
    case 'delete':
      break;
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
  if (mode === 'soft') {
    const deleted = { ...metadata, truncateBefore: SOFT_DELETED_TRUNCATE_BEFORE };
    return writeMetadataRecord(statements, streamName, deleted, metadataRevision + 1, createdAt);
  }
  const { lastInsertRowid } = statements.insert.run(
    streamName,
    TOMBSTONE_REVISION,
    randomUUID(),
    STREAM_DELETED_TYPE,
    '{}',
    '{}',
    createdAt,
  );
  return Number(lastInsertRowid);
}
