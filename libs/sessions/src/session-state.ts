/** What the decider remembers of one tool result: enough to apply a pruning policy. */
export interface ToolResultFacts {
  /** Characters of its output, as `toolResultLength` counts them. */
  length: number;
  /** How many `user_input` messages came before it: the user turn it belongs to (0 before any). */
  userTurn: number;
  /** True once a `ToolResultsPruned` event named it. */
  pruned: boolean;
}

/**
 * What the decider needs to know of a session to check a command: ids and counters, never the
 * messages themselves, so that holding the state of a 20,000-message session stays cheap.
 *
 * The state is a mutable accumulator owned by whoever folds events into it (a test, the server's
 * cache): `evolveSession` updates it in place, so applying one more event costs O(1) however long
 * the session is. `decideSession` only reads it.
 */
export interface SessionState {
  /** `new` until the first event, `ended` after `SessionEnded`. */
  status: 'new' | 'active' | 'ended';
  /** The data subject named by `SessionStarted` (`undefined`: none). */
  subjectId: string | undefined;
  /** A fingerprint of every recorded message (all fields but `createdAt`), by message id. */
  messageFingerprints: Map<string, string>;
  /** `toolCallId`s of every recorded `tool-call` part. */
  toolCallIds: Set<string>;
  /** `toolCallId`s that a `tool-result` part already answered. */
  answeredToolCallIds: Set<string>;
  /** `approvalId`s of every recorded `tool-approval-request` part. */
  approvalIds: Set<string>;
  /** `approvalId`s that a `tool-approval-response` part already answered. */
  answeredApprovalIds: Set<string>;
  /** Ids of `compact_boundary` messages. */
  boundaryIds: Set<string>;
  /** Ids of boundaries that a `compact_summary` already names. */
  summarizedBoundaryIds: Set<string>;
  /** Every `tool_result` message, by id, in recording order. */
  toolResults: Map<string, ToolResultFacts>;
  /** Number of `user_input` messages recorded. */
  userTurns: number;
  /** A fingerprint of every recorded model call (all its facts but `recordedAt` and `messageIds`), by `callId`. */
  modelCalls: Map<string, string>;
  /**
   * Per generation, how many of its response messages its recorded calls carried (the most of
   * any): the next call of the generation owns the messages from that index on.
   */
  generationResponseCounts: Map<string, number>;
  /**
   * `fromRevision` of the latest `SessionRewound` on the session's current line (undefined: none).
   * Events decided after a rewind have ids of their own (`sessionEventId`), so that a message
   * id the rewind undid may be recorded again.
   */
  lineEpoch?: number | undefined;
}
