import { SessionReadError } from '@agent-ledger/events';

/** The message is not in the session's transcript. */
export class MessageNotFoundError extends SessionReadError {
  readonly code = 'MessageNotFound';
  constructor(
    readonly sessionId: string,
    readonly messageId: string,
  ) {
    super(
      `Session "${sessionId}" has no transcript entry "${messageId}" (unknown id, or a message hidden from the transcript).`,
    );
  }
}

/** The read models did not reach the requested position in time (read-your-writes). */
export class ReadModelBehindError extends SessionReadError {
  readonly code = 'ReadModelBehind';
  constructor(
    readonly minPosition: number,
    readonly position: number | null,
    readonly waitedMs: number,
  ) {
    super(
      `The read models have not reached position ${minPosition} yet (they are at ${position === null ? 'the start' : `position ${position}`}) after waiting ${waitedMs} ms; retry shortly.`,
    );
  }
}

/**
 * A row of the session's read models does not match its checksum: it was changed after it was
 * written (a bad disk, a stray `UPDATE`). The session's read models are being rebuilt from the
 * log; retry shortly. Never served as if it were right.
 */
export class ReadModelRowDamagedError extends SessionReadError {
  readonly code = 'ReadModelDamaged';
  constructor(
    readonly sessionId: string,
    readonly seq: number,
  ) {
    super(
      `The read models of session "${sessionId}" are damaged (row ${seq} does not match its checksum); they are being rebuilt from the log, retry shortly.`,
    );
  }
}

/**
 * `minPosition` is past the last position of the log: no write has reached it, so waiting could
 * not help (a position from another store, one reset since, or a mistyped one). Answered at once.
 */
export class PositionNotReachedError extends SessionReadError {
  readonly code = 'PositionNotReached';
  constructor(
    readonly minPosition: number,
    readonly headPosition: number | null,
  ) {
    super(
      `minPosition ${minPosition} is past the last position of the event store (${headPosition === null ? 'it holds no event yet' : `position ${headPosition}`}): no write has reached it. Give the position a command of this store answered.`,
    );
  }
}
