import * as fc from 'fast-check';
import { toAiSdkMessages, toAiSdkPrompt } from '@agent-ledger/ai-sdk';
import {
  aiSdkMessageViolations,
  anthropicRequestViolations,
  captureAnthropicRequest,
  languageModelPromptViolations,
  promptSeenByMockModel,
} from '@agent-ledger/ai-sdk/testing';
import { normalizeSessionEvents } from '@agent-ledger/events';
import {
  projectToCompact,
  projectToDebug,
  projectToExport,
  projectToModel,
  projectToTranscript,
  type ProjectionContext,
} from '@agent-ledger/projections';
import { arbitrarySessionHistory } from '@agent-ledger/testing';

/**
 * Invariants across all four layers, over generated histories: any mix of the 13 kinds,
 * compactions, prunings, hand-offs, dangling calls, orphan results and duplicated ids.
 */
const providers = [undefined, 'anthropic', 'openai', 'google'] as const;

const arbitraryContext = fc.record({
  provider: fc.constantFrom(...providers),
  includeReasoning: fc.option(fc.boolean(), { nil: undefined }),
  includeToolResults: fc.option(fc.boolean(), { nil: undefined }),
  toolResultSoftLimitChars: fc.option(fc.integer({ min: 50, max: 30_000 }), { nil: undefined }),
  applyCompactBoundary: fc.option(fc.boolean(), { nil: undefined }),
  injectRuntimeReminder: fc.option(fc.boolean(), { nil: undefined }),
});

type ContextOptions = typeof arbitraryContext extends fc.Arbitrary<infer T> ? T : never;

function contextOf(options: ContextOptions): ProjectionContext {
  const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'main' };
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) Object.assign(context, { [key]: value });
  }
  return context;
}

function serializerOptions(context: ProjectionContext): { provider?: string } {
  return context.provider === undefined ? {} : { provider: context.provider };
}

describe('the four layers over generated histories', () => {
  it('the model view is a subset of the transcript and every source id names a runtime message', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { messages } = normalizeSessionEvents(events);
        const context = contextOf(options);
        const runtimeIds = new Set(messages.map((message) => message.id));
        const transcriptIds = new Set(
          projectToTranscript(messages, context).messages.flatMap((m) => m.sourceMessageIds),
        );
        const model = projectToModel(messages, context);
        for (const message of model.messages) {
          for (const id of message.sourceMessageIds) {
            expect(runtimeIds.has(id)).toBe(true);
            // Synthetic repairs may be hidden from the transcript; everything else the model sees is there too.
            const source = messages.find((candidate) => candidate.id === id);
            if (source?.metadata?.visibleInTranscript !== false)
              expect(transcriptIds.has(id)).toBe(true);
          }
        }
        for (const view of [projectToCompact, projectToDebug, projectToExport]) {
          for (const message of view(messages, context).messages) {
            for (const id of message.sourceMessageIds) expect(runtimeIds.has(id)).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the AI SDK output passes modelMessageSchema and answers every tool call exactly once', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { messages } = normalizeSessionEvents(events);
        const context = contextOf(options);
        const output = toAiSdkMessages(
          projectToModel(messages, context).messages,
          serializerOptions(context),
        );
        expect(aiSdkMessageViolations(output, serializerOptions(context))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('generateText accepts the prompt, and the model receives every call answered', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1 }),
        arbitraryContext,
        async (events, options) => {
          const { messages } = normalizeSessionEvents(events);
          const context = contextOf(options);
          const prompt = toAiSdkPrompt(
            projectToModel(messages, context).messages,
            serializerOptions(context),
          );
          // A history with nothing but system text has no conversation to send: the AI SDK refuses it.
          fc.pre(prompt.messages.length > 0);
          const seen = await promptSeenByMockModel(prompt);
          expect(languageModelPromptViolations(seen, serializerOptions(context))).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the request @ai-sdk/anthropic sends breaks none of Anthropic’s rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1 }),
        arbitraryContext,
        async (events, options) => {
          const { messages } = normalizeSessionEvents(events);
          const context = { ...contextOf(options), provider: 'anthropic' };
          const prompt = toAiSdkPrompt(projectToModel(messages, context).messages, {
            provider: 'anthropic',
          });
          fc.pre(prompt.messages.length > 0);
          const body = await captureAnthropicRequest(prompt);
          expect(anthropicRequestViolations(body)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
