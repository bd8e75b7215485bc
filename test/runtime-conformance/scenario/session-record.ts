import type { CapturedRequest } from '../wire/wire-fetch';
import type { ReasoningFamily } from '../wire/scripted-reply';
import type { WireProvider } from '../wire/wire-format';
import type { ToolExecution } from '../workspace-tools';

/** A transcript entry, as far as the checks read it (the client's `TranscriptEntry` is one). */
export interface TranscriptEntry {
  id: string;
  kind: string;
  role: string;
  content: unknown;
}

/** The agents of the scripted session (keys of `codingAgents`). */
export type AgentKey = 'build' | 'review' | 'reviewOnChat' | 'docs';

/** One model call of the run: one step of a `generateText`, or the summarizer's call. */
export interface ModelCall {
  /** 1-based, in the order the calls were made. */
  number: number;
  /** `#07 build·anthropic turn 2 step 2`: what a failure names. */
  label: string;
  agent: AgentKey;
  provider: WireProvider;
  /** Which model context the call was made from. */
  format: 'ai-sdk-prompt' | 'compact-prompt';
  /** The revision of that context, as the runtime reported it (-1: the run stopped first). */
  contextRevision: number;
  /** The body the adapter sent. */
  request: CapturedRequest;
  /** The step's `warnings`, as `generateText` reported the step. */
  stepWarnings: unknown[];
}

/** A request the runtime sent to the ledger, and what it answered. */
export interface LedgerExchange {
  method: string;
  path: string;
  body: unknown;
  status: number;
  response: unknown;
}

/** A model request, and how many ledger exchanges had happened when it was sent. */
export interface ModelRequest {
  request: CapturedRequest;
  ledgerIndex: number;
}

/** A finished step as the AI SDK reported it to a telemetry integration. */
export interface ObservedStep {
  responseId: string | undefined;
  warnings: unknown[];
}

/** The transcript, read when a `generateText` call finished. */
export interface TranscriptSnapshot {
  /** How many model requests had been sent by then. */
  afterRequest: number;
  /** How many ledger exchanges had happened by then. */
  exchangeCount: number;
  entries: TranscriptEntry[];
}

/** A warning the AI SDK logged (through `AI_SDK_LOG_WARNINGS` or `console.warn`). */
export interface LoggedWarning {
  /** How many model requests had been sent when it was logged. */
  afterRequest: number;
  warning: unknown;
}

/** Everything the observed session produced, for the intent checks to read. */
export interface SessionRecord {
  sessionId: string;
  systemPrompt: string;
  calls: ModelCall[];
  ledger: LedgerExchange[];
  transcripts: TranscriptSnapshot[];
  executions: ToolExecution[];
  loggedWarnings: LoggedWarning[];
  /** Every reasoning marker the script used, with the family whose model produced it. */
  reasoningMarkers: Map<string, ReasoningFamily>;
  /** The request bodies the replays of each call (by number) produced, or why none was made. */
  replays: Map<number, { body: string } | { error: string }>;
  /** Why the run stopped before the end of the script, or strayed from it, if it did. */
  error?: string;
}
