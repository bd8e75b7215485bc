import { actualRevision } from '../actual-revision';
import { decideAppend } from '../decide-append';
import { StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import type { AppendResult, ExpectedRevision } from '../event-store';
import type { SerializedEvent } from '../serialize-append';
import type { StoredEventLookup } from '../stream-write-state';
import type { SqliteStatements } from './prepare-statements';
import { readWriteState } from './read-write-state';
import { writeMetadataRecord } from './write-metadata-record';

/** The result of an append, and whether it wrote anything (an idempotent retry does not). */
export interface AppendOutcome {
  result: AppendResult;
  written: boolean;
}

/**
 * Decides and performs one append. Must run inside an immediate transaction: the state it reads
 * is then the state it writes on, whichever process writes next.
 */
export function appendEvents(
  statements: SqliteStatements,
  streamName: string,
  events: readonly SerializedEvent[],
  expectedRevision: ExpectedRevision,
  createdAt: string,
): AppendOutcome {
  const { state, metadata, metadataRevision } = readWriteState(statements, streamName);
  const decision = decideAppend(
    expectedRevision,
    state,
    events.map((event) => event.id),
    lookupIn(statements, streamName),
  );
  switch (decision.kind) {
    case 'idempotent':
      return {
        written: false,
        result: { nextExpectedRevision: decision.lastRevision, position: decision.position },
      };
    case 'wrongExpectedRevision':
      throw new WrongExpectedRevisionError(streamName, expectedRevision, actualRevision(state));
    case 'streamDeleted':
      throw new StreamDeletedError(streamName, decision.softDeleted);
    case 'write': {
      if (decision.undelete) {
        const truncateBefore = state.lastRevision + 1;
        const undeleted = { ...metadata, truncateBefore };
        writeMetadataRecord(statements, streamName, undeleted, metadataRevision + 1, createdAt);
      }
      let revision = state.lastRevision;
      let position = 0;
      for (const event of events) {
        revision += 1;
        const { lastInsertRowid } = statements.insert.run(
          streamName,
          revision,
          event.id,
          event.type,
          event.data,
          event.metadata,
          createdAt,
        );
        position = Number(lastInsertRowid);
      }
      return { written: true, result: { nextExpectedRevision: revision, position } };
    }
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}

function lookupIn(statements: SqliteStatements, streamName: string): StoredEventLookup {
  return {
    eventAt: (revision) => statements.eventAt.get(streamName, revision),
    findById: (id) => statements.findById.get(id, streamName),
  };
}
