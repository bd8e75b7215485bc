import type { MessageAnalyticsFacts, ModelCallFacts } from './analytics-facts';
import type { SizeFigures, TokenTotals } from './session-analytics';
import { modelKeyOf, sizeFigures } from './summarize-analytics';

/** What cross-session analytics are grouped by. */
export type AnalyticsGroupBy = 'day' | 'agent' | 'model' | 'tool';

/** The facts of one session, as cross-session analytics read them. */
export interface SessionAnalyticsFacts {
  sessionId: string;
  messages: readonly MessageAnalyticsFacts[];
  calls: readonly ModelCallFacts[];
}

/** One group's figures. */
export interface AnalyticsGroup {
  key: string;
  /** Sessions with at least one message or call in the group. */
  sessions: number;
  messages: number;
  turns: number;
  modelCalls: number;
  tokens: TokenTotals;
  /** Calls with a latency, and their figures (ms); absent when none has one. */
  timed?: number;
  latencyMs?: SizeFigures;
  /** Calls with a cost, and their sum per currency; absent when none has one. */
  priced?: number;
  cost?: Record<string, number>;
  toolCalls: number;
  toolErrors: number;
  toolOutputChars: SizeFigures;
}

/**
 * Analytics across sessions, grouped, over `[from, to)` (ISO-8601; a message counts by its
 * `createdAt`, a call by its `recordedAt`). Each message, call and tool part goes to one group:
 * - `day`: its UTC date (`2026-01-31`);
 * - `agent`: its agent (`effectiveAgentName`, else `agentName`; a call's `agentName`), else `unknown`;
 * - `model`: a call's `provider/modelId`; a message by the call whose step produced it
 *   (`messageIds`), else `none` (user input, tool results, runtime notes);
 * - `tool`: only tool calls and results, by tool name (a result without one by its call's).
 * A group's calls also give their latency (median, slowest, sum of the timed ones) and their cost
 * per currency (of the priced ones), as one session's `modelCalls` does. Groups are sorted by key.
 */
export function groupAnalytics(
  sessions: readonly SessionAnalyticsFacts[],
  groupBy: AnalyticsGroupBy,
  range: { from?: string; to?: string } = {},
): AnalyticsGroup[] {
  const inRange = (time: string) =>
    (range.from === undefined || time >= range.from) && (range.to === undefined || time < range.to);
  const groups = new Map<string, Accumulator>();
  const group = (key: string, sessionId: string): Accumulator => {
    let accumulator = groups.get(key);
    if (accumulator === undefined) groups.set(key, (accumulator = newAccumulator()));
    accumulator.sessions.add(sessionId);
    return accumulator;
  };
  for (const session of sessions) {
    const modelOfMessage = new Map<string, string>();
    for (const call of session.calls) {
      for (const id of call.messageIds) modelOfMessage.set(id, modelKeyOf(call));
    }
    const callNames = new Map<string, string>();
    for (const message of session.messages) {
      for (const call of message.toolCalls ?? []) callNames.set(call.toolCallId, call.toolName);
      if (!inRange(message.createdAt)) continue;
      const keyOf = (): string | undefined => {
        switch (groupBy) {
          case 'day':
            return message.createdAt.slice(0, 10);
          case 'agent':
            return message.agentName ?? 'unknown';
          case 'model':
            return modelOfMessage.get(message.messageId) ?? 'none';
          case 'tool':
            return undefined;
          default: {
            const unreachable: never = groupBy;
            return unreachable;
          }
        }
      };
      const key = keyOf();
      if (key !== undefined) {
        const accumulator = group(key, session.sessionId);
        accumulator.messages += 1;
        if (message.kind === 'user_input') accumulator.turns += 1;
      }
      for (const call of message.toolCalls ?? []) {
        const accumulator = group(key ?? call.toolName, session.sessionId);
        accumulator.toolCalls += 1;
        if (key === undefined) accumulator.messages += 1;
      }
      for (const result of message.toolResults ?? []) {
        const name = result.toolName ?? callNames.get(result.toolCallId) ?? 'unknown';
        const accumulator = group(key ?? name, session.sessionId);
        if (result.error) accumulator.toolErrors += 1;
        accumulator.sizes.push(result.chars);
        if (key === undefined) accumulator.messages += 1;
      }
    }
    if (groupBy === 'tool') continue;
    for (const call of session.calls) {
      if (!inRange(call.recordedAt)) continue;
      const key =
        groupBy === 'day'
          ? call.recordedAt.slice(0, 10)
          : groupBy === 'agent'
            ? (call.agentName ?? 'unknown')
            : modelKeyOf(call);
      const accumulator = group(key, session.sessionId);
      accumulator.modelCalls += 1;
      accumulator.tokens.input += call.inputTokens;
      accumulator.tokens.output += call.outputTokens;
      accumulator.tokens.reasoning += call.reasoningTokens;
      accumulator.tokens.cachedInput += call.cachedInputTokens;
      accumulator.tokens.cacheWrite += call.cacheWriteTokens;
      accumulator.tokens.total += call.totalTokens;
      if (call.latencyMs !== undefined) accumulator.latencies.push(call.latencyMs);
      if (call.cost !== undefined) {
        accumulator.priced += 1;
        accumulator.cost[call.cost.currency] =
          (accumulator.cost[call.cost.currency] ?? 0) + call.cost.amount;
      }
    }
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, accumulator]) => ({
      key,
      sessions: accumulator.sessions.size,
      messages: accumulator.messages,
      turns: accumulator.turns,
      modelCalls: accumulator.modelCalls,
      tokens: accumulator.tokens,
      ...(accumulator.latencies.length === 0
        ? {}
        : { timed: accumulator.latencies.length, latencyMs: sizeFigures(accumulator.latencies) }),
      ...(accumulator.priced === 0 ? {} : { priced: accumulator.priced, cost: accumulator.cost }),
      toolCalls: accumulator.toolCalls,
      toolErrors: accumulator.toolErrors,
      toolOutputChars: sizeFigures(accumulator.sizes),
    }));
}

interface Accumulator {
  sessions: Set<string>;
  messages: number;
  turns: number;
  modelCalls: number;
  tokens: TokenTotals;
  latencies: number[];
  priced: number;
  cost: Record<string, number>;
  toolCalls: number;
  toolErrors: number;
  sizes: number[];
}

function newAccumulator(): Accumulator {
  return {
    sessions: new Set(),
    messages: 0,
    turns: 0,
    modelCalls: 0,
    tokens: { input: 0, output: 0, reasoning: 0, cachedInput: 0, cacheWrite: 0, total: 0 },
    latencies: [],
    priced: 0,
    cost: {},
    toolCalls: 0,
    toolErrors: 0,
    sizes: [],
  };
}
