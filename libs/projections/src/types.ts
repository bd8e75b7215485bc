import type {
  FilePart,
  ImagePart,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
} from '@agent-ledger/messages';

/** The five views of the seed. */
export type ProjectionView = 'transcript' | 'model' | 'compact' | 'debug' | 'export';

/** Fields every projected message has (the seed's `ProjectedMessageBase`). */
export interface ProjectedMessageBase {
  view: ProjectionView;
  role: 'system' | 'user' | 'assistant' | 'tool';
  semanticType: string;
  /** Runtime message ids this message was made from (debug look-up, "expand original" in a UI). */
  sourceMessageIds: string[];
  content: unknown;
  metadata?: {
    hiddenFromTranscript?: boolean;
    hiddenFromModel?: boolean;
    truncated?: boolean;
    compacted?: boolean;
    notes?: string[];
  };
}

/** A content part of a model-view message. */
export type ModelMessagePart =
  | TextPart
  | ReasoningPart
  | ImagePart
  | FilePart
  | ToolCallPart
  | ToolResultPart
  | ToolApprovalRequestPart
  | ToolApprovalResponsePart;

/** The semantic types that may reach the model. */
export type ModelSemanticType =
  | 'system_note'
  | 'runtime_reminder'
  | 'user_input'
  | 'assistant_text'
  | 'assistant_reasoning'
  | 'tool_call'
  | 'tool_result'
  | 'compact_summary'
  | 'handoff_summary';

/**
 * A message of the model view: context already selected and trimmed, runtime semantics kept.
 * Not to be confused with the AI SDK's `ModelMessage`, which is what the serializer produces.
 */
export interface ModelMessage extends ProjectedMessageBase {
  view: 'model';
  semanticType: ModelSemanticType;
  content: string | ModelMessagePart[];
}

/** Options of a projection (the seed's `ProjectionContext`). */
export interface ProjectionContext {
  sessionId: string;
  activeAgentName: string;
  modelRef?: string;
  /** Provider id (`anthropic`, `openai`, `google`, …): decides which attachments can be sent. */
  provider?: string;
  includeReasoning?: boolean;
  includeToolResults?: boolean;
  toolResultSoftLimitChars?: number;
  applyCompactBoundary?: boolean;
  injectRuntimeReminder?: boolean;
}

/** What every projection returns (the seed's `ProjectionResult`). */
export interface ProjectionResult<TMessage> {
  messages: TMessage[];
  diagnostics: {
    hiddenMessageIds: string[];
    truncatedMessageIds: string[];
    appliedCompactBoundaryId?: string;
    injectedNotes: string[];
  };
}
