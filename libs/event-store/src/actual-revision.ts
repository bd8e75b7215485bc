import type { StreamWriteState } from './stream-write-state';

/** The actual revision a `WrongExpectedRevisionError` reports for a stream in `state`. */
export function actualRevision(state: StreamWriteState): number | 'no_stream' {
  return state.lastRevision < 0 ? 'no_stream' : state.lastRevision;
}
