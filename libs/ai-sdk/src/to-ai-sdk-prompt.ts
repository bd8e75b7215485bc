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
 * system text goes to `system`, the rest to `messages`, which then holds no system message at all
 * (later system text is sent as reminders unless `systemMessages: 'in-place'`).
 */
export function toAiSdkPrompt(
  messages: ModelMessage[],
  options: AiSdkSerializerOptions = {},
): AiSdkPrompt {
  return promptOf(toAiSdkMessages(messages, options));
}

/** Serialized AI SDK messages as a prompt: the leading system message becomes `system`. */
export function promptOf(serialized: readonly AiSdkModelMessage[]): AiSdkPrompt {
  const [first, ...rest] = serialized;
  if (first?.role === 'system') return { system: first.content, messages: rest };
  return { system: undefined, messages: [...serialized] };
}
