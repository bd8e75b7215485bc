import type { ExpectedRevision } from './event-store';
import type { StoredEventLookup, StreamWriteState } from './stream-write-state';

/** What to do with an append, decided before anything is written. */
export type AppendDecision =
  /** Write the events after `lastRevision`; first lift a soft deletion when `undelete`. */
  | { kind: 'write'; undelete: boolean }
  /** The same events were written before: answer with their last revision and position. */
  | { kind: 'idempotent'; lastRevision: number; position: number }
  | { kind: 'wrongExpectedRevision' }
  | { kind: 'streamDeleted'; softDeleted: boolean };

/**
 * EventStoreDB's commit check (`IndexWriter.CheckCommit`), as a pure function.
 *
 * - `any` / `stream_exists`: if the first event id is new to the stream, write; if every id is in
 *   the stream, the append is idempotent; if only the first ones are, it is a bad retry
 *   (partial duplicate) and surfaces as a wrong expected revision.
 * - `no_stream` / exact revision below the current one: the ids must be those at the revisions
 *   right after the expected one, all of them (idempotent) or the first mismatching is a
 *   wrong expected revision; a mismatch after a match is a partial duplicate, also refused.
 *   `no_stream` on a soft-deleted stream recreates it.
 * - equal: write. Above: wrong expected revision.
 */
export function decideAppend(
  expectedRevision: ExpectedRevision,
  state: StreamWriteState,
  eventIds: readonly string[],
  lookup: StoredEventLookup,
): AppendDecision {
  if (state.tombstoned) return { kind: 'streamDeleted', softDeleted: false };
  if (expectedRevision === 'any' || expectedRevision === 'stream_exists') {
    if (expectedRevision === 'stream_exists') {
      if (state.softDeleted) return { kind: 'streamDeleted', softDeleted: true };
      if (state.lastRevision < 0 && !state.hasMetadata) return { kind: 'wrongExpectedRevision' };
    }
    return decideByIds(state, eventIds, lookup);
  }
  const expected = expectedRevision === 'no_stream' ? -1 : checkedRevision(expectedRevision);
  if (expected < state.lastRevision) {
    return decideByRevisions(expectedRevision, expected, state, eventIds, lookup);
  }
  if (expected > state.lastRevision) return { kind: 'wrongExpectedRevision' };
  return { kind: 'write', undelete: state.softDeleted };
}

function decideByIds(
  state: StreamWriteState,
  eventIds: readonly string[],
  lookup: StoredEventLookup,
): AppendDecision {
  let last: AppendDecision | undefined;
  for (const id of eventIds) {
    const stored = lookup.findById(id);
    if (stored === undefined) {
      return last === undefined
        ? { kind: 'write', undelete: state.softDeleted }
        : { kind: 'wrongExpectedRevision' };
    }
    last = { kind: 'idempotent', lastRevision: stored.revision, position: stored.position };
  }
  return last ?? { kind: 'write', undelete: state.softDeleted };
}

function decideByRevisions(
  expectedRevision: ExpectedRevision,
  expected: number,
  state: StreamWriteState,
  eventIds: readonly string[],
  lookup: StoredEventLookup,
): AppendDecision {
  let last: AppendDecision | undefined;
  let revision = expected;
  for (const id of eventIds) {
    revision += 1;
    const stored = lookup.eventAt(revision);
    if (stored?.id === id) {
      last = { kind: 'idempotent', lastRevision: stored.revision, position: stored.position };
      continue;
    }
    if (last !== undefined) return { kind: 'wrongExpectedRevision' };
    if (expectedRevision === 'no_stream' && state.softDeleted)
      return { kind: 'write', undelete: true };
    return { kind: 'wrongExpectedRevision' };
  }
  return last ?? { kind: 'wrongExpectedRevision' };
}

function checkedRevision(revision: number): number {
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new RangeError(
      `expectedRevision ${revision} is not a revision; pass an integer >= 0, 'any', 'no_stream' or 'stream_exists'.`,
    );
  }
  return revision;
}
