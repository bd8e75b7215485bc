import type { RuntimeMessageKind } from '@agent-ledger/messages';
import type { MessageAnalyticsFacts, ModelCallFacts } from './analytics-facts';
import type { AnalyticsTimelineEntry } from './analytics-timeline';
import { contextShrinkFigures } from './context-shrink-figures';
import { providerCompactionFigures } from './provider-compaction-figures';
import type {
  CompactionFigures,
  ModelCallRow,
  SessionAnalytics,
  SizeFigures,
  TokenEstimateFigures,
  ToolFigures,
} from './session-analytics';

/** What `?? NONE` iterates when a message has no calls or results (no array made for it). */
const NONE: readonly never[] = [];

/** The name of a model in `byModel`: `provider/modelId`, parts that were not recorded left out. */
export function modelKeyOf(call: ModelCallFacts): string {
  return [call.provider, call.modelId].filter((part) => part !== undefined).join('/') || 'unknown';
}

/**
 * A session's analytics from the facts of its recorded messages (in log order), its model calls,
 * and where calls, pruning marks, compact boundaries and provider compactions sit in its log
 * (`timeline`: the context shrinks' figures, `contextShrinkFigures`, and the provider
 * compactions', `providerCompactionFigures`). A tool result without a `toolName` is counted under
 * its call's name (`unknown` without one); a compaction's summary is the latest one naming its
 * boundary.
 */
export function summarizeAnalytics(
  sessionId: string,
  messages: readonly MessageAnalyticsFacts[],
  calls: readonly ModelCallFacts[],
  timeline: readonly AnalyticsTimelineEntry[] = [],
): SessionAnalytics {
  const byKind: Partial<Record<RuntimeMessageKind, number>> = {};
  const callNames = new Map<string, string>();
  const tools = new Map<
    string,
    { calls: number; results: number; errors: number; sizes: number[] }
  >();
  const tool = (name: string) => {
    let figures = tools.get(name);
    if (figures === undefined)
      tools.set(name, (figures = { calls: 0, results: 0, errors: 0, sizes: [] }));
    return figures;
  };
  const prunings = { results: 0, characters: 0 };
  const compactions: CompactionFigures[] = [];
  const summaries = new Map<string, number>();
  const handoffs: SessionAnalytics['handoffs'] = { total: 0, byAgent: {} };
  // The earliest and latest times, as sorting every time would order them (by UTF-16 code units).
  let first: string | undefined;
  let last: string | undefined;
  for (const message of messages) {
    byKind[message.kind] = (byKind[message.kind] ?? 0) + 1;
    if (first === undefined || message.createdAt < first) first = message.createdAt;
    if (last === undefined || message.createdAt > last) last = message.createdAt;
    for (const call of message.toolCalls ?? NONE) {
      callNames.set(call.toolCallId, call.toolName);
      tool(call.toolName).calls += 1;
    }
    for (const result of message.toolResults ?? NONE) {
      const figures = tool(result.toolName ?? callNames.get(result.toolCallId) ?? 'unknown');
      figures.results += 1;
      if (result.error) figures.errors += 1;
      figures.sizes.push(result.chars);
      if (message.pruned === true) {
        prunings.results += 1;
        prunings.characters += result.chars;
      }
    }
    if (message.kind === 'compact_boundary') {
      compactions.push({
        boundaryId: message.messageId,
        createdAt: message.createdAt,
        ...(message.tokensBefore === undefined ? {} : { tokensBefore: message.tokensBefore }),
      });
    }
    if (message.summaryForBoundaryId !== undefined && message.summaryChars !== undefined) {
      summaries.set(message.summaryForBoundaryId, message.summaryChars);
    }
    if (message.handoffTo !== undefined) {
      handoffs.total += 1;
      handoffs.byAgent[message.handoffTo] = (handoffs.byAgent[message.handoffTo] ?? 0) + 1;
    }
  }
  const byModel: Record<string, number> = {};
  const tokens = { input: 0, output: 0, reasoning: 0, cachedInput: 0, cacheWrite: 0, total: 0 };
  const latencies: number[] = [];
  const cost: Record<string, number> = {};
  let priced = 0;
  for (const call of calls) {
    if (call.latencyMs !== undefined) latencies.push(call.latencyMs);
    if (call.cost !== undefined) {
      priced += 1;
      cost[call.cost.currency] = (cost[call.cost.currency] ?? 0) + call.cost.amount;
    }
    const key = modelKeyOf(call);
    byModel[key] = (byModel[key] ?? 0) + 1;
    tokens.input += call.inputTokens;
    tokens.output += call.outputTokens;
    tokens.reasoning += call.reasoningTokens;
    tokens.cachedInput += call.cachedInputTokens;
    tokens.cacheWrite += call.cacheWriteTokens;
    tokens.total += call.totalTokens;
    if (first === undefined || call.recordedAt < first) first = call.recordedAt;
    if (last === undefined || call.recordedAt > last) last = call.recordedAt;
  }
  return {
    view: 'analytics',
    sessionId,
    turns: byKind.user_input ?? 0,
    messages: { total: messages.length, byKind },
    modelCalls: {
      total: calls.length,
      byModel,
      ...(latencies.length === 0
        ? {}
        : { timed: latencies.length, latencyMs: sizeFigures(latencies) }),
      ...(priced === 0 ? {} : { priced, cost }),
    },
    calls: calls.map(modelCallRow),
    ...tokenEstimates(calls),
    tokens,
    tools: [...tools]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([toolName, figures]): ToolFigures => ({
        toolName,
        calls: figures.calls,
        results: figures.results,
        errors: figures.errors,
        outputChars: sizeFigures(figures.sizes),
      })),
    prunings,
    compactions: compactions.map((compaction) => {
      const summaryChars = summaries.get(compaction.boundaryId);
      return summaryChars === undefined ? compaction : { ...compaction, summaryChars };
    }),
    providerCompactions: providerCompactionFigures(timeline, calls),
    contextShrinks: contextShrinkFigures(timeline, messages, calls),
    handoffs,
    ...(first === undefined ? {} : { firstActivityAt: first }),
    ...(last === undefined ? {} : { lastActivityAt: last }),
  };
}

/** A call's row: reported tokens, and the ledger's count beside the reported input. */
function modelCallRow(call: ModelCallFacts): ModelCallRow {
  const estimate = call.contextTokens;
  return {
    callId: call.callId,
    recordedAt: call.recordedAt,
    model: modelKeyOf(call),
    inputTokens: call.inputTokens,
    outputTokens: call.outputTokens,
    cacheReadTokens: call.cachedInputTokens,
    cacheWriteTokens: call.cacheWriteTokens,
    ...(call.latencyMs === undefined ? {} : { latencyMs: call.latencyMs }),
    ...(call.cost === undefined ? {} : { cost: call.cost }),
    ...(estimate === undefined
      ? {}
      : {
          estimatedInputTokens: estimate.input,
          estimateMethod: estimate.method,
          ...(call.inputTokens > 0 ? { estimateError: estimate.input - call.inputTokens } : {}),
        }),
  };
}

/**
 * The mean absolute error of the ledger's counts against the reported input (tokens, and percent
 * of the reported, to one decimal), over the calls with both; nothing when there are none.
 */
function tokenEstimates(
  calls: readonly ModelCallFacts[],
): { tokenEstimates: TokenEstimateFigures } | Record<string, never> {
  let count = 0;
  let absolute = 0;
  let percent = 0;
  for (const call of calls) {
    if (call.contextTokens === undefined || call.inputTokens <= 0) continue;
    const error = Math.abs(call.contextTokens.input - call.inputTokens);
    count += 1;
    absolute += error;
    percent += (error / call.inputTokens) * 100;
  }
  if (count === 0) return {};
  return {
    tokenEstimates: {
      calls: count,
      meanAbsoluteError: Math.round((absolute / count) * 10) / 10,
      meanAbsolutePercentError: Math.round((percent / count) * 10) / 10,
    },
  };
}

/** Median (lower), largest and sum of `sizes`; zeros when there are none. */
export function sizeFigures(sizes: readonly number[]): SizeFigures {
  if (sizes.length === 0) return { p50: 0, max: 0, total: 0 };
  const sorted = [...sizes].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
    total: sorted.reduce((sum, size) => sum + size, 0),
  };
}
