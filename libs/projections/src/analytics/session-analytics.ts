import type { ProviderCompactionFamily, RuntimeMessageKind } from '@agent-ledger/messages';

/** Token counts summed over model calls, as the AI SDK's `usage` reported them. */
export interface TokenTotals {
  input: number;
  output: number;
  reasoning: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInput: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheWrite: number;
  total: number;
}

/** Sizes in characters: median (the lower one of an even count), largest, sum. */
export interface SizeFigures {
  p50: number;
  max: number;
  total: number;
}

/** One tool's figures: calls recorded, results, results that are errors, output sizes. */
export interface ToolFigures {
  toolName: string;
  calls: number;
  results: number;
  errors: number;
  outputChars: SizeFigures;
}

/** One compaction: its boundary, the tokens before it, and its summary's length when recorded. */
export interface CompactionFigures {
  boundaryId: string;
  createdAt: string;
  tokensBefore?: number;
  summaryChars?: number;
}

/**
 * One provider compaction (`ProviderCompactionRecorded`): its id (the artifact's message), where
 * it sits, who made it, and the input of the model calls around it (`providerCompactionFigures`).
 */
export interface ProviderCompactionFigures {
  compactionId: string;
  revision: number;
  /** The AI SDK provider id of the call that returned it, else its family. */
  provider: string;
  family: ProviderCompactionFamily;
  /** The input of the last model call before it. */
  tokensBefore?: number;
  /** The input of the first model call after it. */
  tokensAfter?: number;
  /** Model calls after it, up to the next provider compaction. */
  callsAfter: number;
}

/**
 * Model calls: how many, by model; and, only when some call recorded them, the latency of the
 * timed calls (milliseconds: median, slowest, sum) and the cost of the priced ones, per currency.
 */
export interface ModelCallFigures {
  total: number;
  byModel: Record<string, number>;
  /** Calls with a latency, and their figures. */
  timed?: number;
  latencyMs?: SizeFigures;
  /** Calls with a cost, and their sum per currency. */
  priced?: number;
  cost?: Record<string, number>;
}

/**
 * One model call as analytics show it: its model, its reported tokens (cache reads and writes
 * among its input), latency and cost where recorded, and the ledger's count of the context it was
 * sent beside the reported input (`estimateError`: the count minus the reported input).
 */
export interface ModelCallRow {
  callId: string;
  recordedAt: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  latencyMs?: number;
  cost?: { amount: number; currency: string };
  estimatedInputTokens?: number;
  estimateMethod?: string;
  estimateError?: number;
}

/**
 * How close the ledger's token counts were to the provider's: over the calls with both a count
 * and a reported input above 0, the mean absolute error in tokens and in percent of the reported.
 */
export interface TokenEstimateFigures {
  calls: number;
  meanAbsoluteError: number;
  meanAbsolutePercentError: number;
}

/**
 * One pruning mark or compaction against what it cost once the prompt cache is counted
 * (docs/analytics.md, "Context shrinks and the prompt cache"). Tokens are input tokens;
 * `netCost` is in plain-input-token equivalents at `CACHE_PRICE_WEIGHTS`: negative when the
 * shrink paid for itself over `callsAfter`.
 */
export interface ContextShrinkFigures {
  kind: 'pruning' | 'compaction';
  /** The revision of the pruning mark or of the compact boundary. */
  revision: number;
  /** The compact boundary's id. */
  boundaryId?: string;
  /** The tool results the mark pruned (first mark wins). */
  results?: number;
  tokensBefore?: number;
  tokensAfter?: number;
  /** `tokensBefore - tokensAfter`, at least 0. */
  tokensShed?: number;
  /** Model calls from the shrink to the next one (or the session's end). */
  callsAfter: number;
  /** `tokensShed × callsAfter`: input tokens those calls were not sent. */
  tokensSaved?: number;
  /** The cache effects, when the calls on both sides reported cache reads or writes. */
  cache?: {
    /** Cache reads plus writes of the last call before: the prefix the provider held. */
    cachedBefore: number;
    /** Cache reads of the first call after: the part of that prefix the shrink left in place. */
    readAfter: number;
    /** Cache writes of the first call after. */
    writtenAfter: number;
    /** `max(0, cachedBefore - readAfter - tokensShed)`: held prefix written again instead of read. */
    rebilledTokens: number;
    /** `rebilledTokens × (write − read) − tokensSaved × read`, in plain-input tokens. */
    netCost: number;
    /** Calls after the shrink it takes for the savings to pay the re-billing; absent when nothing was shed. */
    breakEvenCalls?: number;
  };
}

/** The analytics view of one session. */
export interface SessionAnalytics {
  view: 'analytics';
  sessionId: string;
  /** `user_input` messages: a turn is one and everything until the next. */
  turns: number;
  messages: { total: number; byKind: Partial<Record<RuntimeMessageKind, number>> };
  modelCalls: ModelCallFigures;
  /** Every model call, in log order. */
  calls: ModelCallRow[];
  /** The ledger's token counts against the reported input; absent when no call has both. */
  tokenEstimates?: TokenEstimateFigures;
  tokens: TokenTotals;
  /** Per tool name, by name. */
  tools: ToolFigures[];
  /** Pruned tool results and the characters of output the model no longer sees. */
  prunings: { results: number; characters: number };
  compactions: CompactionFigures[];
  /** Each compaction a provider made on its side, in log order. */
  providerCompactions: ProviderCompactionFigures[];
  /** Each pruning mark and compaction, in log order, with its cache effects. */
  contextShrinks: ContextShrinkFigures[];
  /** Agent switches, by the agent that took over. */
  handoffs: { total: number; byAgent: Record<string, number> };
  firstActivityAt?: string;
  lastActivityAt?: string;
}
