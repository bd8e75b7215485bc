/**
 * Base of the errors of reading a session (its read models or its model context): each has a
 * stable `code` the HTTP layer and the CLI map to an answer.
 */
export abstract class SessionReadError extends Error {
  abstract readonly code: string;
}

/** No session with this id: its stream does not exist (or the read models have not seen it). */
export class SessionNotFoundError extends SessionReadError {
  readonly code = 'SessionNotFound';
  constructor(readonly sessionId: string) {
    super(`Session "${sessionId}" does not exist.`);
  }
}

/** The session exists but has no revision this high. */
export class RevisionNotFoundError extends SessionReadError {
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

/** The session has fewer model calls (`ModelCallRecorded` events) than the number asked for. */
export class ModelCallNotFoundError extends SessionReadError {
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
