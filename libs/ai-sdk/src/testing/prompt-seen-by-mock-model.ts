import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { generateText, type ModelMessage as AiSdkModelMessage, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { noNetworkDownload } from './no-network-download';

/** What the helpers send: `toAiSdkPrompt`'s output, or bare messages. */
export interface PromptInput {
  system?: string | undefined;
  messages: AiSdkModelMessage[];
}

/**
 * Runs a prompt through `generateText` with a `MockLanguageModelV3` and returns the prompt the
 * model received (after the AI SDK's own validation, approval handling and conversion). Throws
 * what `generateText` throws (invalid messages, missing tool results…). URLs are never
 * downloaded: the mock claims to support every http(s) URL.
 */
export async function promptSeenByMockModel(
  prompt: PromptInput,
  options: { tools?: ToolSet } = {},
): Promise<LanguageModelV3Prompt> {
  const model = new MockLanguageModelV3({
    supportedUrls: { '*': [/^https?:\/\//] },
    doGenerate: {
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    },
  });
  await generateText({
    model,
    ...(prompt.system === undefined ? {} : { system: prompt.system }),
    messages: prompt.messages,
    allowSystemInMessages: true,
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    experimental_download: noNetworkDownload,
  });
  const call = model.doGenerateCalls[0];
  if (call === undefined) throw new Error('generateText did not call the mock model');
  return call.prompt;
}
