/** A fork's new session id is taken by a session that is not this very fork (another source or revision, or a session of its own). */
export class ForkTargetExistsError extends Error {
  readonly code = 'SessionExists';
  constructor(
    readonly sessionId: string,
    readonly sourceSessionId: string,
  ) {
    super(
      `Session "${sessionId}" already exists and is not a fork of "${sourceSessionId}" at that revision; a fork starts a new session: choose another sessionId.`,
    );
  }
}

/** The events a fork would carry are over one append's size limit: nothing was written. */
export class ForkTooLargeError extends Error {
  readonly code = 'ForkTooLarge';
  constructor(
    readonly sessionId: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `Forking into "${sessionId}" would carry ${size} bytes of events in one append, over the store's limit of ${limit} bytes; nothing was written. Fork at a revision after a compaction (a compact boundary shortens what the model context needs).`,
    );
  }
}
