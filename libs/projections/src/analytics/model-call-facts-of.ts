import type { ModelCallFacts } from './analytics-facts';

/**
 * Bumped when `modelCallFactsOf` gives other facts (2: cache writes, the ledger's token count):
 * a read model that stored them is rebuilt.
 */
export const MODEL_CALL_FACTS_VERSION = 2;

/** The fields of a `ModelCallRecorded` event's data that analytics reads (the AI SDK's `usage`). */
export interface RecordedModelCall {
  callId: string;
  recordedAt: string;
  agentName?: string;
  provider?: string;
  modelId?: string;
  messageIds: string[];
  latencyMs?: number;
  cost?: { amount: number; currency: string };
  contextTokens?: { input: number; method: string };
  /** The step's provider metadata: Anthropic's `cacheCreationInputTokens` where the usage has no cache writes. */
  providerMetadata?: Record<string, Record<string, unknown>>;
  usage?: {
    inputTokens?: number;
    inputTokenDetails?: { cacheReadTokens?: number; cacheWriteTokens?: number };
    outputTokens?: number;
    outputTokenDetails?: { reasoningTokens?: number };
    totalTokens?: number;
    reasoningTokens?: number;
    cachedInputTokens?: number;
  };
}

/**
 * What analytics reads of one model call. Tokens are the AI SDK's `usage` as recorded: input,
 * output, reasoning (`outputTokenDetails.reasoningTokens`, else the deprecated `reasoningTokens`),
 * cached input (`inputTokenDetails.cacheReadTokens`, else the deprecated `cachedInputTokens`),
 * cache writes (`inputTokenDetails.cacheWriteTokens`, else Anthropic's
 * `providerMetadata.anthropic.cacheCreationInputTokens`), total (`totalTokens`, else input +
 * output); a count the provider did not report is 0. Latency, cost and the ledger's count of the
 * context (`contextTokens`) are kept only where the call recorded them.
 */
export function modelCallFactsOf(call: RecordedModelCall): ModelCallFacts {
  const usage = call.usage ?? {};
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return {
    callId: call.callId,
    recordedAt: call.recordedAt,
    ...(call.agentName === undefined ? {} : { agentName: call.agentName }),
    ...(call.provider === undefined ? {} : { provider: call.provider }),
    ...(call.modelId === undefined ? {} : { modelId: call.modelId }),
    inputTokens,
    outputTokens,
    reasoningTokens: usage.outputTokenDetails?.reasoningTokens ?? usage.reasoningTokens ?? 0,
    cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0,
    cacheWriteTokens: usage.inputTokenDetails?.cacheWriteTokens ?? anthropicCacheWrites(call) ?? 0,
    totalTokens: usage.totalTokens ?? inputTokens + outputTokens,
    messageIds: [...call.messageIds],
    ...(call.latencyMs === undefined ? {} : { latencyMs: call.latencyMs }),
    ...(call.cost === undefined
      ? {}
      : { cost: { amount: call.cost.amount, currency: call.cost.currency } }),
    ...(call.contextTokens === undefined
      ? {}
      : { contextTokens: { input: call.contextTokens.input, method: call.contextTokens.method } }),
  };
}

/** Anthropic's own count of cache writes, where the AI SDK's usage has none. */
function anthropicCacheWrites(call: RecordedModelCall): number | undefined {
  const written = call.providerMetadata?.['anthropic']?.['cacheCreationInputTokens'];
  return typeof written === 'number' && written >= 0 ? written : undefined;
}
