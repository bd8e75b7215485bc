import type { RuntimeMessageKind } from './runtime-message';

/** Token totals of model calls. */
export interface TokenTotals {
  input: number;
  output: number;
  reasoning: number;
  cachedInput: number;
  total: number;
}

/** Sizes in characters: median, largest, sum. */
export interface SizeFigures {
  p50: number;
  max: number;
  total: number;
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
