import type { RuntimeMessageKind } from './runtime-message';

/** A row of `GET /v1/sessions`. */
export interface SessionSummary {
  sessionId: string;
  /** Agents that took part, in order of first appearance. */
  agents: string[];
  firstActivityAt: string;
  lastActivityAt: string;
  /** Message events recorded, per kind (kinds never recorded are absent). */
  messageCounts: Partial<Record<RuntimeMessageKind, number>>;
  messageCount: number;
  compacted: boolean;
  compactionCount: number;
  lastCompactBoundaryId?: string;
  pruningCount: number;
  /** Absent until the session's first model call. */
  modelCalls?: number;
  inputTokens?: number;
  outputTokens?: number;
  ended: boolean;
  /** For a fork: the session and revision it was forked from. */
  forkedFrom?: { sessionId: string; revision: number };
  /** Rewinds recorded; absent until the first. */
  rewindCount?: number;
  /** The data subject whose content the session holds; absent: none. */
  subjectId?: string;
  /** Set when retention's `strip-content` erased the content: the session stays listed, every content route answers 404. */
  contentErased?: boolean;
  revision: number;
  position: number;
}

/** `GET /v1/sessions`. */
export interface SessionListPage {
  sessions: SessionSummary[];
  /** Pass as `cursor` for the next page; `null` on the last one. */
  nextCursor: string | null;
}

/** A transcript entry: a runtime message as the transcript view shows it (`projectToTranscript`). */
export interface TranscriptEntry {
  view: 'transcript';
  id: string;
  kind: RuntimeMessageKind;
  role: string;
  semanticType: string;
  sourceMessageIds: string[];
  createdAt: string;
  runId?: string;
  agentName?: string;
  /** Set when the tool result was pruned; `content` is still the complete original. */
  compactedAt?: string;
  /** Set when a rewind undid the message (an abandoned branch). */
  rewound?: true;
  /** Set on a provider's compaction artifact: an entry of its own (see `ProviderCompactionEntry`). */
  providerCompaction?: ProviderCompactionEntry;
  /** A copy of an earlier message that a provider compaction kept (`metadata.repeatsMessageId`). */
  repeatsMessageId?: string;
  content: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * A provider's compaction artifact as the transcript and debug views show it: the family that
 * made it (the only one it is sent to; it stands for every message before it on the line), what
 * it is, and its readable summary when it has one.
 */
export interface ProviderCompactionEntry {
  family: 'anthropic' | 'openai';
  artifact: 'openai-compaction-item' | 'anthropic-compaction-block';
  summary?: string;
}

/** `GET /v1/sessions/:sessionId/transcript`. */
export interface TranscriptPage {
  sessionId: string;
  revision: number;
  entries: TranscriptEntry[];
  nextCursor: string | null;
}

/** An event of `GET /v1/sessions/:sessionId/transcript/stream` (`event: entry`). */
export interface TranscriptStreamEvent {
  /** Orders the transcript; an entry sent again (a pruning changed it) keeps its `seq`. */
  seq: number;
  /** The revision of the event that last wrote the entry; the SSE `id`. */
  revision: number;
  message: TranscriptEntry;
}

/** What every projection reports. */
export interface ProjectionDiagnostics {
  hiddenMessageIds: string[];
  truncatedMessageIds: string[];
  appliedCompactBoundaryId?: string;
  injectedNotes: string[];
}

/**
 * A repair normalization made (or, for a call still waiting, reports): its `type`
 * (`dangling-tool-call`, `tool-result-moved`, `pending-tool-approval`, `orphan-tool-result`,
 * `duplicate-message-id`, …), the revision of the event it concerns, what was done for people
 * (`detail`), and the ids it names.
 */
export interface SessionRepair {
  type: string;
  revision: number;
  detail: string;
  messageId?: string;
  toolCallId?: string;
  syntheticMessageId?: string;
  callMessageId?: string;
  resultMessageId?: string;
  approvalId?: string;
  approved?: boolean;
  renamedTo?: string;
}

/** An event the read models could not process. */
export interface FailedEvent {
  handler: string;
  position: number;
  streamName: string;
  sessionId?: string;
  revision: number;
  eventId: string;
  eventType: string;
  error: string;
  failedAt: string;
}

/** A message of the debug view (`projectToDebug`): every runtime message and what the model view did with it. */
export interface DebugEntry {
  view: 'debug';
  id: string;
  kind: RuntimeMessageKind;
  role: string;
  semanticType: RuntimeMessageKind;
  sessionId: string;
  runId?: string;
  createdAt: string;
  sourceMessageIds: string[];
  content: unknown;
  /** The runtime message's metadata, untouched. */
  runtimeMetadata?: object;
  /** The latest compact boundary at or before this message. */
  compactScopeBoundaryId?: string;
  /** What the model view did with it: shown (at `modelIndex`) or hidden, and why. */
  model: { status: 'shown' | 'hidden'; modelIndex?: number; reason?: string };
  /** Set when a rewind undid the message: off the current line, hidden from the model (`reason: "rewound"`). */
  rewound?: true;
  /** Set on a provider's compaction artifact. */
  providerCompaction?: ProviderCompactionEntry;
}

/** `GET /v1/sessions/:sessionId/debug`. */
export interface DebugPage {
  sessionId: string;
  revision: number;
  messages: DebugEntry[];
  nextCursor: string | null;
  diagnostics: ProjectionDiagnostics;
  repairs: SessionRepair[];
  failedEvents: FailedEvent[];
  /**
   * What providers dropped on their side since the latest compact boundary: a compaction's
   * covered messages, the tool results an applied context edit cleared.
   */
  providerChanges?: ProviderContextChangeEntry[];
}

/** One compaction or context edit a provider applied on its side (`DebugPage.providerChanges`). */
export type ProviderContextChangeEntry =
  | {
      change: 'provider-compacted';
      revision: number;
      compactionId: string;
      provider: string;
      family: 'anthropic' | 'openai';
      artifactMessageId: string;
      coveredMessageIds: string[];
    }
  | {
      change: 'provider-edited';
      revision: number;
      callId: string;
      provider: string;
      edits: Array<{
        type: string;
        clearedToolUses?: number;
        clearedThinkingTurns?: number;
        clearedInputTokens?: number;
      }>;
      clearedToolResultIds: string[];
    };

/** `GET /v1/sessions/:sessionId/export?format=json`. */
export interface ExportResponse {
  sessionId: string;
  revision: number;
  export: {
    messages: Array<Record<string, unknown>>;
    diagnostics: ProjectionDiagnostics & { redactionCount: number; redactedMessageIds: string[] };
  };
}

/** The formats of `GET /v1/sessions/:sessionId/model-context`. */
export type ModelContextFormat =
  'model' | 'ai-sdk' | 'ai-sdk-prompt' | 'compact' | 'compact-prompt';

/** What the model context was computed from, and what was repaired or fallen back on. */
export interface ModelContextDiagnostics extends ProjectionDiagnostics {
  repairs: SessionRepair[];
  /** The serializer's fallbacks (AI SDK formats only): which rule, what was done, to which messages. */
  fallbacks?: Array<{ rule: string; detail: string; sourceMessageIds?: string[] }>;
  /**
   * Compact formats with `keepRecentTurns`: the first message of the turns the compaction keeps
   * verbatim; put it in the boundary as `content.retainFromMessageId`.
   */
  retainFromMessageId?: string;
  /** With `maxInputTokens`: what fitting the context to it did. */
  budget?: ModelContextBudget;
  /** Anthropic, under a budget: the indexes of the messages that carry a cache breakpoint. */
  cacheBreakpoints?: number[];
  /**
   * The session's latest provider compaction as sent to the provider asked: its artifact (that
   * provider's family), its readable summary, or nothing, in place of `coveredMessageIds`.
   */
  providerCompaction?: {
    compactionId: string;
    family: 'anthropic' | 'openai';
    sentAs: 'artifact' | 'summary' | 'none';
    coveredMessageIds: string[];
    /** Copies of covered messages the provider kept after its artifact, not sent to this one. */
    omittedRetainedMessageIds?: string[];
  };
  window: {
    fromRevision: number;
    toRevision: number;
    compactBoundaryId?: string;
    eventsRead: number;
  };
}

/**
 * `GET /v1/sessions/:sessionId/model-context`. `messages` are model-view messages (`model`),
 * the compact view (`compact`) or the AI SDK's `ModelMessage[]` (the `ai-sdk` formats: the type
 * parameter, `ModelMessage` from `ai` in the client). `system` is there for `ai-sdk-prompt` and
 * `compact-prompt` when the session has system text.
 */
export interface ModelContextResponse<TMessage = unknown> {
  sessionId: string;
  revision: number;
  /** Absent (undefined server-side, left out of the JSON) when the session has no system text. */
  system?: string | undefined;
  messages: TMessage[];
  diagnostics: ModelContextDiagnostics;
  /** `call=N`: which recorded model call, and how the revision it was made from was found. */
  modelCall?: ModelContextCall;
  /** The context's input tokens for the provider asked, and how they were counted. */
  tokens: { input: number; method: 'tokenizer:o200k_base' | 'calibrated' | 'estimate' };
  /** OpenAI providers: call-level provider options for `generateText` (the prompt cache key). */
  providerOptions?: { openai: { promptCacheKey: string } };
}

/** What fitting a model context to `maxInputTokens` did (`diagnostics.budget`). */
export interface ModelContextBudget {
  maxInputTokens: number;
  tokensBefore: number;
  tokensAfter: number;
  /** Tool results stubbed for the budget, oldest first. */
  stubbedMessageIds: string[];
  truncatedMessageIds: string[];
  fits: boolean;
  /** `CompactionNeeded`: stubbing and truncation cannot meet the budget; compact the session. */
  code?: 'CompactionNeeded';
}

/** The recorded model call a `call=N` context is of. */
export interface ModelContextCall {
  /** 1-based, the session's ModelCallRecorded events in order. */
  callNumber: number;
  callId: string;
  provider?: string;
  modelId?: string;
  agentName?: string;
  recordedAtRevision: number;
  /** The revision the context is computed as of. */
  contextRevision: number;
  /** `recorded`: the runtime said it (`contextRevision`); `inferred`: the revision before the step's first response message. */
  revisionSource: 'recorded' | 'inferred';
}

/** An event of the raw stream, as stored. */
export interface StoredEvent {
  revision: number;
  position: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** `GET /v1/sessions/:sessionId/events`. */
export interface SessionEventsPage {
  sessionId: string;
  events: StoredEvent[];
  /** Pass as `fromRevision` (same direction) for the next page; `null` on the last one. */
  nextRevision: number | null;
}

/**
 * A recorded model call (`ModelCallRecorded`) as `GET …/model-calls` gives it to the `read` scope:
 * what the call said of itself, without its provider metadata and raw usage (the events route,
 * scope `audit`, has them).
 */
export interface ModelCallEntry {
  /** 1-based, in log order: `model-context?call=N`. */
  number: number;
  /** The revision of the `ModelCallRecorded` event. */
  revision: number;
  callId: string;
  generationId: string;
  stepNumber?: number;
  runId?: string;
  agentName?: string;
  provider?: string;
  modelId?: string;
  responseId?: string;
  finishReason?: string;
  /** The AI SDK's token counts, as recorded (without `raw`). */
  usage?: {
    inputTokens?: number;
    inputTokenDetails?: {
      noCacheTokens?: number;
      cacheReadTokens?: number;
      cacheWriteTokens?: number;
    };
    outputTokens?: number;
    outputTokenDetails?: { textTokens?: number; reasoningTokens?: number };
    totalTokens?: number;
    reasoningTokens?: number;
    cachedInputTokens?: number;
  };
  /** Milliseconds, as the runtime measured the call. */
  latencyMs?: number;
  /** Where the provider reported it or the runtime sent it. */
  cost?: { amount: number; currency: string; source: 'provider' | 'runtime' };
  /** The revision whose model context the call was made from, when the runtime said so. */
  contextRevision?: number;
  /** The input tokens the ledger counted for the context the call was sent, when the runtime sent them. */
  contextTokens?: { input: number; method: string };
  responseMessageCount: number;
  /** The runtime messages of the step's own response messages. */
  messageIds: string[];
  recordedAt: string;
}

/** `GET /v1/sessions/:sessionId/model-calls`. */
export interface ModelCallsPage {
  sessionId: string;
  calls: ModelCallEntry[];
  /** Pass as `cursor` for the next page; `null` on the last one. */
  nextCursor: string | null;
}

/**
 * `GET /health` (200). `degraded`: the server answers and its store works, but the disk under
 * `DATA_DIR` is low, a write was refused for a full disk, or the server started read-only on a
 * full disk (`storage.readOnly`; `storage.reason` says which).
 */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  store: { kind: string; headPosition: number | null };
  storage: {
    status: 'ok' | 'degraded';
    freeBytes: number | null;
    reason?: string;
    /** `true` when the server started read-only (a full disk): writes answer `507 StorageReadOnly`. */
    readOnly?: boolean;
  };
  /**
   * The read models: `position`, the log position every projection handler has reached (`null`
   * while one has processed nothing); `behind`, how many positions short of `store.headPosition`
   * that is (`0` when caught up; `null` when either is `null`). `damage`, once a read-model row
   * was found not to match its checksum since the server started: sessions found damaged,
   * rebuilt from the log, and not rebuilt (a failed repair, retried when met again: `status` is
   * then `degraded`).
   */
  readModels: {
    position: number | null;
    behind: number | null;
    damage?: { found: number; repaired: number; unrepaired: number };
  };
  /**
   * The retention schedule: `off` (the default) or `on`, with its interval, the policy of every
   * tenant (`RETENTION_MAX_IDLE`, `RETENTION_ACTION`) and per tenant (`RETENTION_POLICIES`), and
   * when it last ran (and its error, if the last run failed).
   */
  retention?:
    | { schedule: 'off' }
    | {
        schedule: 'on';
        interval: string;
        defaultPolicy?: { maxIdle: string; action: 'erase' | 'strip-content' };
        tenantPolicies: Record<string, { maxIdle: string; action: 'erase' | 'strip-content' }>;
        lastRunAt?: string;
        lastError?: string;
      };
}

/** `GET /health/live` (200): the process answers; nothing else is asked. */
export interface LiveResponse {
  status: 'live';
}

/**
 * `GET /health/ready` (200): the store answers and the read models are at most
 * `readModels.maxLag` (`READY_MAX_LAG`) positions behind. Otherwise `503` with `code`
 * `StoreUnavailable` or `ReadModelsBehind` (the error body carries the same fields). `writable`
 * is `false` on a server started read-only (a full disk): ready for reads, writes answer 507.
 */
export interface ReadyResponse {
  status: 'ready';
  writable: boolean;
  store: { kind: string; headPosition: number | null };
  /** `behind`: positions short of the head (the whole log while a handler has processed nothing). */
  readModels: { position: number | null; behind: number; maxLag: number };
}

/** Options of the model view, as query parameters of `model-context` and `debug`. */
export interface ModelViewOptions {
  /** `anthropic`, `openai`, `openai.chat`, `google`, or an AI SDK `model.provider` string. */
  provider?: string;
  modelRef?: string;
  activeAgentName?: string;
  includeReasoning?: boolean;
  includeToolResults?: boolean;
  toolResultSoftLimitChars?: number;
  recentUserTurns?: number;
  applyCompactBoundary?: boolean;
  injectRuntimeReminder?: boolean;
}

/** The query of `GET /v1/sessions/:sessionId/model-context`. */
export interface ModelContextQuery extends ModelViewOptions {
  format?: ModelContextFormat;
  systemMessages?: 'reminders' | 'in-place';
  carrySystemNotes?: boolean;
  instructions?: string;
  /** Compact formats: leave the last N user turns out of the summary; the compaction keeps them. */
  keepRecentTurns?: number;
  atRevision?: number;
  /** The context of the session's model call N (1-based), as of the revision it was made from. Not with `atRevision`. */
  call?: number;
  repairDanglingToolCalls?: boolean;
  /** The most input tokens the context may take; `diagnostics.budget` says what was done. */
  maxInputTokens?: number;
  /** Anthropic: mark cache breakpoints; default on with `maxInputTokens`. */
  cacheBreakpoints?: boolean;
}

/** Cursor paging of the read-model queries. */
export interface PageQuery {
  cursor?: string;
  limit?: number;
  minPosition?: number;
}

/** The query of `GET /v1/sessions/:sessionId/events`. */
export interface EventsQuery {
  fromRevision?: number;
  limit?: number;
  direction?: 'forwards' | 'backwards';
}
