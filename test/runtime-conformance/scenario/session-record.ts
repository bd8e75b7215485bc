import type { CapturedRequest } from '../wire/wire-fetch';
import type { WireProvider } from '../wire/wire-format';
import type { ReasoningFamily } from '../wire/scripted-reply';
import type { TranscriptEntry } from '../ledger-client.example';
import type { ToolExecution } from '../workspace-tools';

/** The agents of the scripted session (keys of `codingAgents`). */
export type AgentKey = 'build' | 'review' | 'reviewOnChat' | 'docs';

/** One model call of the run: one step of a `generateText`, or the summarizer's call. */
export interface ModelCall {
  /** 1-based, in the order the calls were made. */
  number: number;
  /** `#07 build·anthropic (turn 2, step 2/4)`: what a failure names. */
  label: string;
  agent: AgentKey;
  provider: WireProvider;
  /** Which model context the call was made from. */
  format: 'ai-sdk-prompt' | 'compact-prompt';
  /** The revision of that context (see `generate`). */
  contextRevision: number;
  /** 1-based step of its `generateText`. */
  stepNumber: number;
  /** The body the adapter sent. */
  request: CapturedRequest;
  /** The step's `warnings`. */
  stepWarnings: unknown[];
  /** Label of the `generateText` call it belongs to. */
  generation: string;
}

/** A request the runtime sent to the ledger, and what it answered. */
export interface LedgerExchange {
  method: string;
  path: string;
  body: unknown;
  status: number;
  response: unknown;
}

/** The transcript read after a generation: what the runtime had sent by then must be in it. */
export interface TranscriptSnapshot {
  /** The calls made up to then (their labels name a failure). */
  afterCall: string;
  /** How many ledger exchanges had happened when it was read. */
  exchangeCount: number;
  entries: TranscriptEntry[];
}

/** A warning the AI SDK logged (through `AI_SDK_LOG_WARNINGS` or `console.warn`). */
export interface LoggedWarning {
  generation: string;
  warning: unknown;
}

/** The human's answers to the two approval requests of the script. */
export interface ApprovalFacts {
  approvedCallId: string;
  approvedOutput: string;
  deniedCallId: string;
  denialReason: string;
}

/** Everything the scripted session produced, for the intent checks to read. */
export interface SessionRecord {
  sessionId: string;
  systemPrompt: string;
  calls: ModelCall[];
  ledger: LedgerExchange[];
  transcripts: TranscriptSnapshot[];
  executions: ToolExecution[];
  loggedWarnings: LoggedWarning[];
  approvals: ApprovalFacts;
  /** Every reasoning marker the script used, with the family whose model produced it. */
  reasoningMarkers: Map<string, ReasoningFamily>;
  /** The request bodies the replays of each call (by number) produced, or why none was made. */
  replays: Map<number, { body: string } | { error: string }>;
  /** Why the run stopped before the end of the script (and during which call), if it did. */
  error?: string;
}
