import type { ModelMessage } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { AiSdkSerializerOptions } from './serialization-report';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

/**
 * Serializes model-view messages into exactly what the AI SDK's `ModelMessage[]` wants, for the
 * given provider. Same as `toAiSdkMessagesWithReport` without the fallback report.
 */
export function toAiSdkMessages(
  messages: ModelMessage[],
  options: AiSdkSerializerOptions = {},
): AiSdkModelMessage[] {
  return toAiSdkMessagesWithReport(messages, options).messages;
}
