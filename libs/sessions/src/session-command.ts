import type {
  ClaudeCodeEntryBlob,
  ModelCallRecordedEvent,
  OverflowAttempt,
} from '@agent-ledger/events';
import type {
  CompactBoundaryMessage,
  CompactSummaryMessage,
  JsonObject,
  RuntimeMessage,
} from '@agent-ledger/messages';

/** Record a batch of messages (one agent turn), atomically. The first append starts the session. */
export interface AppendMessages {
  type: 'AppendMessages';
  sessionId: string;
  messages: RuntimeMessage[];
  /**
   * The data subject whose content the session holds. Recorded with the session's first append
   * (`SessionStarted.subjectId`); a later command naming another subject is refused
   * (`SubjectMismatch`), the same one or none is fine.
   */
  subjectId?: string;
}

/** Record a compaction: its boundary and the summary naming it, together. */
export interface CompactSession {
  type: 'CompactSession';
  sessionId: string;
  boundary: CompactBoundaryMessage;
  /** Must name `boundary` in `metadata.summaryForBoundaryId`. */
  summary: CompactSummaryMessage;
}

/** Which tool results a pruning selects: named ones, or those a policy picks. */
export type PruneSelection =
  | { messageIds: string[] }
  | {
      /** Tool results older than the last `keepLastUserTurns` user turns and longer than `minChars` characters. */
      policy: { keepLastUserTurns: number; minChars: number };
    };

/** Mark tool results as pruned: the model sees a stub from then on; storage keeps the original. */
export type PruneToolResults = {
  type: 'PruneToolResults';
  sessionId: string;
  /** Recorded in the pruning mark; a default says how the results were selected. */
  reason?: string;
} & PruneSelection;

/**
 * One agent hands the session to another: a `handoff_summary` (what the next agent should know)
 * and an `agent_switch_note`, written together. Their ids come with the command so that a retry
 * produces the same messages (the server derives them from the request).
 */
export interface HandoffSession {
  type: 'HandoffSession';
  sessionId: string;
  fromAgent: string;
  toAgent: string;
  summary: string;
  reason?: string;
  runId?: string;
  summaryMessageId: string;
  switchNoteMessageId: string;
}

/** End the session: later commands that would add to it are refused. */
export interface EndSession {
  type: 'EndSession';
  sessionId: string;
  reason?: string;
}

/** What a model call says of itself: the `ModelCallRecorded` data the command does not derive. */
export type ModelCallFacts = Omit<
  ModelCallRecordedEvent['data'],
  'sessionId' | 'responseMessageCount' | 'messageIds' | 'recordedAt'
>;

/**
 * Record one model call of a generation (a step of an AI SDK `generateText` call) with the
 * response messages of the generation so far, as the AI SDK accumulates them: each message is
 * recorded once, whichever step sends it again. The ids of the runtime messages are positional
 * in the generation (`<generationId>:<k>`), so a message sent again at its index is a retry.
 */
export interface RecordModelCall {
  type: 'RecordModelCall';
  sessionId: string;
  /** As `AppendMessages.subjectId`. */
  subjectId?: string;
  /**
   * The generation's response messages so far, each as the runtime messages it became (none for
   * an empty one), in order: index k is the AI SDK's `response.messages[k]`.
   */
  responseMessages: RuntimeMessage[][];
  call: ModelCallFacts;
}

/**
 * Keep raw transcript entries of a Claude Agent SDK session, verbatim, in append order (the
 * caller leaves out those already kept: the decider does not look inside them). Starts the
 * session when it has no event yet, as its first messages would.
 */
export interface RecordClaudeCodeEntries {
  type: 'RecordClaudeCodeEntries';
  sessionId: string;
  /** As `AppendMessages.subjectId`. */
  subjectId?: string;
  projectKey: string;
  subpath?: string;
  entries: JsonObject[];
  /** The entries' strings already stored as blobs (`ClaudeCodeEntriesRecorded.blobs`). */
  blobs?: ClaudeCodeEntryBlob[];
}

/**
 * Record that a call refused for its context length was recovered: the context shrunk (under a
 * budget, pruned or compacted) and the call retried. No content. `recoveryId` names it: the same
 * id again is a retry and writes nothing.
 */
export interface RecordOverflowRecovery {
  type: 'RecordOverflowRecovery';
  sessionId: string;
  recoveryId: string;
  provider: string;
  call?: 'model' | 'summarization';
  attempts: OverflowAttempt[];
}

/** Every command the session decider takes. */
export type SessionCommand =
  | AppendMessages
  | CompactSession
  | PruneToolResults
  | HandoffSession
  | EndSession
  | RecordModelCall
  | RecordClaudeCodeEntries
  | RecordOverflowRecovery;

/** What a decision may depend on besides the command and the state: the clock, as an argument. */
export interface SessionDecisionContext {
  /** ISO-8601 time of the decision (`SessionStarted.startedAt`, `compactedAt`, hand-off `createdAt`, `recordedAt`). */
  now: string;
}
