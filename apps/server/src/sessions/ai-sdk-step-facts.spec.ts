import { aiSdkStepFacts } from './ai-sdk-step-facts';
import type { RecordAiSdkStepDto } from './dto/record-ai-sdk-step.dto';

/**
 * A body as the validation pipe hands it over (the DTO classes import NestJS, which Jest cannot
 * load): `@IsOptional()` lets `null` through, so a count may be `null` where the type says absent.
 */
const body = (fields: Record<string, unknown>): RecordAiSdkStepDto => ({ messages: [], ...fields });

describe('aiSdkStepFacts', () => {
  it('keeps every fact of an onStepFinish step, leaving out the counts the provider did not report', () => {
    expect(
      aiSdkStepFacts(
        body({
          generationId: 'g1',
          stepNumber: 0,
          provider: 'anthropic.messages',
          modelId: 'claude-sonnet-4-5',
          responseId: 'msg_1',
          finishReason: 'tool-calls',
          usage: {
            inputTokens: 1200,
            inputTokenDetails: {
              noCacheTokens: 200,
              cacheReadTokens: 1000,
              cacheWriteTokens: null,
            },
            outputTokens: 80,
            outputTokenDetails: {},
            totalTokens: 1280,
            reasoningTokens: null,
            raw: { input_tokens: 200 },
          },
          providerMetadata: { anthropic: { cacheCreationInputTokens: 0 } },
          contextRevision: 5,
          expectedRevision: 5,
        }),
      ),
    ).toEqual({
      ok: true,
      facts: {
        generationId: 'g1',
        stepNumber: 0,
        provider: 'anthropic.messages',
        modelId: 'claude-sonnet-4-5',
        responseId: 'msg_1',
        finishReason: 'tool-calls',
        usage: {
          inputTokens: 1200,
          inputTokenDetails: { noCacheTokens: 200, cacheReadTokens: 1000 },
          outputTokens: 80,
          outputTokenDetails: {},
          totalTokens: 1280,
          raw: { input_tokens: 200 },
        },
        providerMetadata: { anthropic: { cacheCreationInputTokens: 0 } },
        contextRevision: 5,
      },
    });
  });

  it('refuses provider metadata that is not an object per provider', () => {
    expect(
      aiSdkStepFacts(body({ providerMetadata: { anthropic: 'cached', openai: [1] } })),
    ).toEqual({
      ok: false,
      errors: [
        'providerMetadata.anthropic: must be a JSON object',
        'providerMetadata.openai: must be a JSON object',
      ],
    });
  });
});
