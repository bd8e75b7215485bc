import type { ModelMessage as AiSdkModelMessage } from 'ai';

/** Anthropic's ephemeral cache breakpoint, as `@ai-sdk/anthropic` reads it from a message. */
const CACHE_CONTROL = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

/**
 * Marks Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`) on the last message,
 * which the next call's prompt extends, and on the last message before the latest run of assistant
 * messages, the end of the previous call's prompt, so that a call reads the cache written by the
 * one before it even when it added more blocks than Anthropic looks back over. Two of the four
 * breakpoints Anthropic allows; the messages' other provider options are kept.
 */
export function placeCacheBreakpoints(messages: readonly AiSdkModelMessage[]): {
  messages: AiSdkModelMessage[];
  breakpoints: number[];
} {
  const last = messages.length - 1;
  if (last < 0) return { messages: [], breakpoints: [] };
  const runStart = messages.findLastIndex(
    (message, index) =>
      index > 0 && message.role === 'assistant' && messages[index - 1]?.role !== 'assistant',
  );
  const breakpoints = runStart > 0 && runStart - 1 < last ? [runStart - 1, last] : [last];
  return {
    messages: messages.map((message, index) =>
      breakpoints.includes(index) ? withCacheControl(message) : message,
    ),
    breakpoints,
  };
}

function withCacheControl(message: AiSdkModelMessage): AiSdkModelMessage {
  const options = message.providerOptions ?? {};
  return {
    ...message,
    providerOptions: {
      ...options,
      anthropic: { ...options['anthropic'], ...CACHE_CONTROL.anthropic },
    },
  };
}
