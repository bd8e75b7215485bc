import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/** A reply of the scripted model: text, or tool calls. */
export type ScriptedReply =
  { text: string } | { toolCalls: Array<{ id: string; name: string; input: unknown }> };

/** A `MockLanguageModelV3` that answers `replies` in order, each with made-up token counts. */
export function scriptedModel(replies: ScriptedReply[], provider = 'anthropic.messages') {
  let call = 0;
  return new MockLanguageModelV3({
    provider,
    modelId: 'scripted-1',
    doGenerate: (): Promise<LanguageModelV3GenerateResult> => {
      const reply = replies[call];
      call += 1;
      if (reply === undefined) throw new Error(`the script has no reply ${call}`);
      const content: LanguageModelV3Content[] =
        'text' in reply
          ? [{ type: 'text', text: reply.text }]
          : reply.toolCalls.map((toolCall) => ({
              type: 'tool-call',
              toolCallId: toolCall.id,
              toolName: toolCall.name,
              input: JSON.stringify(toolCall.input),
            }));
      return Promise.resolve({
        content,
        finishReason: { unified: 'text' in reply ? 'stop' : 'tool-calls', raw: undefined },
        usage: {
          inputTokens: {
            total: 1000 * call,
            noCache: undefined,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 10 * call, text: undefined, reasoning: undefined },
        },
        response: { id: `response-${call}`, modelId: 'scripted-1' },
        warnings: [],
      });
    },
  });
}
