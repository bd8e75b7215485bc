import type { RuntimeMessageKind } from '@agent-ledger/messages';

/** Token counts summed over model calls, as the AI SDK's `usage` reported them. */
export interface TokenTotals {
  input: number;
  output: number;
  reasoning: number;
  cachedInput: number;
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

/** The analytics view of one session. */
export interface SessionAnalytics {
  view: 'analytics';
  sessionId: string;
  /** `user_input` messages: a turn is one and everything until the next. */
  turns: number;
  messages: { total: number; byKind: Partial<Record<RuntimeMessageKind, number>> };
  modelCalls: ModelCallFigures;
  tokens: TokenTotals;
  /** Per tool name, by name. */
  tools: ToolFigures[];
  /** Pruned tool results and the characters of output the model no longer sees. */
  prunings: { results: number; characters: number };
  compactions: CompactionFigures[];
  /** Agent switches, by the agent that took over. */
  handoffs: { total: number; byAgent: Record<string, number> };
  firstActivityAt?: string;
  lastActivityAt?: string;
}
