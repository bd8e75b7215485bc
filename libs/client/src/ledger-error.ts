import type { ErrorBody, LedgerErrorCode } from './contract/errors';

/**
 * A non-2xx answer of the ledger, carrying its JSON error body: branch on `code` (stable), show
 * `message` (what was wrong, where, what would be accepted).
 */
export class LedgerError extends Error {
  readonly status: number;
  readonly code: LedgerErrorCode | (string & {});
  readonly body: ErrorBody;

  constructor(
    readonly method: string,
    readonly path: string,
    body: ErrorBody,
  ) {
    super(`${method} ${path} answered ${body.statusCode} ${body.code}: ${body.message}`);
    this.name = 'LedgerError';
    this.status = body.statusCode;
    this.code = body.code;
    this.body = body;
  }
}

/** The ledger could not be reached (connection refused, reset, DNS) after every retry. */
export class LedgerConnectionError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      `${method} ${path}: the ledger could not be reached after ${attempts} attempt(s): ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    );
    this.name = 'LedgerConnectionError';
  }
}

/** True when `error` is a `LedgerError`, with that `code` when one is given. */
export function isLedgerError(error: unknown, code?: LedgerErrorCode): error is LedgerError {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}
