import type {
  FilePart,
  ImagePart,
  JsonValue,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
} from './content-parts';

/** Roles, aligned with the outside ecosystem (the AI SDK, providers). */
export type RuntimeMessageRole = 'system' | 'user' | 'assistant' | 'tool';

/** The runtime's own meaning of a message; projections, compaction and resume depend on it. */
export type RuntimeMessageKind =
  | 'system_note'
  | 'user_input'
  | 'assistant_text'
  | 'assistant_reasoning'
  | 'tool_call'
  | 'tool_result'
  | 'tool_approval_request'
  | 'tool_approval_response'
  | 'compact_boundary'
  | 'compact_summary'
  | 'runtime_reminder'
  | 'handoff_summary'
  | 'agent_switch_note';

/** Runtime-only metadata, exactly the seed's fields. None of it is sent to a model. */
export interface RuntimeMessageMetadata {
  agentName?: string;
  effectiveAgentName?: string;
  synthetic?: boolean;
  visibleInTranscript?: boolean;
  eligibleForModelContext?: boolean;
  /** Set when the message (a tool result) was pruned: the model sees a stub from then on. */
  compactedAt?: string;
  compactBoundaryId?: string;
  summaryForBoundaryId?: string;
  /**
   * A verbatim copy of this earlier message of the session, recorded again after a provider's
   * compaction artifact that keeps it (OpenAI's compaction replaces the history with the item and
   * the items it retains): the artifact's family is sent the copy, any other provider the
   * original, once.
   */
  repeatsMessageId?: string;
  source?: 'user' | 'runtime' | 'hook' | 'tool' | 'system';
  tags?: string[];
  extra?: Record<string, JsonValue>;
}

/** Fields every runtime message has, as the seed defines them. */
export interface RuntimeMessageBase {
  id: string;
  sessionId: string;
  runId?: string;
  role: RuntimeMessageRole;
  kind: RuntimeMessageKind;
  /** ISO-8601 timestamp. */
  createdAt: string;
  metadata?: RuntimeMessageMetadata;
}

/** What a compaction boundary records: why it happened and what it replaced. */
export interface CompactBoundaryContent {
  type: 'compact-boundary';
  trigger: 'auto' | 'manual';
  /** Estimated tokens of the context before compaction, when the runtime knows it. */
  tokensBefore?: number;
  /** Free text: why the runtime compacted. */
  reason?: string;
  /**
   * Recent turns kept verbatim: the model context after this boundary holds the messages from
   * this earlier message on (after the summary), not only those recorded after the boundary.
   * The summary then covers what came before it.
   */
  retainFromMessageId?: string;
}

/** Who handed the conversation to whom. */
export interface AgentSwitchContent {
  type: 'agent-switch';
  fromAgent: string;
  toAgent: string;
  reason?: string;
}

type Message<K extends RuntimeMessageKind, R extends RuntimeMessageRole, C> = RuntimeMessageBase & {
  kind: K;
  role: R;
  content: C;
};

/** Instructions or facts from the runtime (workspace root, environment, policies). */
export type SystemNoteMessage = Message<'system_note', 'system', string>;
/** What the user typed or attached. */
export type UserInputMessage = Message<
  'user_input',
  'user',
  string | Array<TextPart | ImagePart | FilePart>
>;
/** Visible assistant output. */
export type AssistantTextMessage = Message<
  'assistant_text',
  'assistant',
  string | Array<TextPart | FilePart>
>;
/** Assistant reasoning ("thinking"). */
export type AssistantReasoningMessage = Message<
  'assistant_reasoning',
  'assistant',
  string | ReasoningPart[]
>;
/** One or more tool calls of one assistant step; never empty. */
export type ToolCallMessage = Message<'tool_call', 'assistant', ToolCallPart[]>;
/** One or more tool results; never empty. */
export type ToolResultMessage = Message<'tool_result', 'tool', ToolResultPart[]>;
/** Approval requests for tool calls; never empty. */
export type ToolApprovalRequestMessage = Message<
  'tool_approval_request',
  'assistant',
  ToolApprovalRequestPart[]
>;
/** Answers to approval requests; never empty. */
export type ToolApprovalResponseMessage = Message<
  'tool_approval_response',
  'tool',
  ToolApprovalResponsePart[]
>;
/** Marks where the model's context was compacted. Never sent to the model itself. */
export type CompactBoundaryMessage = Message<'compact_boundary', 'system', CompactBoundaryContent>;
/** Summary of the history before a boundary; `metadata.summaryForBoundaryId` names the boundary. */
export type CompactSummaryMessage = Message<'compact_summary', 'user', string>;
/** A reminder the runtime injects for the model (hook output, todo state, mode changes). */
export type RuntimeReminderMessage = Message<'runtime_reminder', 'system', string>;
/** What the previous agent hands to the next one. */
export type HandoffSummaryMessage = Message<'handoff_summary', 'user', string>;
/** Records that another agent took over; for people, not the model. */
export type AgentSwitchNoteMessage = Message<'agent_switch_note', 'system', AgentSwitchContent>;

/** A persisted fact of a session: the base layer every view is derived from. */
export type RuntimeMessage =
  | SystemNoteMessage
  | UserInputMessage
  | AssistantTextMessage
  | AssistantReasoningMessage
  | ToolCallMessage
  | ToolResultMessage
  | ToolApprovalRequestMessage
  | ToolApprovalResponseMessage
  | CompactBoundaryMessage
  | CompactSummaryMessage
  | RuntimeReminderMessage
  | HandoffSummaryMessage
  | AgentSwitchNoteMessage;

/** The runtime message of a given kind. */
export type RuntimeMessageOfKind<K extends RuntimeMessageKind> = Extract<
  RuntimeMessage,
  { kind: K }
>;

/** Re-exported so callers can type `input`/`value` fields without another import. */
export type { JsonValue };
