import {
  ErasureIncompleteError,
  InvalidInputBlobError,
  UnknownBlobError,
  WriteContendedError,
} from '@agent-ledger/session-commands';
import { SessionReadError } from '@agent-ledger/events';
import { AiSdkConversionError } from '@agent-ledger/ai-sdk';
import {
  AppendTooLargeError,
  InvalidEventPayloadError,
  StoreUnavailableError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@agent-ledger/event-store';
import { SessionRuleError } from '@agent-ledger/sessions';
import {
  BlobDigestMismatchError,
  BlobUploadCutOffError,
  BlobStoreReadOnlyError,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobTooLargeError,
  BlobUnreadableError,
  InvalidBlobHashError,
} from '@agent-ledger/blobs';
import {
  ForkTargetExistsError,
  ForkTooLargeError,
  UnreadableSessionEventError,
} from '@agent-ledger/session-commands';
import { PositionNotReachedError } from '@agent-ledger/read-models';
import {
  HttpEdgeError,
  RateLimitedError,
  TooManyMessagesError,
} from '../security/http-edge-errors';
import type { ErrorBody } from './error-body';
import { RequestValidationError } from './request-validation.error';

/** What Fastify throws for a body it cannot take (too large, not JSON, wrong media type). */
interface FastifyError {
  code: string;
  statusCode: number;
  message: string;
}

/** The body limit of the route a request came to, and the setting that sets it. */
export interface BodyLimit {
  bytes: number;
  setting: 'MAX_BODY_BYTES' | 'MAX_APPEND_BODY_BYTES';
}

/**
 * Maps an error to its HTTP status and body, in one place: 400 malformed request, 404 unknown
 * session, 409 wrong expected revision or a `minPosition` no write has reached, 410 deleted stream, 413 too large, 415 not JSON,
 * 422 a broken session rule or a reference to a blob the tenant does not hold, 503 store unavailable (or an append without `expectedRevision` that
 * lost every race to other writers), 500 anything else (`undefined`: not an error this function knows).
 */
export function toErrorResponse(
  error: unknown,
  options: { bodyLimit: BodyLimit },
): { status: number; body: ErrorBody } | undefined {
  if (error instanceof ForkTargetExistsError) return respond(409, error.code, error.message);
  if (error instanceof ForkTooLargeError) {
    return respond(413, error.code, error.message, { size: error.size, limit: error.limit });
  }
  if (error instanceof SessionRuleError) {
    const status =
      error.code === 'SessionNotFound'
        ? 404
        : error.code === 'RevisionRewound' || error.code === 'SubjectMismatch'
          ? 409
          : 422;
    return respond(status, error.code, error.message, {
      ...(error.messageId !== undefined ? { messageId: error.messageId } : {}),
      ...(error.field !== undefined ? { field: error.field } : {}),
    });
  }
  if (error instanceof UnknownBlobError) {
    return respond(422, error.code, error.message, { messageId: error.messageId });
  }
  if (error instanceof InvalidInputBlobError) {
    return respond(422, error.code, error.message, { messageId: error.messageId });
  }
  if (error instanceof RequestValidationError) {
    return respond(400, error.code, error.message, { errors: error.errors });
  }
  if (error instanceof WrongExpectedRevisionError) {
    return respond(409, error.code, error.message, {
      expectedRevision: error.expectedRevision === 'no_stream' ? -1 : error.expectedRevision,
      actualRevision: error.actualRevision === 'no_stream' ? -1 : error.actualRevision,
    });
  }
  if (error instanceof AppendTooLargeError) {
    return respond(413, error.code, error.message, { size: error.size, limit: error.limit });
  }
  if (error instanceof InvalidEventPayloadError) {
    return respond(400, error.code, error.message, { errors: error.complaints });
  }
  if (error instanceof PositionNotReachedError) {
    return respond(409, error.code, error.message, {
      minPosition: error.minPosition,
      headPosition: error.headPosition,
    });
  }
  if (error instanceof SessionReadError) {
    // 503: the read models are behind `minPosition`, or a damaged session's are being rebuilt;
    // the others are unknown sessions, messages, revisions.
    const retry = error.code === 'ReadModelBehind' || error.code === 'ReadModelDamaged';
    return respond(retry ? 503 : 404, error.code, error.message);
  }
  if (error instanceof StreamDeletedError) return respond(410, error.code, error.message);
  if (error instanceof StreamNotFoundError) return respond(404, error.code, error.message);
  if (error instanceof StoreUnavailableError) return respond(503, error.code, error.message);
  if (error instanceof WriteContendedError) {
    return respond(503, error.code, error.message, {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (error instanceof ErasureIncompleteError) {
    return respond(503, error.code, error.message, { erasureId: error.erasureId });
  }
  if (error instanceof TooManyMessagesError) {
    return respond(error.status, error.code, error.message, {
      size: error.size,
      limit: error.limit,
    });
  }
  if (error instanceof RateLimitedError) {
    return respond(error.status, error.code, error.message, {
      limit: error.limit,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (error instanceof HttpEdgeError) return respond(error.status, error.code, error.message);
  if (error instanceof BlobNotFoundError) return respond(404, error.code, error.message);
  if (error instanceof BlobTooLargeError) {
    return respond(413, error.code, error.message, { limit: error.limit });
  }
  if (error instanceof BlobDigestMismatchError) return respond(422, error.code, error.message);
  if (error instanceof BlobStoreReadOnlyError) return respond(507, error.code, error.message);
  if (error instanceof BlobUploadCutOffError) return respond(409, error.code, error.message);
  if (error instanceof BlobRangeNotSatisfiableError) {
    return respond(416, error.code, error.message, { size: error.size });
  }
  if (error instanceof InvalidBlobHashError) return respond(400, error.code, error.message);
  if (error instanceof BlobUnreadableError) return respond(500, error.code, error.message);
  if (isStorageFull(error)) {
    return respond(
      507,
      'StorageFull',
      'The disk holding the data is full; nothing was written. Free space (or grow the volume) and retry: every acknowledged write is kept.',
      { retryAfterSeconds: STORAGE_FULL_RETRY_SECONDS },
    );
  }
  if (error instanceof AiSdkConversionError) return respond(400, error.code, error.message);
  if (error instanceof UnreadableSessionEventError) return respond(500, error.code, error.message);
  if (isFastifyError(error)) return fastifyErrorResponse(error, options.bodyLimit);
  return undefined;
}

function fastifyErrorResponse(
  error: FastifyError,
  bodyLimit: BodyLimit,
): { status: number; body: ErrorBody } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return respond(
        413,
        'RequestBodyTooLarge',
        bodyLimit.setting === 'MAX_APPEND_BODY_BYTES'
          ? `The request body is over the append's limit of ${bodyLimit.bytes} bytes (MAX_APPEND_BODY_BYTES); nothing was appended. Upload larger outputs first (PUT /v1/sessions/:sessionId/blobs) and refer to them by sha256.`
          : `The request body is over the server's limit of ${bodyLimit.bytes} bytes (MAX_BODY_BYTES); nothing was appended. An append holds at most 1 MiB of events: split the batch.`,
        { limit: bodyLimit.bytes },
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return respond(
        415,
        'UnsupportedMediaType',
        `${error.message}. Send the body as JSON with "Content-Type: application/json".`,
      );
    default:
      if (error.statusCode === 400) {
        return respond(
          400,
          'MalformedJson',
          `The request body is not valid JSON: ${error.message}.`,
        );
      }
      return respond(error.statusCode, error.code, error.message);
  }
}

/** How long a client is asked to wait after a full disk before retrying. */
export const STORAGE_FULL_RETRY_SECONDS = 30;

/**
 * SQLite's SQLITE_FULL, or the operating system's ENOSPC, on the error or anything it wraps (read
 * by shape: better-sqlite3's errors may come from another JavaScript realm).
 */
function isStorageFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true;
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && /database or disk is full/i.test(message)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('FST_') &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
  );
}

function respond(
  status: number,
  code: string,
  message: string,
  extra: Omit<ErrorBody, 'statusCode' | 'code' | 'message'> = {},
): { status: number; body: ErrorBody } {
  return { status, body: { statusCode: status, code, message, ...extra } };
}
