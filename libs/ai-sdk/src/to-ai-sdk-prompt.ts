import type { ModelMessage } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { AiSdkSerializerOptions } from './serialization-report';
import { toAiSdkMessages } from './to-ai-sdk-messages';

/** Arguments for `generateText({ model, system, messages })`. */
export interface AiSdkPrompt {
  system: string | undefined;
  messages: AiSdkModelMessage[];
}

/**
 * Serializes model-view messages for `generateText({ model, system, messages })`: the leading
 * system text goes to `system`, the rest to `messages`. For providers with strict rules (every
 * provider but OpenAI) `messages` then holds no system message at all.
 */
export function toAiSdkPrompt(
  messages: ModelMessage[],
  options: AiSdkSerializerOptions = {},
): AiSdkPrompt {
  const [first, ...rest] = toAiSdkMessages(messages, options);
  if (first === undefined) return { system: undefined, messages: [] };
  if (first.role === 'system') return { system: first.content, messages: rest };
  return { system: undefined, messages: [first, ...rest] };
}
