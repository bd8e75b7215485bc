import type { DeleteOptions } from './event-store';
import type { StreamWriteState } from './stream-write-state';

/** What to do with a soft delete or tombstone. */
export type DeleteDecision =
  | { kind: 'delete' }
  | { kind: 'wrongExpectedRevision' }
  | { kind: 'streamDeleted'; softDeleted: boolean };

/**
 * EventStoreDB's check of a delete: its commit check with a fresh event id, so never idempotent.
 * `any` deletes even a stream that does not exist; `no_stream` accepts a missing or soft-deleted
 * stream; an exact revision must be the current one.
 */
export function decideDelete(
  expectedRevision: NonNullable<DeleteOptions['expectedRevision']>,
  state: StreamWriteState,
): DeleteDecision {
  if (state.tombstoned) return { kind: 'streamDeleted', softDeleted: false };
  switch (expectedRevision) {
    case 'any':
      return { kind: 'delete' };
    case 'stream_exists':
      if (state.softDeleted) return { kind: 'streamDeleted', softDeleted: true };
      return state.lastRevision < 0 && !state.hasMetadata
        ? { kind: 'wrongExpectedRevision' }
        : { kind: 'delete' };
    case 'no_stream':
      return state.lastRevision < 0 || state.softDeleted
        ? { kind: 'delete' }
        : { kind: 'wrongExpectedRevision' };
    default:
      return expectedRevision === state.lastRevision
        ? { kind: 'delete' }
        : { kind: 'wrongExpectedRevision' };
  }
}
