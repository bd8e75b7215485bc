/**
 * Failures found at the HTTP edge, before a request reaches a controller: each has a stable
 * `code` and the HTTP status `toErrorResponse` gives it, and its message says what was wrong and
 * what would be accepted.
 */
export abstract class HttpEdgeError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
}

/** The `Host` header names a host this server does not answer for (DNS rebinding, a stray proxy). */
export class HostNotAllowedError extends HttpEdgeError {
  readonly code = 'HostNotAllowed';
  readonly status = 421;
  constructor(host: string) {
    super(
      `The Host header ${JSON.stringify(host)} is not one this server answers for; call it by a name in ALLOWED_HOSTS (default: localhost, 127.0.0.1, ::1 and HOST) on its own port.`,
    );
  }
}

/** A browser page of another origin called the API, and that origin is not in `ALLOWED_ORIGINS`. */
export class OriginNotAllowedError extends HttpEdgeError {
  readonly code = 'OriginNotAllowed';
  readonly status = 403;
  constructor(origin: string) {
    super(
      `Requests from the origin ${JSON.stringify(origin)} are not allowed; add it to ALLOWED_ORIGINS to let its pages call the API.`,
    );
  }
}

/**
 * The body is not acceptable JSON: bytes that are not UTF-8, nesting too deep, a lone surrogate,
 * a `__proto__` key, a revision past 2^53.
 */
export class UnacceptableJsonError extends HttpEdgeError {
  readonly status = 400;
  constructor(
    readonly code:
      'InvalidUtf8' | 'JsonTooDeep' | 'InvalidText' | 'ForbiddenKey' | 'RevisionOutOfRange',
    message: string,
  ) {
    super(`${message} Nothing was appended.`);
  }
}

/** An append names more messages than `MAX_MESSAGES_PER_APPEND`, found before any is validated. */
export class TooManyMessagesError extends HttpEdgeError {
  readonly code = 'TooManyMessages';
  readonly status = 413;
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `The append holds ${size} messages, over the limit of ${limit} per append (MAX_MESSAGES_PER_APPEND); nothing was appended. Split the batch.`,
    );
  }
}

/** The client made more requests than `RATE_LIMIT_MAX` in the window; `Retry-After` says when to retry. */
export class RateLimitedError extends HttpEdgeError {
  readonly code = 'RateLimited';
  readonly status = 429;
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `This client made more than ${limit} requests in the rate limit's window (RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS); retry in ${retryAfterSeconds} s (Retry-After).`,
    );
  }
}
