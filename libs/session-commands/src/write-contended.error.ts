/**
 * A command sent without `expectedRevision` lost the race to other writers (other servers on
 * the store) on every one of its bounded attempts, each decided again on the newer state:
 * nothing of it was written. Not a conflict of the caller's making (it named no revision), so
 * not a 409: the same request, sent again after `retryAfterSeconds`, is decided on the state
 * then (and is idempotent by its message ids).
 */
export class WriteContendedError extends Error {
  readonly code = 'WriteContended';
  readonly retryAfterSeconds = 1;
  constructor(
    readonly sessionId: string,
    readonly attempts: number,
  ) {
    super(
      `Session "${sessionId}" was written by other writers during each of ${attempts} attempts to append after them; nothing of this request was written. Send it again (it is idempotent by message ids).`,
    );
  }
}
