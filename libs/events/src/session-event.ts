import type {
  ContentBlobRef,
  JsonObject,
  ProviderCompactionFamily,
  ProviderOptions,
  RuntimeMessageKind,
  RuntimeMessageOfKind,
} from '@agent-ledger/messages';

/** Event type recorded for each runtime-message kind (past tense: it is a fact). */
export const EVENT_TYPE_OF_KIND = {
  system_note: 'SystemNoteRecorded',
  user_input: 'UserInputRecorded',
  assistant_text: 'AssistantTextRecorded',
  assistant_reasoning: 'AssistantReasoningRecorded',
  tool_call: 'ToolCallRecorded',
  tool_result: 'ToolResultRecorded',
  tool_approval_request: 'ToolApprovalRequested',
  tool_approval_response: 'ToolApprovalResponded',
  compact_boundary: 'CompactBoundaryRecorded',
  compact_summary: 'CompactSummaryRecorded',
  runtime_reminder: 'RuntimeReminderRecorded',
  handoff_summary: 'HandoffSummaryRecorded',
  agent_switch_note: 'AgentSwitchNoteRecorded',
} as const satisfies Record<RuntimeMessageKind, string>;

/** The event type of a runtime-message kind. */
export type MessageEventType = (typeof EVENT_TYPE_OF_KIND)[RuntimeMessageKind];

/** An event that records one runtime message; its data is the message itself. */
export type MessageRecordedEvent = {
  [K in RuntimeMessageKind]: {
    type: (typeof EVENT_TYPE_OF_KIND)[K];
    data: RuntimeMessageOfKind<K>;
  };
}[RuntimeMessageKind];

/** The session stream began (written with the session's first append). */
export interface SessionStartedEvent {
  type: 'SessionStarted';
  data: {
    sessionId: string;
    startedAt: string;
    agentName?: string;
    /** For a fork: the session and revision it was forked from (its model context at the start). */
    forkedFrom?: { sessionId: string; revision: number };
    /** The data subject whose content the session holds (a fork carries its source's). */
    subjectId?: string;
  };
}

/** The session was ended by the runtime; later appends are refused. */
export interface SessionEndedEvent {
  type: 'SessionEnded';
  data: { sessionId: string; endedAt: string; reason?: string };
}

/**
 * The session was rewound: every event after `toRevision` up to this one is undone for the model
 * context and the decider (compactions, prunings and approvals with it). Nothing is deleted: the
 * rewound events stay in the log, off the session's current line (`currentLine`).
 */
export interface SessionRewoundEvent {
  type: 'SessionRewound';
  data: {
    sessionId: string;
    /** The revision the session is rewound to: it stays, everything after it is undone. */
    toRevision: number;
    /** The stream's revision before this event (this event is at `fromRevision + 1`). */
    fromRevision: number;
    rewoundAt: string;
    reason?: string;
  };
}

/**
 * The pruning mark: tool results whose content the model no longer needs in full.
 * Storage keeps the original; the model view shows a stub from `compactedAt` on.
 */
export interface ToolResultsPrunedEvent {
  type: 'ToolResultsPruned';
  data: {
    sessionId: string;
    /** Ids of `tool_result` runtime messages. */
    messageIds: string[];
    compactedAt: string;
    reason: string;
  };
}

/**
 * Token counts of one model call: the AI SDK's `LanguageModelUsage`, with the counts the provider
 * did not report left out.
 */
export interface ModelCallUsage {
  inputTokens?: number;
  inputTokenDetails?: {
    noCacheTokens?: number;
    cacheReadTokens?: number;
    cacheWriteTokens?: number;
  };
  outputTokens?: number;
  outputTokenDetails?: { textTokens?: number; reasoningTokens?: number };
  totalTokens?: number;
  /** Deprecated in the AI SDK for `outputTokenDetails.reasoningTokens`; kept when sent. */
  reasoningTokens?: number;
  /** Deprecated in the AI SDK for `inputTokenDetails.cacheReadTokens`; kept when sent. */
  cachedInputTokens?: number;
  /** The usage as the provider reported it. */
  raw?: JsonObject;
}

/** What a model call cost: an amount in a currency, and who said so. */
export interface ModelCallCost {
  amount: number;
  /** An ISO 4217 code (`USD`), or the unit the provider bills in (OpenRouter's credits are `USD`). */
  currency: string;
  /** `provider`: read from the step's provider metadata; `runtime`: sent by the runtime. */
  source: 'provider' | 'runtime';
}

/**
 * The ledger's count of the input tokens of the context a model call was sent (the model-context
 * answer's `tokens`), kept beside the provider's reported usage: how good the estimate was.
 */
export interface ModelCallContextTokens {
  input: number;
  /** `tokenizer:o200k_base`, `calibrated` or `estimate`, as the model context said. */
  method: string;
}

/**
 * One model call: a step of an AI SDK `generateText`/`streamText` call (a *generation*). Written
 * after the step's new messages, in the same append; the event id comes from `callId`, so a
 * retried step writes nothing. Nothing of it reaches a model: it is for audits and analytics.
 */
export interface ModelCallRecordedEvent {
  type: 'ModelCallRecorded';
  data: {
    sessionId: string;
    /** Unique in the session: `<generationId>:step-<n>`, `<generationId>:response-<id>` or `<generationId>:messages-<count>`. */
    callId: string;
    /** The generation: the runtime's `generationId`, or `gen-<digest>` derived from its first response message. */
    generationId: string;
    /** The AI SDK's zero-based step number within the generation. */
    stepNumber?: number;
    runId?: string;
    agentName?: string;
    /** The AI SDK provider id (`anthropic.messages`). */
    provider?: string;
    modelId?: string;
    /** The provider's id of the response. */
    responseId?: string;
    /** The AI SDK's `finishReason` (`stop`, `tool-calls`, …). */
    finishReason?: string;
    usage?: ModelCallUsage;
    providerMetadata?: ProviderOptions;
    /** The session revision whose model context the call was made from, when the runtime said so. */
    contextRevision?: number;
    /**
     * How long the call took, in milliseconds, as the runtime measured it (the client: from the
     * step's start to the model's response). A measurement: a re-sent step may carry another.
     */
    latencyMs?: number;
    /** What the call cost, where the provider reported it or the runtime knew it. */
    cost?: ModelCallCost;
    /**
     * The input tokens the ledger counted for the context the call was sent, as the runtime got
     * them with it. An estimate: a re-sent step may carry another.
     */
    contextTokens?: ModelCallContextTokens;
    /**
     * How many response messages of the generation the step carried (the AI SDK accumulates them
     * over a generation's steps): the generation's next call starts after them.
     */
    responseMessageCount: number;
    /** Runtime message ids of the step's own response messages, new or already recorded. */
    messageIds: string[];
    recordedAt: string;
  };
}

/**
 * Raw transcript entries of a Claude Agent SDK session (the lines of Claude Code's JSONL files), as
 * its `SessionStore` mirrored them, in append order: kept verbatim so that `load` gives them back
 * deep-equal. The session's runtime messages are the Claude Code importer's mapping of them,
 * recorded beside them; nothing reaches a model from this event itself. A sub-agent's transcript
 * (`subpath`) is kept in its parent's stream and mapped to a session of its own. Its `entries` are
 * content: sealed with content encryption on, erased with the session.
 */
export interface ClaudeCodeEntriesRecordedEvent {
  type: 'ClaudeCodeEntriesRecorded';
  data: {
    sessionId: string;
    /** The SDK's `SessionKey.projectKey` (by default the sanitized working directory). */
    projectKey: string;
    /** The SDK's `SessionKey.subpath` (`subagents/agent-<id>`); absent for the main transcript. */
    subpath?: string;
    entries: JsonObject[];
    /** The entries' strings kept as blobs (each an empty string in its entry), when any. */
    blobs?: ClaudeCodeEntryBlob[];
    recordedAt: string;
  };
}

/**
 * A string of a kept Claude Code entry stored as a blob: `entries[entry]` at `path` (object keys
 * and array indexes) holds `''` in the event, and the blob's bytes are the string's UTF-8. A side
 * table of the event, so that no entry data can be taken for a reference.
 */
export interface ClaudeCodeEntryBlob {
  entry: number;
  path: Array<string | number>;
  blob: ContentBlobRef;
}

/** How a context was made smaller after an overflow: under a token budget, pruned, or compacted. */
export type OverflowShrink = 'budget' | 'prune' | 'compact';

/** One call refused for its context length, and how the next context was shrunk. */
export interface OverflowAttempt {
  /** `prompt_too_long`, `context_length_exceeded`, `input_token_count_exceeded`, `maximum_context_length`. */
  errorCode: string;
  /** The model's limit, when the error said it. */
  limitTokens?: number;
  /** The size of the refused context, when the error said it. */
  requestedTokens?: number;
  shrink: OverflowShrink;
  /** The token budget the next context was asked for. */
  maxInputTokens?: number;
}

/**
 * A model call refused for a context too long for the model, recovered: the runtime shrank the
 * context and retried until a call was accepted. No content: the provider, each error and the
 * budget used. The event id comes from `recoveryId`, so a retried request writes nothing.
 */
export interface ContextOverflowRecoveredEvent {
  type: 'ContextOverflowRecovered';
  data: {
    sessionId: string;
    recoveryId: string;
    /** The AI SDK provider id (`anthropic.messages`). */
    provider: string;
    /** The agent's own call, or a compaction's summarization (default: `model`). */
    call?: 'model' | 'summarization';
    attempts: OverflowAttempt[];
    recordedAt: string;
  };
}

/**
 * A provider compacted the context on its side and returned an artifact that stands for the
 * messages before it: Anthropic's compaction block (readable text, sent back as a `compaction`
 * block), OpenAI Responses' compaction item (encrypted, readable only by OpenAI). The artifact
 * itself lives in the runtime message `artifactMessageId`; the model context replaces the covered
 * messages by it only for the provider family that made it, and by `summary` (when readable) for
 * any other. The event id comes from `compactionId`.
 */
export interface ProviderCompactionRecordedEvent {
  type: 'ProviderCompactionRecorded';
  data: {
    sessionId: string;
    compactionId: string;
    /** The AI SDK provider id of the model that compacted (`anthropic.messages`), or `openai`. */
    provider: string;
    family: ProviderCompactionFamily;
    /** The runtime message that holds the artifact. */
    artifactMessageId: string;
    /** The last runtime message the artifact stands for; absent when none came before it. */
    coversThroughMessageId?: string;
    /**
     * Messages recorded after the artifact that repeat covered ones (`metadata.repeatsMessageId`):
     * sent to the artifact's family only; any other is sent the originals.
     */
    retainedMessageIds?: string[];
    /** The artifact's readable summary (Anthropic's block text); absent for an encrypted item. */
    summary?: string;
    /** The model call that returned the artifact; absent for an artifact in appended messages. */
    callId?: string;
    recordedAt: string;
  };
}

/** One context edit a provider applied to a call's request, as it reported it. */
export interface ProviderContextEdit {
  /** The provider's strategy, e.g. `clear_tool_uses_20250919`, `clear_thinking_20251015`. */
  type: string;
  clearedToolUses?: number;
  clearedThinkingTurns?: number;
  clearedInputTokens?: number;
}

/**
 * A provider edited a call's context on its side before the model read it (Anthropic's context
 * management: older tool uses or thinking cleared), as it reported in the call's metadata. The
 * ledger's history is unchanged; this says what the model did not see. The event id comes from
 * `callId`.
 */
export interface ProviderContextEditedEvent {
  type: 'ProviderContextEdited';
  data: {
    sessionId: string;
    /** The model call whose request the provider edited. */
    callId: string;
    provider: string;
    edits: ProviderContextEdit[];
    recordedAt: string;
  };
}

/** Every event a session stream may hold. */
export type SessionEvent =
  | MessageRecordedEvent
  | SessionStartedEvent
  | SessionEndedEvent
  | SessionRewoundEvent
  | ToolResultsPrunedEvent
  | ModelCallRecordedEvent
  | ClaudeCodeEntriesRecordedEvent
  | ContextOverflowRecoveredEvent
  | ProviderCompactionRecordedEvent
  | ProviderContextEditedEvent;

/** Every session event type name. */
export type SessionEventType = SessionEvent['type'];

/** The data of the event type `T`. */
export type SessionEventDataOf<T extends SessionEventType> = Extract<
  SessionEvent,
  { type: T }
>['data'];

/** Metadata written beside every session event. */
export interface SessionEventMetadata {
  /** Version of the event's JSON Schema in `event-schemas/` (`<type>.v<schemaVersion>.schema.json`). */
  schemaVersion: number;
  /** The command that produced the event, for tracing a retry back to its request. */
  commandId?: string;
  /** The API key whose request wrote the event (its id); absent on an open server or from the CLI. */
  keyId?: string;
  correlationId?: string;
  causationId?: string;
}

/** A session event as read back from the store, with its place in the log. */
export interface RecordedSessionEvent<E extends SessionEvent = SessionEvent> {
  event: E;
  /** 0-based revision in the session's stream. */
  revision: number;
  /** Global position in `$all`. */
  position: number;
  /** Event id (UUID). */
  id: string;
  metadata: SessionEventMetadata;
}

/** Name of a session's stream: one stream per session. */
export const SESSION_STREAM_PREFIX = 'session-';

/** The stream name of a session. */
export function sessionStreamName(sessionId: string): string {
  return `${SESSION_STREAM_PREFIX}${sessionId}`;
}
