/** The `code`s the server answers with (docs/http-api.md); a newer server may add more. */
export type LedgerErrorCode =
  | 'InvalidRequest'
  | 'MalformedJson'
  | 'InvalidEventPayload'
  | 'UnsupportedAiSdkPart'
  | 'UnsupportedAiSdkMessage'
  | 'NonJsonValue'
  | 'SessionNotFound'
  | 'MessageNotFound'
  | 'RevisionNotFound'
  | 'NotFound'
  | 'MethodNotAllowed'
  | 'WrongExpectedRevision'
  | 'StreamDeleted'
  | 'AppendTooLarge'
  | 'RequestBodyTooLarge'
  | 'UnsupportedMediaType'
  | 'SessionIdMismatch'
  | 'DuplicateMessageId'
  | 'DuplicateToolCallId'
  | 'UnknownToolCall'
  | 'NotAToolResult'
  | 'GenerationConflict'
  | 'ModelCallConflict'
  | 'SessionAlreadyEnded'
  | 'UnreadableSessionEvent'
  | 'InternalError'
  | 'StoreUnavailable'
  | 'ReadModelBehind'
  | 'PositionNotReached'
  | 'TooManyRequests'
  | 'UnknownBlob'
  | 'InvalidInputBlob'
  | 'BlobNotFound'
  | 'BlobTooLarge'
  | 'BlobDigestMismatch'
  | 'BlobUploadCutOff'
  | 'BlobUnreadable';

/** Every error body: a stable `code`, a message that says what was wrong and what would do. */
export interface ErrorBody {
  statusCode: number;
  code: LedgerErrorCode | (string & {});
  message: string;
  /** `InvalidRequest`: every complaint, each naming its field. */
  errors?: string[];
  messageId?: string;
  field?: string;
  /** 409: the revision the request expected (`-1`: no stream). */
  expectedRevision?: number | string;
  actualRevision?: number;
  /** 409 `PositionNotReached`: the `minPosition` asked for, and the log's last position. */
  minPosition?: number;
  headPosition?: number | null;
  size?: number;
  limit?: number;
}
