import type { ExpectedRevision } from './event-store';

/** Base of the port's errors: each has a stable `code` a caller can act on. */
export abstract class EventStoreError extends Error {
  abstract readonly code: string;
}

/** The stream was not at the revision the writer expected. Nothing was written. */
export class WrongExpectedRevisionError extends EventStoreError {
  readonly code = 'WrongExpectedRevision';
  constructor(
    readonly streamName: string,
    readonly expectedRevision: ExpectedRevision,
    /** Current revision, or `'no_stream'` when the stream does not exist. */
    readonly actualRevision: number | 'no_stream',
  ) {
    super(
      `Stream "${streamName}" is at revision ${String(actualRevision)}, expected ${String(expectedRevision)}; nothing was appended. Read the stream and retry with its current revision.`,
    );
  }
}

/** The stream never existed, or was deleted. */
export class StreamNotFoundError extends EventStoreError {
  readonly code = 'StreamNotFound';
  constructor(readonly streamName: string) {
    super(`Stream "${streamName}" does not exist.`);
  }
}

/**
 * The stream was tombstoned: it can never be written or read again. EventStoreDB gives the same
 * answer to a `stream_exists` append or delete on a soft-deleted stream (`softDeleted: true`).
 */
export class StreamDeletedError extends EventStoreError {
  readonly code = 'StreamDeleted';
  constructor(
    readonly streamName: string,
    readonly softDeleted = false,
  ) {
    super(
      softDeleted
        ? `Stream "${streamName}" was deleted, so it does not exist for expectedRevision 'stream_exists'; append with 'no_stream' or 'any' to recreate it.`
        : `Stream "${streamName}" was permanently deleted (tombstoned); it can never be read or written again.`,
    );
  }
}

/** An append exceeded the size limit. Nothing was written. */
export class AppendTooLargeError extends EventStoreError {
  readonly code = 'AppendTooLarge';
  constructor(
    readonly streamName: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `Append to "${streamName}" is ${size} bytes, over the limit of ${limit} bytes; nothing was written. Split it into smaller appends.`,
    );
  }
}

/** An event payload did not match its JSON Schema. Nothing of the append was written. */
export class InvalidEventPayloadError extends EventStoreError {
  readonly code = 'InvalidEventPayload';
  constructor(
    readonly streamName: string,
    readonly eventType: string,
    readonly eventId: string,
    readonly complaints: string[],
  ) {
    super(
      `Event ${eventId} (${eventType}) for "${streamName}" does not match its schema: ${complaints.join('; ')}. Nothing was appended.`,
    );
  }
}

/**
 * The store could not be reached or could not answer in time (server down, no leader, deadline
 * exceeded, database locked). Whether the append happened is unknown: retry with the same event
 * ids, which is safe because appends are idempotent by event id.
 */
export class StoreUnavailableError extends EventStoreError {
  readonly code = 'StoreUnavailable';
  constructor(readonly detail: string) {
    super(
      `The event store is unavailable: ${detail}. Retry the same request; appends are idempotent by event id.`,
    );
  }
}
