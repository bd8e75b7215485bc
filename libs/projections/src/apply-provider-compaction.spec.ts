import { applyProviderCompaction, type ProviderCompactionFacts } from './apply-provider-compaction';
import type { ModelMessage } from './types';

const system: ModelMessage = {
  view: 'model',
  role: 'system',
  semanticType: 'system_note',
  sourceMessageIds: ['m1'],
  content: 'You are a coding agent.',
};
const ask: ModelMessage = {
  view: 'model',
  role: 'user',
  semanticType: 'user_input',
  sourceMessageIds: ['m2'],
  content: 'Fix login.',
};
const block = {
  type: 'text' as const,
  text: 'The user asked to fix login.',
  providerOptions: { anthropic: { type: 'compaction' } },
};
const compacted: ModelMessage = {
  view: 'model',
  role: 'assistant',
  semanticType: 'assistant_text',
  sourceMessageIds: ['g2:0'],
  content: [block, { type: 'text', text: 'Done.' }],
};
const next: ModelMessage = {
  view: 'model',
  role: 'user',
  semanticType: 'user_input',
  sourceMessageIds: ['m3'],
  content: 'Thanks; now logout.',
};
const view = [system, ask, compacted, next];
const anthropicCompaction: ProviderCompactionFacts = {
  compactionId: 'g2:0',
  family: 'anthropic',
  artifactMessageId: 'g2:0',
  summary: 'The user asked to fix login.',
};
const withoutBlock: ModelMessage = { ...compacted, content: [{ type: 'text', text: 'Done.' }] };

describe('applyProviderCompaction', () => {
  it('for the family that made it: the artifact replaces the covered messages, system text kept', () => {
    expect(applyProviderCompaction(view, anthropicCompaction, 'anthropic.messages')).toEqual({
      messages: [system, compacted, next],
      diagnostics: {
        compactionId: 'g2:0',
        family: 'anthropic',
        sentAs: 'artifact',
        coveredMessageIds: ['m2'],
      },
    });
  });

  it('for another provider: the readable summary replaces the covered messages, the block is taken out', () => {
    expect(applyProviderCompaction(view, anthropicCompaction, 'openai.responses')).toEqual({
      messages: [
        system,
        {
          view: 'model',
          role: 'user',
          semanticType: 'compact_summary',
          sourceMessageIds: ['g2:0'],
          content: 'The user asked to fix login.',
        },
        withoutBlock,
        next,
      ],
      diagnostics: {
        compactionId: 'g2:0',
        family: 'anthropic',
        sentAs: 'summary',
        coveredMessageIds: ['m2'],
      },
    });
  });

  it('for another provider, an artifact with no readable summary: the covered messages stay', () => {
    const { summary: _summary, ...unreadable } = anthropicCompaction;
    expect(applyProviderCompaction(view, unreadable, 'google.generative-ai')).toEqual({
      messages: [system, ask, withoutBlock, next],
      diagnostics: {
        compactionId: 'g2:0',
        family: 'anthropic',
        sentAs: 'none',
        coveredMessageIds: [],
      },
    });
  });

  it('without a recorded compaction: artifact parts reach only the family that reads them', () => {
    expect(applyProviderCompaction(view, undefined, 'openai.responses')).toEqual({
      messages: [system, ask, withoutBlock, next],
    });
    expect(applyProviderCompaction(view, undefined, 'anthropic.messages')).toEqual({
      messages: view,
    });
  });

  describe('an OpenAI compaction item and the copy of a covered message it keeps', () => {
    const item = {
      type: 'text' as const,
      text: '',
      providerOptions: {
        openai: { type: 'compaction', encryptedContent: 'gAAAA', itemId: 'cmp_1' },
      },
    };
    const artifact: ModelMessage = {
      view: 'model',
      role: 'assistant',
      semanticType: 'assistant_text',
      sourceMessageIds: ['oai-3'],
      content: [item],
    };
    const copy: ModelMessage = { ...ask, sourceMessageIds: ['oai-4'] };
    const openaiView = [system, ask, artifact, copy, next];
    const openaiCompaction: ProviderCompactionFacts = {
      compactionId: 'oai-3',
      family: 'openai',
      artifactMessageId: 'oai-3',
      retainedMessageIds: ['oai-4'],
    };

    it('for OpenAI: the item and the copy, not the covered message', () => {
      expect(applyProviderCompaction(openaiView, openaiCompaction, 'openai')).toEqual({
        messages: [system, artifact, copy, next],
        diagnostics: {
          compactionId: 'oai-3',
          family: 'openai',
          sentAs: 'artifact',
          coveredMessageIds: ['m2'],
        },
      });
    });

    it('for another provider: the covered message once, neither the item nor the copy', () => {
      expect(applyProviderCompaction(openaiView, openaiCompaction, 'anthropic')).toEqual({
        messages: [system, ask, next],
        diagnostics: {
          compactionId: 'oai-3',
          family: 'openai',
          sentAs: 'none',
          coveredMessageIds: [],
          omittedRetainedMessageIds: ['oai-4'],
        },
      });
      expect(applyProviderCompaction(openaiView, openaiCompaction, undefined).messages).toEqual([
        system,
        ask,
        next,
      ]);
    });

    // OpenAI's compacted output (`responses.compact`) lists the user messages it keeps, then its item.
    const compactedOutputView = [system, ask, copy, artifact, next];

    it('for OpenAI, the copy before the item (its compacted output): from the item on, as the Agents SDK sends its items', () => {
      expect(applyProviderCompaction(compactedOutputView, openaiCompaction, 'openai')).toEqual({
        messages: [system, artifact, next],
        diagnostics: {
          compactionId: 'oai-3',
          family: 'openai',
          sentAs: 'artifact',
          coveredMessageIds: ['m2', 'oai-4'],
        },
      });
    });

    it('a second compaction: OpenAI is sent its item only; another provider the original once, neither copy', () => {
      const secondArtifact: ModelMessage = { ...artifact, sourceMessageIds: ['oai-6'] };
      const secondCopy: ModelMessage = { ...ask, sourceMessageIds: ['oai-5'] };
      const twice = [system, ask, copy, artifact, next, secondCopy, secondArtifact];
      const second: ProviderCompactionFacts = {
        compactionId: 'oai-6',
        family: 'openai',
        artifactMessageId: 'oai-6',
        retainedMessageIds: ['oai-5'],
        earlierRetainedMessageIds: ['oai-4'],
      };
      expect(applyProviderCompaction(twice, second, 'openai').messages).toEqual([
        system,
        secondArtifact,
      ]);
      expect(applyProviderCompaction(twice, second, 'anthropic').messages).toEqual([
        system,
        ask,
        next,
      ]);
    });

    it('for another provider, the copy before the item: the covered message once, neither the copy nor the item', () => {
      expect(applyProviderCompaction(compactedOutputView, openaiCompaction, 'anthropic')).toEqual({
        messages: [system, ask, next],
        diagnostics: {
          compactionId: 'oai-3',
          family: 'openai',
          sentAs: 'none',
          coveredMessageIds: [],
          omittedRetainedMessageIds: ['oai-4'],
        },
      });
    });
  });
});
