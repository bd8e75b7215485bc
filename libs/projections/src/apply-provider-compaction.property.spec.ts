import fc from 'fast-check';
import { applyProviderCompaction, type ProviderCompactionFacts } from './apply-provider-compaction';
import type { ModelMessage } from './types';

const item = {
  type: 'text' as const,
  text: '',
  providerOptions: { openai: { type: 'compaction', encryptedContent: 'gAAAA' } },
};

function text(id: string, role: 'user' | 'assistant'): ModelMessage {
  return {
    view: 'model',
    role,
    semanticType: role === 'user' ? 'user_input' : 'assistant_text',
    sourceMessageIds: [id],
    content: `text of ${id}`,
  };
}

/**
 * A view of an OpenAI compaction: messages before the item, the item, then copies of some of the
 * covered messages (the ones the compaction kept) and new messages, interleaved.
 */
const compactedView = fc
  .record({
    coveredRoles: fc.array(fc.constantFrom<'user' | 'assistant'>('user', 'assistant'), {
      maxLength: 8,
    }),
    kept: fc.array(fc.nat(), { maxLength: 4 }),
    newRoles: fc.array(fc.constantFrom<'user' | 'assistant'>('user', 'assistant'), {
      maxLength: 4,
    }),
    seed: fc.nat(),
  })
  .map(({ coveredRoles, kept, newRoles, seed }) => {
    const covered = coveredRoles.map((role, index) => text(`c${index}`, role));
    const copies =
      covered.length === 0
        ? []
        : [...new Set(kept.map((index) => index % covered.length))].map((index, order) => ({
            ...(covered[index] as ModelMessage),
            sourceMessageIds: [`k${order}`],
          }));
    const fresh = newRoles.map((role, index) => text(`n${index}`, role));
    // Interleave copies and new messages, each in its own order, by the seed's bits.
    const after: ModelMessage[] = [];
    let bits = seed;
    while (copies.length > 0 || fresh.length > 0) {
      const takeCopy = fresh.length === 0 || (copies.length > 0 && bits % 2 === 0);
      after.push((takeCopy ? copies.shift() : fresh.shift()) as ModelMessage);
      bits = Math.floor(bits / 2);
    }
    const artifact: ModelMessage = {
      view: 'model',
      role: 'assistant',
      semanticType: 'assistant_text',
      sourceMessageIds: ['item'],
      content: [item],
    };
    const retainedMessageIds = after
      .flatMap((message) => message.sourceMessageIds)
      .filter((id) => id.startsWith('k'));
    const compaction: ProviderCompactionFacts = {
      compactionId: 'item',
      family: 'openai',
      artifactMessageId: 'item',
      retainedMessageIds,
    };
    return { view: [...covered, artifact, ...after], covered, after, compaction };
  });

const idsOf = (messages: readonly ModelMessage[]) =>
  messages.flatMap((message) => message.sourceMessageIds);

describe('applyProviderCompaction, for every OpenAI compaction with kept copies', () => {
  it('OpenAI is sent the item and everything after it, none of the covered messages', () => {
    fc.assert(
      fc.property(compactedView, ({ view, after, compaction }) => {
        const sent = applyProviderCompaction(view, compaction, 'openai').messages;
        expect(idsOf(sent)).toEqual(['item', ...idsOf(after)]);
      }),
    );
  });

  it('any other provider is sent each covered message once, the new ones, and no item or copy', () => {
    fc.assert(
      fc.property(
        compactedView,
        fc.constantFrom('anthropic', 'google', undefined),
        ({ view, covered, after, compaction }, provider) => {
          const sent = applyProviderCompaction(view, compaction, provider).messages;
          const fresh = idsOf(after).filter((id) => id.startsWith('n'));
          expect(idsOf(sent)).toEqual([...idsOf(covered), ...fresh]);
          expect(JSON.stringify(sent)).not.toContain('gAAAA');
        },
      ),
    );
  });
});
