import type { RuntimeMessageKind } from './runtime-message';

/** Token totals of model calls. */
export interface TokenTotals {
  input: number;
  output: number;
  reasoning: number;
  cachedInput: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheWrite: number;
  total: number;
}

/** Sizes in characters: median, largest, sum. */
export interface SizeFigures {
  p50: number;
  max: number;
  total: number;
}

/** One model call in a session's analytics: reported tokens beside the ledger's count. */
export interface ModelCallRow {
  callId: string;
  recordedAt: string;
  /** `provider/modelId`. */
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  latencyMs?: number;
  cost?: { amount: number; currency: string };
  /** The model context's count of the context the call was sent, when the runtime recorded it. */
  estimatedInputTokens?: number;
  estimateMethod?: string;
  /** `estimatedInputTokens - inputTokens`. */
  estimateError?: number;
}

/** A pruning mark or compaction against its cost after cache effects (docs/analytics.md). */
export interface ContextShrinkFigures {
  kind: 'pruning' | 'compaction';
  revision: number;
  boundaryId?: string;
  results?: number;
  tokensBefore?: number;
  tokensAfter?: number;
  tokensShed?: number;
  callsAfter: number;
  tokensSaved?: number;
  cache?: {
    cachedBefore: number;
    readAfter: number;
    writtenAfter: number;
    rebilledTokens: number;
    /** Plain-input-token equivalents; negative when the shrink paid for itself. */
    netCost: number;
    breakEvenCalls?: number;
  };
}

/** `GET /v1/sessions/:sessionId/analytics` (docs/analytics.md). */
export interface SessionAnalytics {
  view: 'analytics';
  sessionId: string;
  turns: number;
  messages: { total: number; byKind: Partial<Record<RuntimeMessageKind, number>> };
  modelCalls: {
    total: number;
    byModel: Record<string, number>;
    /** Calls that recorded a latency; absent when none did. */
    timed?: number;
    /** Their latency in milliseconds: median, slowest, sum. */
    latencyMs?: SizeFigures;
    /** Calls that recorded a cost; absent when none did. */
    priced?: number;
    /** Their cost summed per currency. */
    cost?: Record<string, number>;
  };
  /** Every model call, in log order. */
  calls: ModelCallRow[];
  /** The ledger's counts against the reported input; absent when no call has both. */
  tokenEstimates?: { calls: number; meanAbsoluteError: number; meanAbsolutePercentError: number };
  tokens: TokenTotals;
  tools: Array<{
    toolName: string;
    calls: number;
    results: number;
    errors: number;
    outputChars: SizeFigures;
  }>;
  prunings: { results: number; characters: number };
  compactions: Array<{
    boundaryId: string;
    createdAt: string;
    tokensBefore?: number;
    summaryChars?: number;
  }>;
  /**
   * Each compaction a provider made on its side (Anthropic's block, OpenAI's item), in log order:
   * the input of the model calls around it, and the calls after it.
   */
  providerCompactions: Array<{
    compactionId: string;
    revision: number;
    provider: string;
    family: 'anthropic' | 'openai';
    tokensBefore?: number;
    tokensAfter?: number;
    callsAfter: number;
  }>;
  /** Each pruning mark and compaction, in log order. */
  contextShrinks: ContextShrinkFigures[];
  handoffs: { total: number; byAgent: Record<string, number> };
  firstActivityAt?: string;
  lastActivityAt?: string;
}

/** How `GET /v1/analytics` groups. */
export type AnalyticsGroupBy = 'day' | 'agent' | 'model' | 'tool';

/** `GET /v1/analytics` query: the grouping and a time range `[from, to)`. */
export interface AnalyticsQuery {
  groupBy?: AnalyticsGroupBy;
  from?: string;
  to?: string;
}

/** One group's figures. */
export interface AnalyticsGroup {
  key: string;
  sessions: number;
  messages: number;
  turns: number;
  modelCalls: number;
  tokens: TokenTotals;
  /** The group's calls with a latency, and their figures (ms); absent when none has one. */
  timed?: number;
  latencyMs?: SizeFigures;
  /** The group's calls with a cost, and their sum per currency; absent when none has one. */
  priced?: number;
  cost?: Record<string, number>;
  toolCalls: number;
  toolErrors: number;
  toolOutputChars: SizeFigures;
}

/** `GET /v1/analytics`. */
export interface AnalyticsPage {
  groupBy: AnalyticsGroupBy;
  from: string | null;
  to: string | null;
  groups: AnalyticsGroup[];
}
