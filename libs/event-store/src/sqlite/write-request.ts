import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision, StreamMetadata } from '../event-store';
import type { SerializedEvent } from '../serialize-append';
import { appendEvents } from './append-events';
import { deleteStreamRecords } from './delete-stream-records';
import { eraseStreamRecords } from './erase-stream-records';
import type { WriteOutcome } from './group-commit';
import { prepareStatements } from './prepare-statements';
import { setMetadataRecords } from './set-metadata-records';

/**
 * One write of the store, as data: what the writer (this thread's connection, or the write
 * worker's) runs in its savepoint of the next group commit. `createdAt` is taken when the write
 * is asked for.
 */
export type WriteRequest =
  | {
      kind: 'append';
      streamName: string;
      events: SerializedEvent[];
      expectedRevision: ExpectedRevision;
      createdAt: string;
    }
  | {
      kind: 'metadata';
      streamName: string;
      metadata: StreamMetadata;
      expectedRevision: ExpectedRevision;
      createdAt: string;
    }
  | {
      kind: 'delete';
      streamName: string;
      mode: 'soft' | 'tombstone';
      expectedRevision: ExpectedRevision;
      createdAt: string;
    }
  | { kind: 'erase'; streamName: string };

/** What each kind of write answers. */
export type WriteResult = AppendResult | { position: number } | { erasedEvents: number };

/** Runs write requests on one connection, each as a nested transaction (a savepoint). */
export type WriteRunner = (request: WriteRequest) => WriteOutcome<WriteResult>;

/** The write runner of `db`: its statements and transaction functions, prepared once. */
export function prepareWriteRunner(db: Database.Database): WriteRunner {
  const statements = prepareStatements(db);
  const append = db.transaction(appendEvents);
  const setMetadata = db.transaction(setMetadataRecords);
  const deleteStream = db.transaction(deleteStreamRecords);
  const eraseStream = db.transaction(eraseStreamRecords);
  return (request) => {
    switch (request.kind) {
      case 'append':
        return append(
          statements,
          request.streamName,
          request.events,
          request.expectedRevision,
          request.createdAt,
        );
      case 'metadata':
        // Not `written`: a metadata record is no user event, subscriptions have nothing to read.
        return {
          result: setMetadata(
            statements,
            request.streamName,
            request.metadata,
            request.expectedRevision,
            request.createdAt,
          ).result,
          written: false,
        };
      case 'delete':
        return {
          result: {
            position: deleteStream(
              statements,
              request.streamName,
              request.mode,
              request.expectedRevision,
              request.createdAt,
            ),
          },
          written: false,
        };
      case 'erase':
        // Not `written`: nothing was added for subscriptions to read.
        return {
          result: { erasedEvents: eraseStream(statements, request.streamName) },
          written: false,
        };
      default: {
        const unreachable: never = request;
        return unreachable;
      }
    }
  };
}
