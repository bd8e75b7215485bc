import {
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  UnavailableError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendTooLargeError,
  StoreUnavailableError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
} from '@agent-ledger/event-store';

/** What the adapter knows about the operation that failed. */
export interface ErrorContext {
  streamName: string;
  /** What the caller expected; reported as is rather than the server's legacy number. */
  expectedRevision?: ExpectedRevision;
  /** Size of the append in EventStoreDB's measure, for {@link AppendTooLargeError}. */
  appendSize?: number;
}

/**
 * Maps the client's errors onto the port's: wrong expected version, stream not found, stream
 * deleted (tombstoned), maximum append size exceeded, and the server being unreachable (down, no
 * leader, deadline exceeded) as {@link StoreUnavailableError}. Any other error (access denied…)
 * is returned unchanged, so the caller sees what really happened.
 */
export function mapEventStoreDbError(error: unknown, context: ErrorContext): unknown {
  const { streamName } = context;
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion;
    return new WrongExpectedRevisionError(
      streamName,
      context.expectedRevision ?? 'any',
      actual === 'no_stream' || actual < 0n ? 'no_stream' : Number(actual),
    );
  }
  if (error instanceof EsdbStreamNotFoundError) return new StreamNotFoundError(streamName);
  if (error instanceof EsdbStreamDeletedError) return new StreamDeletedError(streamName);
  if (error instanceof MaxAppendSizeExceededError) {
    return new AppendTooLargeError(streamName, context.appendSize ?? 0, error.maxAppendSize);
  }
  if (
    error instanceof UnavailableError ||
    error instanceof NotLeaderError ||
    error instanceof DeadlineExceededError
  ) {
    return new StoreUnavailableError(error.message);
  }
  return error;
}
