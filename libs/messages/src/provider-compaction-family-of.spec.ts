import { providerCompactionFamilyOf } from './provider-compaction-family-of';

describe('providerCompactionFamilyOf', () => {
  it("names Anthropic's compaction block and OpenAI's compaction item by their provider options", () => {
    expect(
      providerCompactionFamilyOf({
        type: 'text',
        text: 'The user asked to fix login.',
        providerOptions: { anthropic: { type: 'compaction' } },
      }),
    ).toBe('anthropic');
    expect(
      providerCompactionFamilyOf({
        type: 'text',
        text: '',
        providerOptions: { openai: { type: 'compaction', encryptedContent: 'gAAAA' } },
      }),
    ).toBe('openai');
  });

  it('is undefined for any other text part', () => {
    expect(providerCompactionFamilyOf({ type: 'text', text: 'Done.' })).toBeUndefined();
    expect(
      providerCompactionFamilyOf({
        type: 'text',
        text: 'Done.',
        providerOptions: { openai: { itemId: 'msg_1' } },
      }),
    ).toBeUndefined();
  });
});
