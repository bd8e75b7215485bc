import { providerCapabilitiesOf } from './provider-capabilities-of';

describe('providerCapabilitiesOf', () => {
  it.each([
    ['anthropic', 'anthropic'],
    ['anthropic.messages', 'anthropic'],
    ['openai', 'openai-responses'],
    ['openai.responses', 'openai-responses'],
    ['azure', 'openai-responses'],
    ['azure.responses', 'openai-responses'],
    ['openai.chat', 'openai-chat'],
    ['azure.chat', 'openai-chat'],
    ['google', 'google'],
    ['google.generative-ai', 'google'],
    ['google-vertex', 'google'],
    ['vertex', 'google'],
    [' OpenAI.Chat ', 'openai-chat'],
    ['Google.Generative-AI', 'google'],
  ])('%s reads the %s table', (provider, family) => {
    expect(providerCapabilitiesOf(provider)?.family).toEqual(family);
  });

  it.each([
    [undefined],
    [''],
    ['mistral'],
    ['openai.completion'],
    ['anthropic.bedrock'],
    ['constructor'],
    ['__proto__'],
  ])('%s has no table: every attachment is kept', (provider) => {
    expect(providerCapabilitiesOf(provider)).toBeUndefined();
  });

  it('reads reasoning provider options under the name each adapter uses', () => {
    expect(
      ['anthropic', 'openai', 'azure', 'openai.chat', 'google'].map(
        (provider) => providerCapabilitiesOf(provider)?.reasoning,
      ),
    ).toEqual([
      {
        sends: 'signed',
        providerOptionsKey: 'anthropic',
        requiredFields: ['signature', 'redactedData'],
      },
      {
        sends: 'signed',
        providerOptionsKey: 'openai',
        requiredFields: ['itemId', 'reasoningEncryptedContent'],
      },
      {
        sends: 'signed',
        providerOptionsKey: 'azure',
        requiredFields: ['itemId', 'reasoningEncryptedContent'],
      },
      { sends: 'none' },
      { sends: 'all', providerOptionsKey: 'google', signatureField: 'thoughtSignature' },
    ]);
  });

  it('says where system messages and turn order are free', () => {
    expect(
      ['anthropic', 'openai', 'openai.chat', 'google'].map((provider) => {
        const table = providerCapabilitiesOf(provider);
        return [provider, table?.systemInMessages, table?.strictTurns];
      }),
    ).toEqual([
      ['anthropic', false, true],
      ['openai', true, false],
      ['openai.chat', true, false],
      ['google', false, true],
    ]);
  });
});
