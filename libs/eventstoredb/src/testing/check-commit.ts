import type { ExpectedVersion } from './log-record';

/** What the commit check needs to know about the target stream. */
export interface StreamFacts {
  streamName: string;
  /** Last revision written, -1 when the stream has no events. */
  lastRevision: number;
  tombstoned: boolean;
  /** Its metadata has `$tb` = `long.MaxValue`, EventStoreDB's soft-delete mark. */
  softDeleted: boolean;
  metastreamExists: boolean;
  /** The id of the event at a revision of this stream. */
  eventIdAt(revision: number): string | undefined;
  /** Where an event id was committed, if it was. */
  committed(eventId: string): { streamName: string; revision: number } | undefined;
}

/** The outcome of checking an append (or a delete, with no event ids) against a stream. */
export type CommitDecision =
  | { kind: 'ok'; softUndelete: boolean }
  | { kind: 'idempotent'; lastRevision: number }
  | { kind: 'wrongExpectedVersion'; currentRevision: number }
  | { kind: 'deleted' };

const NO_STREAM = -1;

/**
 * EventStoreDB's `IndexWriter.CheckCommit`, decision for decision: expected-version checks, the
 * idempotency rules (a retry of events already written at the expected place succeeds without
 * writing; a partial match is a wrong expected version), and soft-deleted streams that may be
 * recreated with `no_stream`, `any` or their last revision.
 *
 * One difference: for `any`/`stream_exists` the server remembers recent event ids in a bounded
 * cache, so idempotence there is best effort; the emulator remembers every id.
 */
export function checkCommit(
  stream: StreamFacts,
  expected: ExpectedVersion,
  eventIds: readonly string[],
): CommitDecision {
  const current = stream.lastRevision;
  const wrong: CommitDecision = { kind: 'wrongExpectedVersion', currentRevision: current };
  if (stream.tombstoned) return { kind: 'deleted' };
  if (expected.kind === 'streamExists') {
    if (stream.softDeleted) return { kind: 'deleted' };
    if (current < 0 && !stream.metastreamExists) return wrong;
  }
  if (expected.kind === 'any' || expected.kind === 'streamExists') {
    return checkIdempotentAnywhere(stream, eventIds);
  }
  const expectedRevision = expected.kind === 'noStream' ? NO_STREAM : expected.revision;
  if (expectedRevision < current) {
    return checkIdempotentAfter(stream, expectedRevision, eventIds);
  }
  if (expectedRevision > current) return wrong;
  return { kind: 'ok', softUndelete: stream.softDeleted };
}

function checkIdempotentAnywhere(stream: StreamFacts, eventIds: readonly string[]): CommitDecision {
  let lastRevision: number | undefined;
  for (const eventId of eventIds) {
    const committed = stream.committed(eventId);
    if (committed === undefined || committed.streamName !== stream.streamName) {
      return lastRevision === undefined
        ? { kind: 'ok', softUndelete: stream.softDeleted }
        : { kind: 'wrongExpectedVersion', currentRevision: stream.lastRevision };
    }
    lastRevision = committed.revision;
  }
  return lastRevision === undefined
    ? { kind: 'ok', softUndelete: stream.softDeleted }
    : { kind: 'idempotent', lastRevision };
}

function checkIdempotentAfter(
  stream: StreamFacts,
  expectedRevision: number,
  eventIds: readonly string[],
): CommitDecision {
  const wrong: CommitDecision = {
    kind: 'wrongExpectedVersion',
    currentRevision: stream.lastRevision,
  };
  let revision = expectedRevision;
  for (const eventId of eventIds) {
    revision += 1;
    if (stream.eventIdAt(revision) === eventId) continue;
    const first = revision === expectedRevision + 1;
    if (!first) return wrong;
    if (expectedRevision === NO_STREAM && stream.softDeleted) {
      return { kind: 'ok', softUndelete: true };
    }
    return wrong;
  }
  if (revision === expectedRevision) return wrong;
  return { kind: 'idempotent', lastRevision: revision };
}
