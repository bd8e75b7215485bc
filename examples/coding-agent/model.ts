import { anthropic } from '@ai-sdk/anthropic';
import type { LanguageModelV3Content } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * Claude when `ANTHROPIC_API_KEY` is set; otherwise an offline scripted model that plays the
 * same agent: it reads the file, asks to edit it (which needs approval), then reports; asked for
 * a summary, it summarizes.
 */
export function agentModel(): { model: LanguageModel; provider: string; offline: boolean } {
  if (process.env['ANTHROPIC_API_KEY'] !== undefined) {
    return { model: anthropic('claude-sonnet-4-5'), provider: 'anthropic', offline: false };
  }
  const replies: LanguageModelV3Content[][] = [
    [toolCall('call-read', 'Read', { path: 'src/auth.ts' })],
    [
      { type: 'text', text: 'The lookup uses token.id; the token has sub.' },
      toolCall('call-edit', 'Edit', {
        path: 'src/auth.ts',
        find: 'token.id',
        replace: 'token.sub',
      }),
    ],
    [{ type: 'text', text: 'Fixed: users are now looked up by token.sub.' }],
    [
      {
        type: 'text',
        text: 'Login failed because src/auth.ts looked users up by token.id; it now uses token.sub.',
      },
    ],
  ];
  let call = 0;
  const model = new MockLanguageModelV3({
    provider: 'anthropic.messages',
    modelId: 'scripted-agent',
    doGenerate: () => {
      const content = replies[call] ?? [{ type: 'text', text: 'Nothing left to do.' }];
      call += 1;
      return Promise.resolve({
        content,
        finishReason: {
          unified: content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop',
          raw: undefined,
        },
        usage: {
          inputTokens: {
            total: 400 * call,
            noCache: undefined,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 20, text: undefined, reasoning: undefined },
        },
        response: { id: `scripted-${call}`, modelId: 'scripted-agent' },
        warnings: [],
      });
    },
  });
  return { model, provider: 'anthropic', offline: true };
}

function toolCall(toolCallId: string, toolName: string, input: unknown): LanguageModelV3Content {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}
