/** Base of the read side's errors: each has a stable `code` the HTTP layer maps to a status. */
export abstract class ReadModelError extends Error {
  abstract readonly code: string;
}

/** No session with this id: its stream does not exist (or the read models have not seen it). */
export class SessionNotFoundError extends ReadModelError {
  readonly code = 'SessionNotFound';
  constructor(readonly sessionId: string) {
    super(`Session "${sessionId}" does not exist.`);
  }
}

/** The session exists but has no revision this high. */
export class RevisionNotFoundError extends ReadModelError {
  readonly code = 'RevisionNotFound';
  constructor(
    readonly sessionId: string,
    readonly revision: number,
    readonly latestRevision: number,
  ) {
    super(
      `Session "${sessionId}" has no revision ${revision}; its latest revision is ${latestRevision}.`,
    );
  }
}

/** The message is not in the session's transcript. */
export class MessageNotFoundError extends ReadModelError {
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
export class ReadModelBehindError extends ReadModelError {
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

/** The session has fewer model calls (`ModelCallRecorded` events) than the number asked for. */
export class ModelCallNotFoundError extends ReadModelError {
  readonly code = 'ModelCallNotFound';
  constructor(
    readonly sessionId: string,
    readonly callNumber: number,
    readonly calls: number,
  ) {
    super(
      calls === 0
        ? `Session "${sessionId}" has no recorded model call; call=${callNumber} needs one (record steps with POST /v1/sessions/${sessionId}/ai-sdk-steps).`
        : `Session "${sessionId}" has ${calls} recorded model call${calls === 1 ? '' : 's'}; call takes 1 to ${calls}, not ${callNumber}.`,
    );
  }
}
