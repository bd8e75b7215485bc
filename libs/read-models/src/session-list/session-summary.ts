import type { RuntimeMessageKind } from '@agent-ledger/messages';

/** A row of the session list read model. */
export interface SessionSummary {
  sessionId: string;
  /**
   * Agents that took part, in order of first appearance: the agent that started the session, the
   * `effectiveAgentName`/`agentName` of messages, and both sides of agent switches.
   */
  agents: string[];
  /** The data subject whose content the session holds (`SessionStarted.subjectId`); absent: none. */
  subjectId?: string;
  /**
   * True once a retention run stripped the session's content (`strip-content`): the session is
   * listed with its structure, and every route that would show content answers 404.
   */
  contentErased?: boolean;
  /** When the store wrote the session's first and latest events (ISO-8601). */
  firstActivityAt: string;
  lastActivityAt: string;
  /** Message events recorded, per kind (kinds never recorded are absent). */
  messageCounts: Partial<Record<RuntimeMessageKind, number>>;
  messageCount: number;
  /** True once a compact boundary was recorded. */
  compacted: boolean;
  compactionCount: number;
  lastCompactBoundaryId?: string;
  /** Pruning marks recorded. */
  pruningCount: number;
  /**
   * Model calls recorded (`ModelCallRecorded`) and the input and output tokens they report in
   * total (a call without a count adds 0); absent until the session's first model call.
   */
  modelCalls?: number;
  inputTokens?: number;
  outputTokens?: number;
  ended: boolean;
  /** For a fork: the session and revision it was forked from (its lineage, one step back). */
  forkedFrom?: { sessionId: string; revision: number };
  /** Rewinds recorded (`SessionRewound`); absent until the session's first. */
  rewindCount?: number;
  /** Revision of the session's latest event (pass it as `expectedRevision` to append after it). */
  revision: number;
  /** Position of the session's latest event in `$all`. */
  position: number;
}
