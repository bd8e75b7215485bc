import type { BlobExcerpts } from './blob-excerpt';
import type { ProviderCompactionEntry } from './provider-compaction-entry-of';
import type { BlobAttachments } from './inline-blob-attachments';
import type {
  FilePart,
  ImagePart,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
  RuntimeMessage,
  RuntimeMessageKind,
  RuntimeMessageMetadata,
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
  /**
   * Model view: `true` replays every reasoning message of the window, `false` none, unset only the
   * reasoning of the current turn (after the last `user_input`), which is what Anthropic requires
   * during a tool loop. Export: reasoning only when `true`.
   */
  includeReasoning?: boolean;
  /** `false` replaces every tool result by a stub (never drops it: each call needs a result). Default true. */
  includeToolResults?: boolean;
  /** Longest tool output (text or JSON characters) shown in full. Default 20,000. */
  toolResultSoftLimitChars?: number;
  /**
   * Model view: the head and tail of each blob output's text that the soft limit keeps, read by
   * range before projecting (`blobExcerptLengths`). A blob output without one shows its preview.
   */
  blobExcerpts?: BlobExcerpts;
  /**
   * Model view: the excerpts of the texts kept as blobs (long text and reasoning parts, large
   * tool-input strings), by SHA-256, read by range before projecting: the whole text for the
   * latest turn when it fits `LATEST_TURN_BLOB_TEXT_LIMIT_CHARS`, else the head and tail the soft
   * limit keeps (`blobExcerptLengths`). A text blob without one shows its preview.
   */
  blobTextExcerpts?: BlobExcerpts;
  /**
   * Model view: the base64 bytes of the image and file parts kept as blobs, read whole before
   * projecting. An attachment blob without them becomes a text note that names it.
   */
  blobAttachments?: BlobAttachments;
  /** Start the model view at the latest `compact_boundary`. Default true. */
  applyCompactBoundary?: boolean;
  /** Include the window's `runtime_reminder` messages. Default true. */
  injectRuntimeReminder?: boolean;
  /**
   * System notes recorded before the applied compact boundary stay in the model view (first, before
   * the summary), except those tagged `until-compaction`. Default true; `false` drops them all.
   */
  carrySystemNotes?: boolean;
}

/**
 * What a projection reports beside its messages (the seed's `ProjectionResult.diagnostics`).
 * - `hiddenMessageIds`: runtime messages the view left out entirely.
 * - `truncatedMessageIds`: runtime messages the view shows with reduced content (stubbed, truncated,
 *   attachments omitted, dangling tool parts dropped).
 * - `appliedCompactBoundaryId`: the compact boundary whose window the view starts from.
 * - `injectedNotes`: ids of the runtime messages injected by policy (runtime reminders).
 */
export interface ProjectionDiagnostics {
  hiddenMessageIds: string[];
  truncatedMessageIds: string[];
  appliedCompactBoundaryId?: string;
  injectedNotes: string[];
}

/** What every projection returns (the seed's `ProjectionResult`). */
export interface ProjectionResult<TMessage> {
  messages: TMessage[];
  diagnostics: ProjectionDiagnostics;
}

/** A message of the transcript view: the whole process for a chat window, CLI or history page. */
export interface TranscriptMessage extends ProjectedMessageBase {
  view: 'transcript';
  /** Always the runtime kind: boundaries show as `compact_boundary` entries. */
  semanticType: RuntimeMessageKind;
  /** The runtime message's id, for paging and "expand original". */
  id: string;
  kind: RuntimeMessageKind;
  createdAt: string;
  runId?: string;
  /** `metadata.effectiveAgentName`, else `metadata.agentName`. */
  agentName?: string;
  /** Set on a read-model entry a rewind undid: it is off the session's current line (an abandoned branch). */
  rewound?: true;
  /** Set when the tool result was pruned; `content` is still the complete original. */
  compactedAt?: string;
  /** Set on a provider's compaction artifact: an entry of its own, not an empty answer. */
  providerCompaction?: ProviderCompactionEntry;
  /** `metadata.repeatsMessageId`: a copy of an earlier message that a provider compaction kept. */
  repeatsMessageId?: string;
  content: RuntimeMessage['content'];
}

/** The semantic types of the compact view: the model's, without runtime reminders. */
export type CompactSemanticType = Exclude<ModelSemanticType, 'runtime_reminder'>;

/**
 * A message of the compact view: what a summarizer is given when the session is compacted next
 * (the model window since the latest boundary, previous summary first, no reminders, bounded tool
 * results, attachments replaced by text hints).
 */
export interface CompactMessage extends ProjectedMessageBase {
  view: 'compact';
  semanticType: CompactSemanticType;
  content: string | ModelMessagePart[];
}

/**
 * Why the model view left a runtime message out. Templated reasons name the boundary concerned.
 * - `not-eligible`: `metadata.eligibleForModelContext === false`.
 * - `compact-boundary`: boundaries never reach the model.
 * - `before-compact-boundary:<id>`: outside the window of the applied boundary `<id>`.
 * - `summary-for-unapplied-boundary:<id>`: a summary of a boundary that is not the applied one.
 * - `summary-superseded`: an earlier summary of the applied boundary; the latest one is used.
 * - `reminder-not-injected`: a reminder while `injectRuntimeReminder === false`.
 * - `reasoning-excluded`: reasoning left out by the `includeReasoning` policy.
 * - `agent-switch-note`: an agent switch note without the `system-reminder` tag.
 * - `dangling-tool-call` / `dangling-tool-result`: every part lost its partner in the view.
 * - `system-note-repeated`: a system note whose text an earlier system note of the view already says.
 * - `system-note-not-carried`: a system note before the applied boundary that does not carry over
 *   (tagged `until-compaction`, or `carrySystemNotes: false`).
 * - `reasoning-of-other-agent`: reasoning recorded by another agent than the active one.
 * - `rewound`: a rewind undid the message (the debug read model: it is off the current line).
 */
export type ModelHiddenReason =
  | 'not-eligible'
  | 'compact-boundary'
  | `before-compact-boundary:${string}`
  | `summary-for-unapplied-boundary:${string}`
  | 'summary-superseded'
  | 'reminder-not-injected'
  | 'reasoning-excluded'
  | 'agent-switch-note'
  | 'dangling-tool-call'
  | 'dangling-tool-result'
  | 'system-note-repeated'
  | 'system-note-not-carried'
  | 'reasoning-of-other-agent'
  | 'rewound';

/**
 * Why a tool result became a stub: pruned by the runtime (`compactedAt`), all results excluded
 * (`includeToolResults: false`), or longer than the soft limit and older than the recent turns.
 */
export type ToolResultStubCause = 'compacted' | 'tool-results-excluded' | 'older-than-recent-turns';

/** The model view shows the message, possibly reduced. */
export interface ModelShownOutcome {
  status: 'shown';
  /** Index of the model message made from it in `projectToModel(...).messages`. */
  modelIndex: number;
  semanticType: ModelSemanticType;
  /** Injected by policy (a reminder); its id is in `diagnostics.injectedNotes`. */
  injected?: true;
  /** The applied boundary's summary, moved to the start of the context (after the system notes). */
  movedToStart?: true;
  /** A system note recorded before the applied boundary that carries over the compaction. */
  carriedOver?: true;
  compacted?: { cause: ToolResultStubCause; compactedAt?: string };
  /** Characters of tool output before and after truncation (summed over truncated parts). */
  truncated?: { originalLength: number; keptLength: number };
  /** Text hints that replaced attachments the provider cannot take, or whose blob was not read. */
  omittedAttachments?: string[];
  /** `toolCallId`s / `approvalId`s of parts dropped because their partner is not in the view. */
  droppedParts?: string[];
}

/** The model view leaves the message out. */
export interface ModelHiddenOutcome {
  status: 'hidden';
  reason: ModelHiddenReason;
}

/** What the model view does with one runtime message. */
export type ModelOutcome = ModelShownOutcome | ModelHiddenOutcome;

/**
 * A message of the debug view: one per runtime message, with all its runtime metadata and what the
 * model view did with it and why.
 */
export interface DebugMessage extends ProjectedMessageBase {
  view: 'debug';
  semanticType: RuntimeMessageKind;
  id: string;
  sessionId: string;
  runId?: string;
  kind: RuntimeMessageKind;
  createdAt: string;
  /** The runtime message's metadata, untouched. */
  runtimeMetadata?: RuntimeMessageMetadata;
  /** The complete runtime content. */
  content: RuntimeMessage['content'];
  /** The latest `compact_boundary` at or before this message: the compaction whose scope it is in. */
  compactScopeBoundaryId?: string;
  model: ModelOutcome;
  /** Set on a read-model entry a rewind undid: off the session's current line, not in the model view. */
  rewound?: true;
  /** Set on a provider's compaction artifact (see `TranscriptMessage`). */
  providerCompaction?: ProviderCompactionEntry;
}

/** The runtime kinds an export keeps (reminders and agent switch notes are runtime noise). */
export type ExportSemanticType = Exclude<
  RuntimeMessageKind,
  'runtime_reminder' | 'agent_switch_note' | 'compact_summary'
>;

/**
 * A message of the export view: the conversation for sharing or a report, runtime noise removed,
 * every string passed through the redaction hook. Plain JSON: `JSON.stringify` keeps all of it.
 * A `compact_boundary` is a one-line string marker.
 */
export interface ExportMessage extends ProjectedMessageBase {
  view: 'export';
  semanticType: ExportSemanticType;
  id: string;
  createdAt: string;
  agentName?: string;
  content:
    | string
    | Extract<RuntimeMessage, { kind: Exclude<ExportSemanticType, 'compact_boundary'> }>['content'];
}

/** Export diagnostics: the common ones plus what the redaction hook changed. */
export interface ExportDiagnostics extends ProjectionDiagnostics {
  /** Number of string values the redaction hook changed. */
  redactionCount: number;
  /** Ids of the messages with at least one redacted value. */
  redactedMessageIds: string[];
}

/** What `projectToExport` returns. */
export interface ExportProjectionResult extends ProjectionResult<ExportMessage> {
  diagnostics: ExportDiagnostics;
}

/** Options of `projectToModel` beyond the seed's `ProjectionContext`. */
export interface ProjectToModelOptions {
  /**
   * Tool results before the last `recentUserTurns` `user_input` messages of the window that exceed
   * the soft limit become stubs instead of being truncated. Default 2.
   */
  recentUserTurns?: number;
}

/** Options of `projectToCompact`. */
export interface ProjectToCompactOptions extends ProjectToModelOptions {
  /**
   * Leave the last `n` user turns of the window out of what is summarized: the compaction keeps
   * them verbatim (`retainFromMessageId` on its boundary). Default 0: summarize everything.
   */
  keepRecentTurns?: number;
}

/** The compact view, and where the turns it leaves out (`keepRecentTurns`) start. */
export interface CompactProjectionResult extends ProjectionResult<CompactMessage> {
  diagnostics: ProjectionDiagnostics & { retainFromMessageId?: string };
}
