import fc from 'fast-check';
import {
  aiSdkMessageViolations,
  arbitraryModelMessages,
  anthropicRequestViolations,
  captureAnthropicRequest,
  languageModelPromptViolations,
  promptSeenByMockModel,
} from './testing';
import { toAiSdkMessages } from './to-ai-sdk-messages';
import { toAiSdkPrompt } from './to-ai-sdk-prompt';

// The AI SDK logs provider warnings (e.g. dropped reasoning) to the console; they are not under test.
Reflect.set(globalThis, 'AI_SDK_LOG_WARNINGS', false);

const PROVIDERS = [undefined, 'anthropic', 'openai', 'google'] as const;

describe('toAiSdkMessages on any history', () => {
  it.each(PROVIDERS)(
    'passes modelMessageSchema and answers every tool call in the next message (provider %s)',
    (provider) => {
      fc.assert(
        fc.property(arbitraryModelMessages(), (messages) => {
          expect(
            aiSdkMessageViolations(toAiSdkMessages(messages, { provider }), { provider }),
          ).toEqual([]);
        }),
        { numRuns: 500 },
      );
    },
  );

  it.each(PROVIDERS)(
    'gives generateText a prompt with every tool call answered (provider %s)',
    async (provider) => {
      await fc.assert(
        fc.asyncProperty(arbitraryModelMessages(), async (messages) => {
          const prompt = toAiSdkPrompt(messages, { provider });
          fc.pre(prompt.messages.length > 0);
          expect(
            languageModelPromptViolations(await promptSeenByMockModel(prompt), { provider }),
          ).toEqual([]);
        }),
        { numRuns: 150 },
      );
    },
  );

  it('leaves its input unchanged and gives the same output twice', () => {
    fc.assert(
      fc.property(arbitraryModelMessages(), fc.constantFrom(...PROVIDERS), (messages, provider) => {
        const before = structuredClone(messages);
        const first = toAiSdkMessages(messages, { provider });
        expect(messages).toEqual(before);
        expect(toAiSdkMessages(messages, { provider })).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('gives @ai-sdk/anthropic a request body that obeys the Messages API rules', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryModelMessages(), async (messages) => {
        const prompt = toAiSdkPrompt(messages, { provider: 'anthropic' });
        fc.pre(prompt.messages.length > 0);
        expect(anthropicRequestViolations(await captureAnthropicRequest(prompt))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
