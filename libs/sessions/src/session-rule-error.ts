/**
 * Stable codes of the rules a session command can break. `SessionNotFound` means the command
 * needs an existing session; every other code is a broken rule of the session's history.
 */
export type SessionRuleCode =
  | 'SessionNotFound'
  | 'SessionAlreadyEnded'
  | 'SessionIdMismatch'
  | 'DuplicateMessageId'
  | 'DuplicateToolCallId'
  | 'UnknownToolCall'
  | 'ToolCallAlreadyAnswered'
  | 'DuplicateApprovalId'
  | 'UnknownApprovalRequest'
  | 'ApprovalAlreadyAnswered'
  | 'UnknownCompactBoundary'
  | 'UnknownRetainedMessage'
  | 'BoundaryAlreadySummarized'
  | 'SummaryDoesNotNameBoundary'
  | 'UnknownMessage'
  | 'NotAToolResult'
  | 'GenerationConflict'
  | 'ModelCallConflict'
  | 'RevisionRewound'
  | 'SubjectMismatch';

/** Where in the command the broken rule is. */
export interface SessionRuleLocation {
  /** Id of the offending message (or, for a pruning, of the message named). */
  messageId?: string;
  /** Path of the offending field, relative to the message (`content[0].toolCallId`) or the command (`messageIds[2]`). */
  field?: string;
}

/**
 * A command broke a rule of the session: nothing was decided, nothing is appended. The message
 * says what was wrong, where, and what would be accepted.
 */
export class SessionRuleError extends Error {
  override readonly name = 'SessionRuleError';
  readonly messageId: string | undefined;
  readonly field: string | undefined;

  constructor(
    readonly code: SessionRuleCode,
    message: string,
    location: SessionRuleLocation = {},
  ) {
    super(message);
    this.messageId = location.messageId;
    this.field = location.field;
  }
}
