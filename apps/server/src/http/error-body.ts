/**
 * The JSON body of every error response. `code` is stable (clients branch on it); `message` says
 * what was wrong, where, and what would be accepted. The other fields appear where they apply.
 */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  /** 400: every complaint, each naming its field. */
  errors?: string[];
  /** 422: the offending message (or, for a pruning, the message named). */
  messageId?: string;
  /** 422: the offending field, relative to the message or the request body. */
  field?: string;
  /** 409: the revision the request expected (-1: no stream). */
  expectedRevision?: number | string;
  /** 409: the stream's actual revision (-1: no stream). */
  actualRevision?: number;
  /** 409 `PositionNotReached`: the requested position, and the log's last (`null`: empty). */
  minPosition?: number;
  headPosition?: number | null;
  /** 413: the size of the append, in bytes. */
  size?: number;
  /** 413: the limit, in bytes (messages for `TooManyMessages`); 429: requests per window. */
  limit?: number;
  /** 503 `ErasureIncomplete`: the erasure that is journaled and will be finished. */
  erasureId?: string;
  /** 429, 507: seconds to wait before retrying (also in the `Retry-After` header). */
  retryAfterSeconds?: number;
  /** While tracing is on: the request's trace id (W3C, 32 hex digits), as in its log lines. */
  traceId?: string;
}
