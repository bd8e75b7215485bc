import * as fc from 'fast-check';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import { toAiSdkPrompt } from '@agent-ledger/ai-sdk';
import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { projectToModel, type ProjectionContext } from '@agent-ledger/projections';
import { arbitrarySessionHistory } from '@agent-ledger/testing';

/**
 * What the runtime meant, checked on generated histories (approvals granted and denied, dangling
 * calls, orphan results, reasoning as strings and parts, system notes before and after
 * compactions, hand-offs) for every provider, on the `{ system, messages }` a runtime passes to
 * `generateText`. Each reasoning text carries a marker, so where it lands can be told.
 */
const providers = [undefined, 'anthropic', 'openai', 'openai.chat', 'google'] as const;

const arbitraryContext = fc.record({
  provider: fc.constantFrom(...providers),
  includeReasoning: fc.option(fc.boolean(), { nil: undefined }),
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

const REASONING_MARKER = '⟦reasoning';

/** The history with every reasoning text replaced by a unique marker. */
function markReasoning(events: readonly SessionEvent[]): SessionEvent[] {
  return events.map((event, index): SessionEvent => {
    if (event.type !== 'AssistantReasoningRecorded') return event;
    const content = event.data.content;
    return {
      ...event,
      data: {
        ...event.data,
        content:
          typeof content === 'string'
            ? `${REASONING_MARKER}-${index}⟧`
            : content.map((part, partIndex) => ({
                ...part,
                text: `${REASONING_MARKER}-${index}-${partIndex}⟧`,
              })),
      },
    };
  });
}

function prompt(events: readonly SessionEvent[], options: ContextOptions) {
  const { messages } = normalizeSessionEvents(markReasoning(events));
  const context = contextOf(options);
  const model = projectToModel(messages, context);
  return {
    messages,
    prompt: toAiSdkPrompt(model.messages, { provider: options.provider }),
  };
}

/** Every visible text the prompt holds: system text, string contents, text parts, tool outputs. */
function visibleTexts(messages: readonly AiSdkModelMessage[]): string[] {
  return messages.flatMap((message): string[] => {
    if (typeof message.content === 'string') return [message.content];
    return message.content.flatMap((part): string[] => {
      if (part.type === 'text') return [part.text];
      if (part.type === 'tool-result') return [JSON.stringify(part.output)];
      return [];
    });
  });
}

/** The system prompt the runtime meant: the eligible system notes it recorded before anything else. */
function leadingSystemNotes(messages: readonly RuntimeMessage[]): string[] {
  const eligible = messages.filter(
    (message) => message.metadata?.eligibleForModelContext !== false,
  );
  const firstOther = eligible.findIndex((message) => message.kind !== 'system_note');
  return eligible
    .slice(0, firstOther === -1 ? eligible.length : firstOther)
    .flatMap((message) =>
      message.kind === 'system_note' && message.content.trim() !== '' ? [message.content] : [],
    );
}

describe('the model context means what the runtime meant, for every provider', () => {
  it('puts no system message inside messages, for any provider', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { prompt: result } = prompt(events, options);
        expect(result.messages.filter((message) => message.role === 'system')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the system prompt in `system`, compaction or not', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { messages, prompt: result } = prompt(events, options);
        if (result.messages.length === 0) return;
        for (const note of leadingSystemNotes(messages)) {
          expect(result.system ?? '').toContain(note);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never sends reasoning as visible text', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { prompt: result } = prompt(events, options);
        const texts = [result.system ?? '', ...visibleTexts(result.messages)];
        expect(texts.filter((text) => text.includes(REASONING_MARKER))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('sends a provider only reasoning its own family signed', () => {
    const signatureKey = { anthropic: 'anthropic', openai: 'openai', google: 'google' } as const;
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { prompt: result } = prompt(events, options);
        const reasoning = result.messages.flatMap((message) =>
          message.role === 'assistant' && typeof message.content !== 'string'
            ? message.content.filter((part) => part.type === 'reasoning')
            : [],
        );
        if (options.provider === undefined) return;
        if (options.provider === 'openai.chat') {
          expect(reasoning).toEqual([]);
          return;
        }
        const key = signatureKey[options.provider];
        for (const part of reasoning)
          expect(Object.keys(part.providerOptions ?? {})).toContain(key);
      }),
      { numRuns: 300 },
    );
  });

  it('claims no interruption: a synthetic result says only that no result was recorded', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), arbitraryContext, (events, options) => {
        const { prompt: result } = prompt(events, options);
        const texts = visibleTexts(result.messages).map((text) => text.toLowerCase());
        expect(texts.filter((text) => text.includes('interrupted'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
