import type { RuntimeMessageKind } from '@agent-ledger/messages';

/** What analytics reads of one tool result part. */
export interface ToolResultFact {
  toolCallId: string;
  /** As recorded; a result without one takes its call's name. */
  toolName?: string;
  /** `error-text`, `error-json` or `execution-denied`. */
  error: boolean;
  /** Characters of its output text (`toolOutputText`). */
  chars: number;
}

/** What analytics reads of one recorded message. */
export interface MessageAnalyticsFacts {
  messageId: string;
  kind: RuntimeMessageKind;
  createdAt: string;
  agentName?: string;
  toolCalls?: Array<{ toolCallId: string; toolName: string }>;
  toolResults?: ToolResultFact[];
  /** A pruned tool result (`metadata.compactedAt`). */
  pruned?: boolean;
  /** A compact boundary's `tokensBefore`. */
  tokensBefore?: number;
  /** A compact summary: its length in characters and the boundary it names. */
  summaryChars?: number;
  summaryForBoundaryId?: string;
  /** An agent switch note: the agent that took over. */
  handoffTo?: string;
}

/** What analytics reads of one `ModelCallRecorded` event. */
export interface ModelCallFacts {
  callId: string;
  recordedAt: string;
  agentName?: string;
  provider?: string;
  modelId?: string;
  /** From the AI SDK's `usage`; a count the provider did not report is 0. */
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Input tokens written to the provider's prompt cache (billed above plain input by Anthropic). */
  cacheWriteTokens: number;
  totalTokens: number;
  /** The step's response messages. */
  messageIds: string[];
  /** Milliseconds, where the runtime measured it. */
  latencyMs?: number;
  /** Where the provider reported it or the runtime sent it. */
  cost?: { amount: number; currency: string };
  /** The ledger's count of the input tokens of the context the call was sent, when recorded. */
  contextTokens?: { input: number; method: string };
}
