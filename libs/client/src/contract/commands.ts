import type { RuntimeMessageInput } from './runtime-message';

/** What every command answers: the session stream's revision and `$all` position after it. */
export interface CommandResult {
  sessionId: string;
  /** Revision of the stream's last event: send it as `expectedRevision` to append after it. */
  revision: number;
  /** Global position of the last event: give it as `minPosition` to read your write. */
  position: number;
}

/** Every command body may carry it: `-1` means the session must not exist yet. */
export interface WithExpectedRevision {
  expectedRevision?: number;
}

/**
 * A body whose append may start the session: `subjectId` names the data subject whose content it
 * holds (recorded by the first append; another one later is refused with 409 `SubjectMismatch`).
 */
export interface WithSubjectId extends WithExpectedRevision {
  subjectId?: string;
}

/** `POST /v1/sessions/:sessionId/messages`. */
export interface AppendMessagesRequest extends WithSubjectId {
  messages: RuntimeMessageInput[];
}

/** `POST /v1/sessions/:sessionId/compactions`: a `compact_boundary` and its `compact_summary`. */
export interface CompactSessionRequest extends WithExpectedRevision {
  boundary: RuntimeMessageInput;
  summary: RuntimeMessageInput;
}

/** Which tool results a policy prunes: long ones from before the last user turns. */
export interface PruningPolicy {
  keepLastUserTurns: number;
  minChars: number;
}

/** `POST /v1/sessions/:sessionId/prunings`: either `messageIds` or `policy`. */
export type PruneToolResultsRequest = WithExpectedRevision & { reason?: string } & (
    { messageIds: string[]; policy?: never } | { policy: PruningPolicy; messageIds?: never }
  );

/** `POST /v1/sessions/:sessionId/handoffs`. */
export interface HandoffSessionRequest extends WithExpectedRevision {
  fromAgent: string;
  toAgent: string;
  summary: string;
  reason?: string;
  handoffId?: string;
  runId?: string;
}

/**
 * The fields of the AI SDK's step object (`StepResult`, ai@6) besides the flat ones: `model` and
 * `response` are read, the others accepted and not recorded, so `{ generationId, ...step }` may be
 * posted as `onStepFinish` gives it.
 */
export interface AiSdkStepObject {
  /** `step.model`: `{ provider, modelId }`. */
  model?: { provider?: string; modelId?: string; [key: string]: unknown };
  /** `step.response`: `messages`, `id` and `modelId` are read. */
  response?: { messages?: unknown[]; id?: string; modelId?: string; [key: string]: unknown };
  content?: unknown;
  request?: unknown;
  warnings?: unknown;
  rawFinishReason?: unknown;
  functionId?: unknown;
  metadata?: unknown;
  experimental_context?: unknown;
  text?: unknown;
  reasoning?: unknown;
  reasoningText?: unknown;
  files?: unknown;
  sources?: unknown;
  toolCalls?: unknown;
  staticToolCalls?: unknown;
  dynamicToolCalls?: unknown;
  toolResults?: unknown;
  staticToolResults?: unknown;
  dynamicToolResults?: unknown;
}

/**
 * `POST /v1/sessions/:sessionId/ai-sdk-steps`: one step as `onStepFinish` gives it, either
 * `{ generationId, ...step }` or the flat fields picked from it (`messages`: `step.response.messages`).
 */
export interface RecordAiSdkStepRequest extends WithSubjectId, AiSdkStepObject {
  /** `step.response.messages`: every response message of the generation so far; or send `response`. */
  messages?: unknown[];
  generationId?: string;
  /** Deprecated alias of `generationId`, still accepted. */
  stepId?: string;
  stepNumber?: number;
  runId?: string;
  agentName?: string;
  provider?: string;
  modelId?: string;
  responseId?: string;
  finishReason?: string;
  usage?: unknown;
  providerMetadata?: unknown;
  contextRevision?: number;
  /** How long the call took, in milliseconds, as the runtime measured it. */
  latencyMs?: number;
  /** What the call cost, when the runtime knows it (else the provider's report in `providerMetadata` is read). */
  cost?: { amount: number; currency: string };
  /** The model-context answer's `tokens` for the context the call was sent: kept beside the reported usage. */
  contextTokens?: { input: number; method: string };
}

/** One call refused for its context length, and how the next context was shrunk. */
export interface OverflowAttemptRecord {
  /** `prompt_too_long`, `context_length_exceeded`, `input_token_count_exceeded`, `maximum_context_length`. */
  errorCode: string;
  limitTokens?: number;
  requestedTokens?: number;
  shrink: 'budget' | 'prune' | 'compact';
  /** The token budget the next context was asked for. */
  maxInputTokens?: number;
}

/** `POST /v1/sessions/:sessionId/overflow-recoveries`: a recovered context overflow, no content. */
export interface RecordOverflowRecoveryRequest extends WithExpectedRevision {
  recoveryId: string;
  /** The AI SDK provider id of the model (`anthropic.messages`). */
  provider: string;
  call?: 'model' | 'summarization';
  attempts: OverflowAttemptRecord[];
}

/** `POST /v1/sessions/:sessionId/end`. */
export interface EndSessionRequest extends WithExpectedRevision {
  reason?: string;
}

/** `POST /v1/sessions/:sessionId/forks`: the new session's id, and the revision (default: the head). */
export interface ForkSessionRequest {
  sessionId: string;
  /** Default: the source's head. */
  atRevision?: number;
  /** Instead of `atRevision`: fork at the revision that recorded this message (by its transcript id). */
  atMessageId?: string;
}

/** `POST /v1/sessions/:sessionId/rewinds`: exactly one of `toRevision`, `toMessageId`. */
export type RewindSessionRequest = WithExpectedRevision & { reason?: string } & (
    { toRevision: number; toMessageId?: never } | { toMessageId: string; toRevision?: never }
  );

/** What a rewind answers. */
export interface RewindResult extends CommandResult {
  /** The revision the session went back to (for `toMessageId`, where that message was recorded). */
  toRevision: number;
  /** The messages the rewind undid (empty when it undid nothing: a retry). */
  rewoundMessageIds: string[];
}
